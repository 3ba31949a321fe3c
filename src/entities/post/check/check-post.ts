import type { Edit } from './fix';
import { asAuthorSees, type AuthorStyle } from './habits';
import { lengthFindings } from './length-findings';
import { notXButY } from './not-x-but-y';
import { repeatedSentences, type EarlierSentences } from './repeated-sentences';
import { stockPhrases, stockVocabulary } from './stock-phrases';
import { lineAfter, lineBefore, matches, spanOf } from './text-matches';

export type { AuthorStyle } from './habits';
export { authorSlack, bestLength, mobileFoldLength } from './length-findings';

/**
 * The post check (docs/product.md §5.5b): what a reader or LinkedIn would take for AI writing, and
 * what hurts a post in the feed. Deterministic and fast enough for every keystroke and streamed
 * chunk; no AI call. This module finds each place; group-findings.ts turns repeats of one kind into
 * one finding with a fix for all of them, which is what the panel shows.
 */
export const findingKinds = [
  'em-dash',
  'not-x-but-y',
  'stock-opener',
  'stock-closer',
  'stock-vocabulary',
  'rule-of-three',
  'emoji-bullets',
  'arrow-bullets',
  'unicode-styling',
  'too-many-hashtags',
  'one-line-paragraphs',
  'over-limit',
  'hook-past-fold',
  'length-outside-range',
  'link-in-body',
  'markdown-artifacts',
  'repeats-earlier-post',
] as const;

export type FindingKind = (typeof findingKinds)[number];

/**
 * A warning is something to look at. Information is a finding the author's own posts show (their
 * voice, not a sign of AI): the panel shows it apart, does not count it and offers no fix.
 */
export type Severity = 'warning' | 'info';

export interface Finding {
  kind: FindingKind;
  /** The characters it is about: text.slice(start, end). */
  start: number;
  end: number;
  message: string;
  severity: Severity;
  /**
   * The mechanical change for this place alone, when there is one. The panel's buttons combine the
   * places of one kind and tidy the lines around them (groupFindings): apply those, not this.
   */
  fix?: { label: string; edit: Edit };
}

/** A place a rule finds, before it is weighed for the author. */
export type Place = Omit<Finding, 'severity'>;

export interface CheckOptions {
  /** More hashtags than this are flagged (the user's setting; default 3). */
  maxHashtags?: number;
  /**
   * The author's own posts (authorStyle() of their voice samples): what they show is information,
   * not a warning, and length is judged against their range rather than the feed's.
   */
  author?: AuthorStyle | undefined;
  /** The author's earlier posts (earlierSentences()): a draft that repeats most of one is flagged. */
  earlier?: readonly EarlierSentences[] | undefined;
}

/** Every finding of the text, in the order of the text (whole-post findings first). */
export function checkPost(text: string, options: CheckOptions = {}): Finding[] {
  const maxHashtags = options.maxHashtags ?? 3;
  const { author } = options;
  const places = [
    ...lengthFindings(text, author?.length ?? null),
    ...dashes(text),
    ...notXButY(text),
    ...stockPhrases(text),
    ...stockVocabulary(text),
    ...ruleOfThree(text),
    ...lineBullets(text),
    ...unicodeStyling(text),
    ...hashtags(text, maxHashtags),
    ...oneLineParagraphs(text),
    ...links(text),
    ...markdown(text),
    ...repeatedSentences(text, options.earlier ?? []),
  ];
  return places
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .map((place) => asAuthorSees(text, place, author));
}

/** A fix that puts `replacement` in place of the finding's own characters. */
function inPlace(match: RegExpExecArray, label: string, replacement: string): Place['fix'] {
  return { label, edit: { ...spanOf(match), replacement } };
}

function dashes(text: string): Place[] {
  const findings: Place[] = [];
  // A run of dashes ("——", "– —") is one dash.
  for (const match of matches(text, /[ \t]*[\u2014\u2013]+(?:[ \t]+[\u2014\u2013]+)*[ \t]*/u)) {
    const before = text[match.index - 1] ?? '';
    const after = text[match.index + match[0].length] ?? '';
    // An en dash between numbers is a range (2020–2024, pages 4–7), not a dash; so is one that
    // joins two words without spaces (July–September, the London–Paris train).
    if (match[0].trim() === '\u2013' && /\d/.test(before) && /\d/.test(after)) continue;
    if (match[0] === '\u2013' && /\p{L}/u.test(before) && /\p{L}/u.test(after)) continue;
    // A dash that opens or ends a line joins nothing: it goes, rather than leave a stray comma.
    const lineEdge =
      /^[ \t]*$/u.test(lineBefore(text, match.index)) ||
      /^[ \t]*$/u.test(lineAfter(text, match.index + match[0].length));
    findings.push({
      kind: 'em-dash',
      ...spanOf(match),
      message: 'A dash like this is one of the best-known signs of AI writing.',
      fix: lineEdge ? inPlace(match, 'Remove the dash', '') : inPlace(match, 'Use a comma', ', '),
    });
  }
  return findings;
}

