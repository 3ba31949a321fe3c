import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPost, type FindingKind } from './check-post';
import { applyFix, type Edit } from './fix';
import { groupFindings } from './group-findings';

/**
 * Properties of every fix the panel can offer, on posts put together from the words and marks the
 * check looks for: a fix changes only the spans it names, its edits never overlap, one fix takes
 * away every place of its kind, and no fix leaves a double space, a space before punctuation,
 * empty brackets or a blank line that was not there.
 */

const pieces = [
  'We',
  'shipped',
  'the page',
  'today.',
  'It worked,',
  'Our team',
  '—',
  ' — ',
  '–',
  '✅',
  '🚀 Ship',
  '→',
  '#Growth',
  '#AI',
  '#Remote',
  'https://example.com/a',
  'www.example.org/b?c=1',
  '(https://example.com/c)',
  'Read more:',
  'Link:',
  '👉',
  'at',
  '**bold**',
  '## Heading',
  '- item',
  '𝗯𝗼𝗹𝗱',
  'Thoughts?',
  ':',
  '.',
  '(',
  ')',
  'Sign up here',
  'P.S.',
  '(link in comments)',
  'is out',
  'and',
  'Agree?',
  '\t',
  '*',
  '__x__',
  '→ Next',
];
const separators = [' ', ' ', ' ', '\n', '\n\n'];

const posts = fc
  .array(fc.tuple(fc.constantFrom(...pieces), fc.constantFrom(...separators)), {
    minLength: 1,
    maxLength: 30,
  })
  .map((parts) => parts.map(([piece, separator]) => piece + separator).join(''));

/**
 * Kinds whose places their fix takes away completely. The others can reveal a new place: removing
 * a closing "Thoughts?" leaves the one before it last.
 */
const clearedByTheirFix: readonly FindingKind[] = [
  'em-dash',
  'link-in-body',
  'too-many-hashtags',
  'unicode-styling',
];

const occurrences = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
/** What a fix must not add: double spaces, spaces before punctuation, empty brackets, blank lines in a row. */
const blemishes = [/ {2}/gu, / [.,;:!?]/gu, /\([ \t]*\)/gu, /\n[ \t]*\n[ \t]*\n/gu];

function everyFix(text: string) {
  return groupFindings(text, checkPost(text)).flatMap((group) => group.fixes.map((fix) => ({ group, fix })));
}

/** The text with the edits applied front to back: the other way round from applyFix. */
function forwards(text: string, edits: readonly Edit[]): string {
  let result = '';
  let at = 0;
  for (const edit of edits) {
    result += text.slice(at, edit.start) + edit.replacement;
    at = edit.end;
  }
  return result + text.slice(at);
}

describe('every fix', () => {
  it('names edits in text order, inside the text, that never overlap', () => {
    fc.assert(
      fc.property(posts, (text) => {
        for (const { fix } of everyFix(text)) {
          let previousEnd = 0;
          for (const edit of fix.edits) {
            expect(edit.start).toBeGreaterThanOrEqual(previousEnd);
            expect(edit.end).toBeGreaterThanOrEqual(edit.start);
            expect(edit.end).toBeLessThanOrEqual(text.length);
            previousEnd = edit.end;
          }
          expect(fix.edits.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('changes nothing outside its spans, whichever end it is applied from', () => {
    fc.assert(
      fc.property(posts, (text) => {
        for (const { fix } of everyFix(text)) {
          expect(applyFix(text, fix).text).toBe(forwards(text, fix.edits));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('takes away only the places it is for, and the spaces and blank lines around them', () => {
    fc.assert(
      fc.property(posts, (text) => {
        for (const { group, fix } of everyFix(text)) {
          if (group.kind === 'link-in-body') continue;
          // What each place's own fix changes; anything else an edit covers is white space.
          const own = group.findings.flatMap((finding) => (finding.fix ? [finding.fix.edit] : []));
          for (const edit of fix.edits) {
            const inside = own.filter((place) => place.start >= edit.start && place.end <= edit.end);
            expect(inside.length).toBeGreaterThan(0);
            if (inside.length === 1 && inside[0]!.start === edit.start && inside[0]!.end === edit.end) {
              expect(edit.replacement).toBe(inside[0]!.replacement);
              continue;
            }
            expect(edit.replacement).toBe('');
            expect(forwards(text.slice(0, edit.end), inside).slice(edit.start).trim()).toBe('');
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('clears every place of its kind in one step', () => {
    fc.assert(
      fc.property(posts, (text) => {
        for (const { group, fix } of everyFix(text)) {
          if (!clearedByTheirFix.includes(group.kind)) continue;
          const after = applyFix(text, fix).text;
          expect(checkPost(after).filter((finding) => finding.kind === group.kind)).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('leaves no double space, space before punctuation, empty brackets or extra blank line', () => {
    fc.assert(
      fc.property(posts, (text) => {
        for (const { fix } of everyFix(text)) {
          const after = applyFix(text, fix).text;
          for (const blemish of blemishes) {
            expect(occurrences(after, blemish)).toBeLessThanOrEqual(occurrences(text, blemish));
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
