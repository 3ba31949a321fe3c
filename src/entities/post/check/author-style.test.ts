import { describe, expect, it } from 'vitest';
import { authorStyle, authorStyleOf, unknownAuthor } from './author-style';
import { checkPost, type FindingKind } from './check-post';
import { groupFindings } from './group-findings';

/**
 * The check for an author with voice samples (issue 26): what their own posts show is not a
 * warning, and length is judged against their own range.
 */

const arrowPost = (topic: string, items: readonly string[], close: string) =>
  `${topic}\n\n${items.map((item) => `→ ${item}`).join('\n')}\n\n${close}`;
/** Three posts of about 180–200 characters, each with an → list (of two, three and four). */
const samples = [
  arrowPost(
    'Three things I check before a release:',
    ['the migration runs twice', 'the rollback is written down', 'someone else read the diff'],
    'Boring on purpose.',
  ),
  arrowPost(
    'What support taught me:',
    ['most tickets are one question', 'the answer is on a page nobody finds'],
    'We rewrote the page. Tickets halved.',
  ),
  arrowPost(
    'Hiring notes:',
    ['a take-home of two hours', 'we pay for it', 'everyone hears back within a week', 'no puzzles'],
    'Nobody lost to silence.',
  ),
];
const lengths = samples.map((sample) => sample.length);
const kindsOf = (text: string, author = authorStyle(samples)) =>
  checkPost(text, { author }).map((finding) => `${finding.severity} ${finding.kind}`);

describe('authorStyle', () => {
  it('knows nothing without samples, or with blank ones', () => {
    expect(authorStyle([])).toEqual(unknownAuthor);
    expect(authorStyle(['', '  \n'])).toEqual(unknownAuthor);
  });

  it("records the kinds found in at least two of the author's posts, and their length range", () => {
    expect(authorStyle(samples)).toEqual({
      samples: 3,
      kinds: ['arrow-bullets'],
      phrases: [],
      length: { min: Math.min(...lengths), max: Math.max(...lengths) },
    });
  });

  it('does not take a way of writing found in one post of several as a habit', () => {
    const withDash = [samples[0]!.replace('Boring on purpose.', 'Boring — on purpose.'), ...samples.slice(1)];
    expect(authorStyle(withDash).kinds).toEqual(['arrow-bullets']);
    const twice = [withDash[0]!, withDash[1]!.replace('We rewrote', 'We — finally — rewrote'), withDash[2]!];
    expect(authorStyle(twice).kinds).toEqual(['em-dash', 'arrow-bullets']);
  });

  it('takes what the only sample shows, when there is one', () => {
    expect(authorStyle([samples[0]!]).kinds).toEqual(['arrow-bullets']);
    expect(authorStyle([samples[0]!]).length).toEqual({ min: lengths[0], max: lengths[0] });
  });

  it('keeps stock phrases one by one: an author who ends on "Thoughts?" still hears about "delve"', () => {
    const endsOnThoughts = samples.map((sample) => `${sample}\n\nThoughts?`);
    const style = authorStyle(endsOnThoughts);
    expect(style.phrases).toEqual(['thoughts']);
    const text = `${endsOnThoughts[0]!.replace('Boring on purpose.', 'We delve into it.')}`;
    const found = checkPost(text, { author: style }).map((f) => [
      f.severity,
      f.kind,
      text.slice(f.start, f.end),
    ]);
    expect(found).toContainEqual(['info', 'stock-closer', 'Thoughts?']);
    expect(found).toContainEqual(['warning', 'stock-vocabulary', 'delve']);
  });

  it('never makes a habit of what is about LinkedIn, the settings or screen readers', () => {
    const noisy = samples.map((sample) => `${sample} **bold** 𝗯𝗼𝗹𝗱 https://example.com #a #b #c #d #e`);
    const notVoice: FindingKind[] = [
      'markdown-artifacts',
      'unicode-styling',
      'link-in-body',
      'too-many-hashtags',
    ];
    expect(authorStyle(noisy).kinds.filter((kind) => notVoice.includes(kind))).toEqual([]);
  });
});