/** "X, Y(,) and Z", where Z ends the clause: punctuation, the end of the line or a dash follows. */
const threeWords =
  /\b[\p{L}'’-]{2,}, ([\p{L}'’-]{2,}),? and ([\p{L}'’-]{2,})(?=[ \t]*(?:[.,;:!?…)]|$|[—–]| - ))/mu;
/** Words that are not items of a list by themselves. */
const notAnItem =
  /^(?:and|or|all|so|then|more|else|too|also|the|a|an|my|your|our|their|his|her|its|this|that|these|those|some|any|other)$/iu;

const listLine = /^[ \t]*(?:\d+[.)]|[-*•])[ \t]+\S/u;

function ruleOfThree(text: string): Place[] {
  const findings: Place[] = [];
  // Three single words in a row that end the clause: "faster, cheaper, and better." Not three
  // names ("Ana, Raj and Tom", "London, Paris and Berlin": the last two capitalised), not words
  // that go on ("rent, energy and their own time", "queues, signs and people in jackets") and not
  // "warts and all".
  for (const match of matches(text, threeWords)) {
    const [second = '', third = ''] = [match[1], match[2]];
    if (/^\p{Lu}/u.test(second) && /^\p{Lu}/u.test(third)) continue;
    if (notAnItem.test(second) || notAnItem.test(third)) continue;
    findings.push({
      kind: 'rule-of-three',
      ...spanOf(match),
      message: 'Lists of exactly three ("X, Y and Z") are a habit of AI writing. Keep the ones that matter.',
    });
  }
  // A list of exactly three items.
  for (const block of listBlocks(text)) {
    if (block.count !== 3) continue;
    findings.push({
      kind: 'rule-of-three',
      start: block.start,
      end: block.end,
      message: 'A list of exactly three points is a habit of AI writing. Is each one needed?',
    });
  }
  return findings;
}

/** Runs of consecutive list lines (numbered or bulleted). */
function listBlocks(text: string): { start: number; end: number; count: number }[] {
  const blocks: { start: number; end: number; count: number }[] = [];
  let offset = 0;
  let current: { start: number; end: number; count: number } | null = null;
  for (const line of text.split('\n')) {
    if (listLine.test(line)) {
      current ??= { start: offset, end: offset, count: 0 };
      current.count += 1;
      current.end = offset + line.length;
    } else if (line.trim() !== '' || !current) {
      if (current) blocks.push(current);
      current = null;
    }
    offset += line.length + 1;
  }
  if (current) blocks.push(current);
  return blocks;
}

/** An emoji at the start of a line (a keycap such as 1️⃣ too; an arrow is an arrow bullet). */
const emojiBullet =
  /^([ \t]*)((?![➡▶►])\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic}|\p{Emoji_Modifier})*|[0-9#*]\uFE0F?\u20E3)[ \t]*/gmu;
const arrowBullet = /^([ \t]*)([→➡➜➔▶►⇒]\uFE0F?)[ \t]*/gmu;

function lineBullets(text: string): Place[] {
  const findings: Place[] = [];
  const emoji = [...matches(text, emojiBullet)];
  if (emoji.length >= 2) {
    for (const match of emoji) {
      const start = match.index + (match[1]?.length ?? 0);
      const end = match.index + match[0].length;
      findings.push({
        kind: 'emoji-bullets',
        start,
        end,
        message: 'Emoji used as bullets are a tell of AI-written posts.',
        fix: { label: 'Remove the emoji', edit: { start, end, replacement: '' } },
      });
    }
  }
  for (const match of matches(text, arrowBullet)) {
    const start = match.index + (match[1]?.length ?? 0);
    const end = match.index + match[0].length;
    findings.push({
      kind: 'arrow-bullets',
      start,
      end,
      message: 'Arrow bullets (→) are a tell of AI-written posts.',
      fix: { label: 'Remove the arrow', edit: { start, end, replacement: '' } },
    });
  }
  return findings;
}

/** Letters from Unicode's mathematical alphabets (𝗯𝗼𝗹𝗱, 𝘪𝘵𝘢𝘭𝘪𝘤), used as "formatting". */
const styledRun = /[\u{1D400}-\u{1D7FF}](?:[\u{1D400}-\u{1D7FF}\s'’"“”,.:;!?()-]*[\u{1D400}-\u{1D7FF}])?/gu;

function unicodeStyling(text: string): Place[] {
  return [...matches(text, styledRun)].map((match) => ({
    kind: 'unicode-styling' as const,
    ...spanOf(match),
    message:
      'Unicode "bold" or "italic" letters are read out one by one by screen readers, are not found by search, and count double.',
    fix: inPlace(match, 'Use plain letters', match[0].normalize('NFKC')),
  }));
}

/** A hashtag starts with a letter (so "#1" is not one). */
const hashtag = /(^|[^\p{L}\p{N}_&])(#[\p{L}_][\p{L}\p{N}_]*)/gu;

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function hashtags(text: string, max: number): Place[] {
  const tags = [...matches(text, hashtag)];
  if (tags.length <= max) return [];
  return tags.slice(max).map((match) => {
    const start = match.index + (match[1]?.length ?? 0);
    const tag = match[2] ?? '';
    const end = start + tag.length;
    // A tag among the closing tags of a line goes, with the space before it. One inside a
    // sentence ("we are #hiring engineers") loses only its "#", so the sentence still reads.
    const closing = trailingTags.test(lineAfter(text, end));
    const removeFrom = closing && text[start - 1] === ' ' ? start - 1 : start;
    const edit = closing
      ? { start: removeFrom, end, replacement: '' }
      : { start, end: start + 1, replacement: '' };
    return {
      kind: 'too-many-hashtags' as const,
      start: removeFrom,
      end,
      message:
        max === 0
          ? `${count(tags.length, 'hashtag')}: your settings ask for none.`
          : `${count(tags.length, 'hashtag')}: more than ${max} looks like a tag pile. Keep the ${max === 1 ? 'one that matters' : `${max} that matter`} most.`,
      fix: { label: `Remove ${tag}`, edit },
    };
  });
}

/** What may follow a closing tag on its line: more tags, spaces. */
const trailingTags = /^(?:[ \t]+#[\p{L}_][\p{L}\p{N}_]*)*[ \t]*$/u;

function oneLineParagraphs(text: string): Place[] {
  const paragraphs = text
    .split(/\n\s*\n/u)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '' && !/^#/u.test(paragraph));
  if (paragraphs.length < 5) return [];
  const sentences = (paragraph: string) =>
    paragraph.split(/(?<=[.!?])\s+(?=\p{Lu})|\n/u).filter((part) => part.trim() !== '').length;
  if (!paragraphs.every((paragraph) => sentences(paragraph) === 1)) return [];
  return [
    {
      kind: 'one-line-paragraphs',
      start: 0,
      end: text.length,
      message:
        'Every paragraph is a single sentence: the "broetry" rhythm of AI posts. Let some ideas run on.',
    },
  ];
}

const link = /\b(?:https?:\/\/|www\.)[^\s<>()]+[^\s<>().,!?;:'"’”]/giu;

function links(text: string): Place[] {
  return [...matches(text, link)].map((match) => ({
    kind: 'link-in-body' as const,
    ...spanOf(match),
    message: 'LinkedIn shows posts with links to fewer people. Put the link in the first comment instead.',
    // The place alone; the panel's fix also takes the words that only introduced it (link-removal.ts).
    fix: inPlace(match, 'Remove the link', ''),
  }));
}

function markdown(text: string): Place[] {
  const findings: Place[] = [];
  for (const match of matches(text, /(\*\*|__)(?=\S)([^\n]*?\S)\1/u)) {
    findings.push({
      kind: 'markdown-artifacts',
      ...spanOf(match),
      message: 'LinkedIn shows "**" as it is: it does not make text bold.',
      fix: inPlace(match, 'Remove the asterisks', match[2] ?? ''),
    });
  }
  for (const match of matches(text, /^(#{1,6}) +(?=\S)/mu)) {
    findings.push({
      kind: 'markdown-artifacts',
      ...spanOf(match),
      message: 'A "#" heading shows as a plain "#" on LinkedIn.',
      fix: inPlace(match, 'Remove the #', ''),
    });
  }
  for (const match of matches(text, /^[ \t]*[-*] +(?=\S)/mu)) {
    findings.push({
      kind: 'markdown-artifacts',
      ...spanOf(match),
      message: 'A markdown "- " bullet: LinkedIn shows it as typed. Use "•" if you want bullets.',
      fix: inPlace(match, 'Use •', '• '),
    });
  }
  return findings;
}
