import { describe, expect, it } from 'vitest';
import { checkPost, type CheckOptions, type Finding, type FindingKind } from './check-post';
import { applyFix } from './fix';
import { groupFindings } from './group-findings';

/**
 * Exact findings: the kind, the characters each one covers, the words the user reads and the fix a
 * button applies, on small texts built for each kind, and both sides of every boundary. The broader
 * behaviour (what is flagged at all) is in check-post.test.ts.
 */

const only = (text: string, kind: FindingKind, options: CheckOptions = {}) =>
  checkPost(text, options).filter((finding) => finding.kind === kind);
/** The text after the panel's fix of these places of one kind (the text as it is without one). */
const fixed = (text: string, places: Finding[]) => {
  const fix = groupFindings(text, places)[0]?.fixes[0];
  return fix ? applyFix(text, fix).text : text;
};

/** A text of exactly `length` characters whose first line (99 characters) stays above the fold. */
const sized = (length: number) => `${'a'.repeat(99)}\n${'a'.repeat(length - 100)}`;
/** A 1,000-character text whose first line is `hook` characters long. */
const hooked = (hook: number) => `${'a'.repeat(hook)}\n${'b'.repeat(999 - hook)}`;

const dashMessage = 'A dash like this is one of the best-known signs of AI writing.';
const notXMessage = '"It\'s not X, it\'s Y" is a pattern readers now spot as AI. Say what it is.';
const threeWordsMessage =
  'Lists of exactly three ("X, Y and Z") are a habit of AI writing. Keep the ones that matter.';
const threePointsMessage = 'A list of exactly three points is a habit of AI writing. Is each one needed?';
const emojiMessage = 'Emoji used as bullets are a tell of AI-written posts.';
const broetryMessage =
  'Every paragraph is a single sentence: the "broetry" rhythm of AI posts. Let some ideas run on.';

const dash = (start: number, end: number): Finding => ({
  kind: 'em-dash',
  severity: 'warning',
  start,
  end,
  message: dashMessage,
  fix: { label: 'Use a comma', edit: { start, end, replacement: ', ' } },
});