describe('checkPost with the author', () => {
  const inTheirStyle = arrowPost(
    'Before a migration I ask:',
    ['does it run twice without harm', 'who rolls it back at 2am', 'has someone else read it'],
    'Slow is smooth.',
  );

  it("shows the author's → list as information, where anyone else gets warnings", () => {
    expect(kindsOf(inTheirStyle, unknownAuthor).filter((kind) => kind.startsWith('warning'))).toEqual([
      'warning length-outside-range',
      'warning arrow-bullets',
      'warning arrow-bullets',
      'warning arrow-bullets',
    ]);
    expect(kindsOf(inTheirStyle)).toEqual(['info arrow-bullets', 'info arrow-bullets', 'info arrow-bullets']);
  });

  it('says so in the message, with no fix, grouped once', () => {
    const text = inTheirStyle;
    const findings = checkPost(text, { author: authorStyle(samples) });
    expect(findings[0]).toEqual({
      kind: 'arrow-bullets',
      severity: 'info',
      start: findings[0]!.start,
      end: findings[0]!.end,
      message: '→ arrows as bullets: you use these in your own posts, so they are left as they are.',
    });
    expect(groupFindings(text, findings)).toEqual([
      {
        kind: 'arrow-bullets',
        severity: 'info',
        message: '→ arrows as bullets: you use these in your own posts, so they are left as they are.',
        findings,
        fixes: [],
      },
    ]);
  });

  it('keeps warnings and habits of one kind in groups of their own', () => {
    const style = authorStyle(samples.map((sample) => `${sample} Thoughts?`));
    const text = `${inTheirStyle} Let that sink in. Thoughts?`;
    const groups = groupFindings(text, checkPost(text, { author: style }));
    expect(groups.map((group) => [group.severity, group.kind, group.fixes.length])).toEqual([
      ['info', 'arrow-bullets', 0],
      ['warning', 'stock-closer', 0],
      ['info', 'stock-closer', 0],
    ]);
  });

  describe('length against their own range', () => {
    const style = authorStyle(samples);
    const { min, max } = style.length!;
    // One line: the fold is another finding, left out here.
    const sized = (length: number) => 'a'.repeat(length);
    const lengthMessages = (length: number) =>
      checkPost(sized(length), { author: style })
        .filter((finding) => finding.kind === 'length-outside-range')
        .map((finding) => finding.message);

    it('says nothing from 0.7 × their shortest to 1.3 × their longest', () => {
      expect(lengthMessages(Math.ceil(min * 0.7))).toEqual([]);
      expect(lengthMessages(Math.floor(max * 1.3))).toEqual([]);
    });

    it('names their usual range past it, as a warning', () => {
      expect(lengthMessages(Math.floor(max * 1.3) + 1)).toEqual([
        `${Math.floor(max * 1.3) + 1} characters: much longer than you usually write (your own posts run ${min} to ${max} characters).`,
      ]);
      expect(lengthMessages(1000)[0]).toMatch(/^1,000 characters: much longer than you usually write/);
      expect(lengthMessages(Math.ceil(min * 0.7) - 1)[0]).toMatch(/much shorter than you usually write/);
      expect(checkPost(sized(1000), { author: style })[0]?.severity).toBe('warning');
    });

    it('with one sample, names its length', () => {
      const one = authorStyle([samples[0]!]);
      expect(
        checkPost(sized(1000), { author: one }).find((finding) => finding.kind === 'length-outside-range')
          ?.message,
      ).toBe(
        `1,000 characters: much longer than you usually write (your own post is ${lengths[0]} characters).`,
      );
    });

    it('keeps the feed range for an author without samples, and the limit for everyone', () => {
      expect(checkPost(sized(400), { author: unknownAuthor })[0]?.message).toBe(
        '400 characters: posts of 900 to 1,500 characters tend to do best.',
      );
      expect(checkPost(sized(3001), { author: style }).map((finding) => finding.kind)).toEqual([
        'over-limit',
        'hook-past-fold',
      ]);
    });
  });
});

describe('authorStyleOf', () => {
  it('works out the style once for the same words, and again when they change', () => {
    const first = authorStyleOf([...samples]);
    expect(authorStyleOf([...samples])).toBe(first);
    expect(authorStyleOf(samples.slice(1))).not.toBe(first);
    expect(authorStyleOf(samples.slice(1))).toEqual(authorStyle(samples.slice(1)));
  });
});