describe('checkPost, exactly', () => {
  describe('length', () => {
    it('calls 599 characters far too short, but not 600', () => {
      expect(checkPost(sized(599))).toEqual([
        {
          kind: 'length-outside-range',
          severity: 'warning',
          start: 0,
          end: 599,
          message: '599 characters: posts of 900 to 1,500 characters tend to do best.',
        },
      ]);
      expect(checkPost(sized(600))).toEqual([]);
    });

    it('calls 2,001 characters far too long, but not 2,000', () => {
      expect(checkPost(sized(2000))).toEqual([]);
      expect(checkPost(sized(2001))).toEqual([
        {
          kind: 'length-outside-range',
          severity: 'warning',
          start: 0,
          end: 2001,
          message: '2,001 characters: posts of 900 to 1,500 characters tend to do best.',
        },
      ]);
    });

    it('says a post over the limit is over the limit, and only that', () => {
      expect(checkPost(sized(3001))).toEqual([
        {
          kind: 'over-limit',
          severity: 'warning',
          start: 0,
          end: 3001,
          message: '3,001 characters: LinkedIn takes at most 3,000 (emoji and styled letters count 2).',
        },
      ]);
    });

    it('says nothing about a text of blank lines and spaces', () => {
      expect(checkPost('  \n\n \t \n')).toEqual([]);
    });
  });

  describe('hook past the fold', () => {
    const fold = (end: number, where: string): Finding => ({
      kind: 'hook-past-fold',
      severity: 'warning',
      start: 0,
      end,
      message: `The first line runs past the "…see more" fold ${where}: break it after the hook (about 140 characters).`,
    });

    it('lets a first line of 140 characters through and flags one of 141 on phones', () => {
      expect(checkPost(hooked(140))).toEqual([]);
      expect(checkPost(hooked(141))).toEqual([fold(141, 'on phones')]);
    });

    it('says a first line of 211 characters also runs past the desktop fold, but not one of 210', () => {
      expect(checkPost(hooked(210))).toEqual([fold(210, 'on phones')]);
      expect(checkPost(hooked(211))).toEqual([fold(211, 'on desktop and on phones')]);
    });

    it('takes a post without a line break as one long first line', () => {
      expect(checkPost('a'.repeat(700))).toEqual([fold(700, 'on desktop and on phones')]);
    });

    it('does not flag a post that opens with a blank line', () => {
      expect(checkPost(`\n${'a'.repeat(700)}`)).toEqual([]);
    });

    it('lists the fold (the shorter range) before the length when both start the post', () => {
      const text = `${'a'.repeat(150)}\nb`;
      expect(checkPost(text)).toEqual([
        fold(150, 'on phones'),
        {
          kind: 'length-outside-range',
          severity: 'warning',
          start: 0,
          end: 152,
          message: '152 characters: posts of 900 to 1,500 characters tend to do best.',
        },
      ]);
    });
  });

  describe('em-dash', () => {
    it('the em dash fix replaces " — " with ", " and keeps the words', () => {
      const text = 'We shipped — finally.';
      const found = only(text, 'em-dash');
      expect(found).toEqual([dash(10, 13)]);
      expect(fixed(text, found)).toBe('We shipped, finally.');
    });

    it('turns a dash without spaces, or with a space on one side, into a comma and a space', () => {
      const text = 'Ship small—then measure.';
      expect(only(text, 'em-dash')).toEqual([dash(10, 11)]);
      expect(fixed(text, [dash(10, 11)])).toBe('Ship small, then measure.');
      expect(only('Ship small —then measure.', 'em-dash')).toEqual([dash(10, 12)]);
      expect(only('Ship small– then measure.', 'em-dash')).toEqual([dash(10, 12)]);
    });

    it('takes an en dash between years as a range, with or without spaces', () => {
      expect(only('From 2019–2021 we grew.', 'em-dash')).toEqual([]);
      expect(only('From 2019 – 2021 we grew.', 'em-dash')).toEqual([]);
    });

    it('flags an en dash with a number on one side only, and an em dash even between numbers', () => {
      expect(only('From 2019 – and for years', 'em-dash')).toEqual([dash(9, 12)]);
      expect(only('Sales up 40%–2021 was good', 'em-dash')).toEqual([dash(12, 13)]);
      expect(only('From 2019—2021 we grew.', 'em-dash')).toEqual([dash(9, 10)]);
      expect(only('– 5 things', 'em-dash')).toEqual([
        {
          ...dash(0, 2),
          fix: { label: 'Remove the dash', edit: { start: 0, end: 2, replacement: '' } },
        },
      ]);
    });
  });

  describe('not-x-but-y', () => {
    const pattern = (start: number, end: number): Finding => ({
      kind: 'not-x-but-y',
      severity: 'warning',
      start,
      end,
      message: notXMessage,
    });

    it('covers "it\'s not X, it\'s" up to the second subject', () => {
      expect(only("It's not a tool, it's a mindset.", 'not-x-but-y')).toEqual([pattern(0, 21)]);
      expect(only('It’s not luck; it’s work.', 'not-x-but-y')).toEqual([pattern(0, 19)]);
      expect(only("It's not luck,it's work.", 'not-x-but-y')).toEqual([pattern(0, 18)]);
    });

    it('covers "not just X, but" with or without the comma, and the "also" after it', () => {
      expect(only('Leadership is not just a title, but a duty.', 'not-x-but-y')).toEqual([pattern(14, 36)]);
      expect(only('It was not only fast but also cheap.', 'not-x-but-y')).toEqual([pattern(7, 30)]);
    });

    it('has no fix, so applying it leaves the text as it is', () => {
      const text = "It's not a tool, it's a mindset.";
      expect(groupFindings(text, only(text, 'not-x-but-y'))[0]!.fixes).toEqual([]);
    });
  });

  describe('stock openers and closers', () => {
    it('quotes the opener as written, at each place it occurs', () => {
      expect(only('Picture this: a Monday.', 'stock-opener')).toEqual([
        {
          kind: 'stock-opener',
          severity: 'warning',
          start: 0,
          end: 13,
          message: '"Picture this:" is a stock opener. Start with something only you would say.',
        },
      ]);
      expect(only("Let’s dive in, and let's dive in again.", 'stock-opener')).toEqual([
        {
          kind: 'stock-opener',
          severity: 'warning',
          start: 0,
          end: 13,
          message: '"Let’s dive in" is a stock opener. Start with something only you would say.',
        },
        {
          kind: 'stock-opener',
          severity: 'warning',
          start: 19,
          end: 32,
          message: '"let\'s dive in" is a stock opener. Start with something only you would say.',
        },
      ]);
    });

    it('quotes a stock closer, with no fix, wherever it is', () => {
      expect(only('Let that sink in. Or not.', 'stock-closer')).toEqual([
        {
          kind: 'stock-closer',
          severity: 'warning',
          start: 0,
          end: 16,
          message: '"Let that sink in" is a stock line readers skip.',
        },
      ]);
      expect(only('Ship less. Food for thought.', 'stock-closer')).toEqual([
        {
          kind: 'stock-closer',
          severity: 'warning',
          start: 11,
          end: 27,
          message: '"Food for thought" is a stock line readers skip.',
        },
      ]);
    });

    const bait = (start: number, last: string): Finding => ({
      kind: 'stock-closer',
      severity: 'warning',
      start,
      end: start + last.length,
      message: `Ending on "${last}" alone reads as engagement bait. Ask something specific, or end on your point.`,
      fix: { label: `Remove "${last}"`, edit: { start, end: start + last.length, replacement: '' } },
    });

    it('covers just the bait words of the last paragraph, with a line break or spaces around them', () => {
      const text = 'We shipped it.\n\nAgree?\n';
      expect(only(text, 'stock-closer')).toEqual([bait(16, 'Agree?')]);
      // The paragraph goes with the blank line before it; the line break that ended the post stays.
      expect(fixed(text, [bait(16, 'Agree?')])).toBe('We shipped it.\n');
      expect(only('We shipped it.\n\n  What do you think?  \n\n', 'stock-closer')).toEqual([
        bait(18, 'What do you think?'),
      ]);
    });

    it('flags a post that is nothing but "Thoughts?", and not bait that comes first', () => {
      expect(only('Thoughts?', 'stock-closer')).toEqual([bait(0, 'Thoughts?')]);
      expect(only('Thoughts?\n\nWe shipped it.', 'stock-closer')).toEqual([]);
    });
  });

  describe('stock-vocabulary', () => {
    const word = (start: number, quoted: string): Finding => ({
      kind: 'stock-vocabulary',
      severity: 'warning',
      start,
      end: start + quoted.length,
      message: `"${quoted}" is stock AI vocabulary. Use the plain word you would say out loud.`,
    });

    it('quotes "leverage" alone, not the word after it', () => {
      expect(only('We leverage our data.', 'stock-vocabulary')).toEqual([word(3, 'leverage')]);
      expect(only('We leveraged AI early.', 'stock-vocabulary')).toEqual([word(3, 'leveraged')]);
    });

    it('quotes a stock phrase of two or more words whole, not its first word', () => {
      expect(only('A game changer, cutting edge. We navigate the complexities.', 'stock-vocabulary')).toEqual(
        [word(2, 'game changer'), word(16, 'cutting edge'), word(33, 'navigate the complexities')],
      );
    });
  });

  describe('rule-of-three', () => {
    const three = (start: number, end: number): Finding => ({
      kind: 'rule-of-three',
      severity: 'warning',
      start,
      end,
      message: threeWordsMessage,
    });

    it('covers three words in a row, with or without the Oxford comma', () => {
      expect(only('It made us faster, cheaper and calmer.', 'rule-of-three')).toEqual([three(11, 37)]);
      expect(only('It made us faster, cheaper, and calmer.', 'rule-of-three')).toEqual([three(11, 38)]);
    });

    it('counts two-letter words but not single letters', () => {
      expect(only('We hired ux, qa and ops.', 'rule-of-three')).toEqual([three(9, 23)]);
      expect(only('Pick a, b and c.', 'rule-of-three')).toEqual([]);
    });

    it('covers a list of three from its first to its last point, blank lines between points included', () => {
      const points = (start: number, end: number): Finding => ({
        kind: 'rule-of-three',
        severity: 'warning',
        start,
        end,
        message: threePointsMessage,
      });
      expect(only('Intro\n1. Read\n\n2. Write\n3. Ship\nOutro', 'rule-of-three')).toEqual([points(6, 31)]);
      expect(only('Steps:\n• Read\n• Write\n• Ship', 'rule-of-three')).toEqual([points(7, 28)]);
    });

    it('keeps a list together across a line of spaces', () => {
      expect(only('1. Read\n   \n2. Write\n3. Ship', 'rule-of-three')).toEqual([
        { kind: 'rule-of-three', severity: 'warning', start: 0, end: 28, message: threePointsMessage },
      ]);
    });

    it('does not join two lists separated by a line of text', () => {
      expect(only('1. Read\nThen:\n2. Write\n3. Ship', 'rule-of-three')).toEqual([]);
    });
  });

  describe('emoji and arrow bullets', () => {
    it('covers each emoji and the space after it, not the indent, when exactly two lines start with one', () => {
      const text = '  🚀 Ship\n✅ Test';
      const fix = (start: number, end: number) => ({
        label: 'Remove the emoji',
        edit: { start, end, replacement: '' },
      });
      const found = only(text, 'emoji-bullets');
      expect(found).toEqual([
        {
          kind: 'emoji-bullets',
          severity: 'warning',
          start: 2,
          end: 5,
          message: emojiMessage,
          fix: fix(2, 5),
        },
        {
          kind: 'emoji-bullets',
          severity: 'warning',
          start: 10,
          end: 12,
          message: emojiMessage,
          fix: fix(10, 12),
        },
      ]);
      expect(fixed(text, [found[0]!])).toBe('  Ship\n✅ Test');
      expect(fixed(text, found)).toBe('  Ship\nTest');
    });

    it('flags a single arrow line, with its indent kept', () => {
      const fix = (start: number, end: number) => ({
        label: 'Remove the arrow',
        edit: { start, end, replacement: '' },
      });
      const message = 'Arrow bullets (→) are a tell of AI-written posts.';
      expect(only('→ Read the tickets', 'arrow-bullets')).toEqual([
        { kind: 'arrow-bullets', severity: 'warning', start: 0, end: 2, message, fix: fix(0, 2) },
      ]);
      const text = 'Next:\n  ➡️ Rewrite';
      const found = only(text, 'arrow-bullets');
      expect(found).toEqual([
        { kind: 'arrow-bullets', severity: 'warning', start: 8, end: 11, message, fix: fix(8, 11) },
      ]);
      expect(fixed(text, found)).toBe('Next:\n  Rewrite');
    });
  });

  it('covers a run of styled words as one finding and offers the plain words', () => {
    expect(only('𝗚𝗲𝘁 𝘀𝘁𝗮𝗿𝘁𝗲𝗱 now', 'unicode-styling')).toEqual([
      {
        kind: 'unicode-styling',
        severity: 'warning',
        start: 0,
        end: 21,
        message:
          'Unicode "bold" or "italic" letters are read out one by one by screen readers, are not found by search, and count double.',
        fix: { label: 'Use plain letters', edit: { start: 0, end: 21, replacement: 'Get started' } },
      },
    ]);
  });

  describe('too-many-hashtags', () => {
    it('flags the fourth hashtag by default, with the space before it, and names it in the fix', () => {
      const text = 'Ship it. #One #Two #Three #Four';
      expect(only(text, 'too-many-hashtags')).toEqual([
        {
          kind: 'too-many-hashtags',
          severity: 'warning',
          start: 25,
          end: 31,
          message: '4 hashtags: more than 3 looks like a tag pile. Keep the 3 that matter most.',
          fix: { label: 'Remove #Four', edit: { start: 25, end: 31, replacement: '' } },
        },
      ]);
      expect(only('Ship it. #One #Two #Three', 'too-many-hashtags')).toEqual([]);
    });

    it('covers a tag after a line break or bracket without what comes before it', () => {
      const none = (start: number, tag: string, edit: { start: number; end: number }): Finding => ({
        kind: 'too-many-hashtags',
        severity: 'warning',
        start,
        end: start + tag.length,
        message: '1 hashtag: your settings ask for none.',
        fix: { label: `Remove ${tag}`, edit: { ...edit, replacement: '' } },
      });
      const text = 'Ship it.\n#One';
      expect(only(text, 'too-many-hashtags', { maxHashtags: 0 })).toEqual([
        none(9, '#One', { start: 9, end: 13 }),
      ]);
      // The line it was alone on goes too.
      expect(fixed(text, only(text, 'too-many-hashtags', { maxHashtags: 0 }))).toBe('Ship it.');
      // Inside a sentence or brackets, only its "#" goes.
      expect(only('#One ship', 'too-many-hashtags', { maxHashtags: 0 })).toEqual([
        none(0, '#One', { start: 0, end: 1 }),
      ]);
      expect(only('Ship (#One)', 'too-many-hashtags', { maxHashtags: 0 })).toEqual([
        none(6, '#One', { start: 6, end: 7 }),
      ]);
    });
  });

  describe('one-line-paragraphs', () => {
    const lines = ['I got fired.', 'It hurt.', 'Then I learned.', 'Now I lead.', 'You can too.'];
    const broetry = (text: string): Finding[] => [
      {
        kind: 'one-line-paragraphs',
        severity: 'warning',
        start: 0,
        end: text.length,
        message: broetryMessage,
      },
    ];

    it('needs five one-sentence paragraphs: four are not enough', () => {
      const five = lines.join('\n\n');
      expect(only(five, 'one-line-paragraphs')).toEqual(broetry(five));
      expect(only(lines.slice(0, 4).join('\n\n'), 'one-line-paragraphs')).toEqual([]);
    });

    it('takes a line of spaces as a blank line, and ignores blank lines before and after the post', () => {
      const spaced = lines.join('\n  \n');
      expect(only(spaced, 'one-line-paragraphs')).toEqual(broetry(spaced));
      const opened = `\n\n${lines.join('\n\n')}`;
      expect(only(opened, 'one-line-paragraphs')).toEqual(broetry(opened));
      const closed = `${lines.join('\n\n')}\n\n  `;
      expect(only(closed, 'one-line-paragraphs')).toEqual(broetry(closed));
    });

    it('does not count a closing block of hashtags as a paragraph', () => {
      const four = `${lines.slice(0, 4).join('\n\n')}\n\n#Career #Growth`;
      expect(only(four, 'one-line-paragraphs')).toEqual([]);
      const five = `${lines.join('\n\n')}\n\n#Career\n#Growth`;
      expect(only(five, 'one-line-paragraphs')).toEqual(broetry(five));
    });

    it('counts a sentence with a hashtag in it as a paragraph', () => {
      const text = [...lines.slice(0, 4), 'We are #Hiring now.'].join('\n\n');
      expect(only(text, 'one-line-paragraphs')).toEqual(broetry(text));
    });

    it('takes a paragraph with a second sentence or a line break as a real paragraph', () => {
      const withTwo = [...lines.slice(0, 4), 'You can. Start today.'].join('\n\n');
      expect(only(withTwo, 'one-line-paragraphs')).toEqual([]);
      const twoSpaces = [...lines.slice(0, 4), 'You can.  Start today.'].join('\n\n');
      expect(only(twoSpaces, 'one-line-paragraphs')).toEqual([]);
      const withBreak = [...lines.slice(0, 4), 'You can\nstart today'].join('\n\n');
      expect(only(withBreak, 'one-line-paragraphs')).toEqual([]);
    });

    it('does not end a sentence at a period followed by a small letter', () => {
      const text = [...lines.slice(0, 4), 'Use tools, e.g. linters.'].join('\n\n');
      expect(only(text, 'one-line-paragraphs')).toEqual(broetry(text));
    });
  });

  it('covers a www link without the comma after it, and removes it with the space before it', () => {
    const text = 'We posted www.example.com/jobs, today.';
    const found = only(text, 'link-in-body');
    expect(found).toEqual([
      {
        kind: 'link-in-body',
        severity: 'warning',
        start: 10,
        end: 30,
        message:
          'LinkedIn shows posts with links to fewer people. Put the link in the first comment instead.',
        fix: { label: 'Remove the link', edit: { start: 10, end: 30, replacement: '' } },
      },
    ]);
    expect(fixed(text, found)).toBe('We posted, today.');
    // A line of nothing but pointing words goes whole.
    const pointing = 'See www.example.com/jobs, today.';
    expect(fixed(pointing, only(pointing, 'link-in-body'))).toBe('');
  });

  describe('markdown-artifacts', () => {
    const boldMessage = 'LinkedIn shows "**" as it is: it does not make text bold.';
    const headingMessage = 'A "#" heading shows as a plain "#" on LinkedIn.';
    const bulletMessage = 'A markdown "- " bullet: LinkedIn shows it as typed. Use "•" if you want bullets.';

    it('covers **bold** and __bold__ and keeps the words', () => {
      const text = 'This was **really** hard and __very__ slow.';
      expect(only(text, 'markdown-artifacts')).toEqual([
        {
          kind: 'markdown-artifacts',
          severity: 'warning',
          start: 9,
          end: 19,
          message: boldMessage,
          fix: { label: 'Remove the asterisks', edit: { start: 9, end: 19, replacement: 'really' } },
        },
        {
          kind: 'markdown-artifacts',
          severity: 'warning',
          start: 29,
          end: 37,
          message: boldMessage,
          fix: { label: 'Remove the asterisks', edit: { start: 29, end: 37, replacement: 'very' } },
        },
      ]);
      expect(only('A ** loose ** pair and **two\nlines**', 'markdown-artifacts')).toEqual([]);
    });

    it('removes a heading marker with all the spaces after it, on any line', () => {
      const text = 'Intro\n##  Lessons';
      const found = only(text, 'markdown-artifacts');
      expect(found).toEqual([
        {
          kind: 'markdown-artifacts',
          severity: 'warning',
          start: 6,
          end: 10,
          message: headingMessage,
          fix: { label: 'Remove the #', edit: { start: 6, end: 10, replacement: '' } },
        },
      ]);
      expect(fixed(text, found)).toBe('Intro\nLessons');
      expect(only('###### Six', 'markdown-artifacts')).toHaveLength(1);
      expect(only('####### Seven\n#Hashtag line', 'markdown-artifacts')).toEqual([]);
    });

    it('turns "- " and "* " bullets into "• ", indent and extra spaces included', () => {
      const bullet = (start: number, end: number): Finding => ({
        kind: 'markdown-artifacts',
        severity: 'warning',
        start,
        end,
        message: bulletMessage,
        fix: { label: 'Use •', edit: { start, end, replacement: '• ' } },
      });
      const text = 'Plan:\n  -  first\n* second';
      const found = only(text, 'markdown-artifacts');
      expect(found).toEqual([bullet(6, 11), bullet(17, 19)]);
      expect(fixed(text, [found[0]!])).toBe('Plan:\n• first\n* second');
      expect(fixed(text, found)).toBe('Plan:\n• first\n• second');
      expect(only('-5 degrees outside\n*really* cold', 'markdown-artifacts')).toEqual([]);
    });
  });
});

describe('stock phrases after letters that change length when lowercased', () => {
  it('still covers exactly the phrase after a Turkish "İ" earlier in the post', () => {
    const text = 'İstanbul taught me this. Let that sink in.';
    const closer = checkPost(text).find((finding) => finding.kind === 'stock-closer');
    expect(closer).toMatchObject({ start: 25, end: 41 });
    expect(text.slice(closer!.start, closer!.end)).toBe('Let that sink in');
  });
});
