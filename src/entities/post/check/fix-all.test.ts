import { describe, expect, it } from 'vitest';
import { checkPost, type CheckOptions, type FindingKind } from './check-post';
import { applyFix } from './fix';
import { groupFindings, type FindingGroup } from './group-findings';

/**
 * The fixes the panel offers, as a writer meets them: one finding per kind with a fix for all of
 * its places, and fixes that leave the post reading as if written that way.
 */

const groups = (text: string, options: CheckOptions = {}) => groupFindings(text, checkPost(text, options));
const group = (text: string, kind: FindingKind, options: CheckOptions = {}): FindingGroup => {
  const found = groups(text, options).find((each) => each.kind === kind);
  if (!found) throw new Error(`no ${kind} finding in ${JSON.stringify(text)}`);
  return found;
};
/** The text after the fix of `kind` whose label starts with `label` (the first fix without one). */
const fixed = (text: string, kind: FindingKind, label = '', options: CheckOptions = {}) => {
  const fix = group(text, kind, options).fixes.find((each) => each.label.startsWith(label));
  if (!fix) throw new Error(`no "${label}" fix for ${kind}`);
  return applyFix(text, fix).text;
};

const opening = 'We cut our support queue in half by rewriting one page.';
const link = 'https://example.com/report-2026';

describe('removing a link leaves no dangling words', () => {
  it.each([
    ['Read the full report: URL', ''],
    ['Link: URL', ''],
    ['Source → URL', ''],
    ['👉 URL', ''],
    ['Here it is: URL', ''],
    ['(link in comments) URL', ''],
    ['Full guide 👇 URL', ''],
    ['Sign up here ➡️ URL', ''],
    ['URL', ''],
    ['P.S. The slides: URL', ''],
    ['Read the full write-up: URL', ''],
  ])('takes the line "%s" that only introduces the link, and the blank line before it', (line) => {
    expect(fixed(`${opening}\n\n${line.replace('URL', link)}`, 'link-in-body', 'Remove')).toBe(opening);
  });

  it('takes an introduction line from the middle of the post, keeping one paragraph break', () => {
    const text = `${opening}\n\nRead the full report: ${link}\n\n#Support`;
    expect(fixed(text, 'link-in-body', 'Remove')).toBe(`${opening}\n\n#Support`);
  });

  it('takes an introduction line that ends a paragraph, keeping the paragraph break after it', () => {
    const text = `${opening}\nSource → ${link}\n\nMore soon.`;
    expect(fixed(text, 'link-in-body', 'Remove')).toBe(`${opening}\n\nMore soon.`);
  });

  it('takes an introduction line that opens the post, with the blank line after it', () => {
    expect(fixed(`Here it is: ${link}\n\n${opening}`, 'link-in-body', 'Remove')).toBe(opening);
  });

  it('takes a sentence that only introduces the link, and keeps the sentences around it', () => {
    expect(fixed(`We shipped it. Read more at ${link}. Next week: pricing.`, 'link-in-body', 'Remove')).toBe(
      'We shipped it. Next week: pricing.',
    );
    expect(fixed(`We shipped it. Read more at ${link}.`, 'link-in-body', 'Remove')).toBe('We shipped it.');
  });

  it.each([
    [
      `We wrote it up at ${link} and the numbers surprised us.`,
      'We wrote it up and the numbers surprised us.',
    ],
    [`We published the numbers (${link}) last week.`, 'We published the numbers last week.'],
    [`We published the numbers (source: ${link}).`, 'We published the numbers.'],
    [`Our annual report is out: ${link}`, 'Our annual report is out.'],
    [`Our annual report is out: ${link}.`, 'Our annual report is out.'],
    [`You can sign up for the beta here: ${link}`, 'You can sign up for the beta.'],
    [`We wrote a 20-page guide 👉 ${link}`, 'We wrote a 20-page guide.'],
    [`I wrote about it on ${link}`, 'I wrote about it'],
    [`Check ${link} before Monday.`, 'Check before Monday.'],
    [`${link} is where we keep the checklist.`, 'is where we keep the checklist.'],
  ])('takes only the link (and what led to it) from "%s"', (text, expected) => {
    expect(fixed(text, 'link-in-body', 'Remove')).toBe(expected);
  });

  it('never leaves a double space, a space before a full stop, or empty brackets', () => {
    for (const text of [
      `Read it at ${link} .`,
      `The numbers ( ${link} ) surprised us.`,
      `See ${link} and ${link}/2 today.`,
    ]) {
      const result = fixed(text, 'link-in-body', 'Remove');
      expect(result).not.toMatch(/ {2}| [.,]|\(\s*\)/u);
    }
  });

  it('takes every link at once: two lines that each introduce one, and a line of two', () => {
    const text = `${opening}\n\nDocs: https://a.example.com\nCode: https://b.example.com\n\nDemo: https://c.example.com | Slides: https://d.example.com`;
    const links = group(text, 'link-in-body');
    expect(links.message).toBe(
      '4 links: LinkedIn shows posts with links to fewer people. Put them in the first comment instead.',
    );
    expect(links.fixes.map((fix) => fix.label)).toEqual([
      'Remove the links (4)',
      'Move the links to the first comment (4)',
    ]);
    expect(applyFix(text, links.fixes[0]!).text).toBe(opening);
  });
});

describe('moving a link to the first comment', () => {
  it('takes the link out of the post as "Remove" does, and hands it to the caller with the label', () => {
    const text = `${opening}\n\nRead the full report: ${link}`;
    const [remove, move] = group(text, 'link-in-body').fixes;
    expect(remove).toEqual({ label: 'Remove the link', edits: move!.edits });
    expect(applyFix(text, move!)).toEqual({
      text: opening,
      label: 'Move the link to the first comment',
      firstCommentAddition: link,
    });
    expect(applyFix(text, remove!)).toEqual({ text: opening, label: 'Remove the link' });
  });

  it('hands over every link, one a line, each once', () => {
    const text = `Docs: https://a.example.com\nAgain: https://a.example.com\nCode: https://b.example.com`;
    const move = group(text, 'link-in-body').fixes[1]!;
    expect(applyFix(text, move).firstCommentAddition).toBe('https://a.example.com\nhttps://b.example.com');
  });
});

describe('repeated findings of one kind are one finding with a fix for all', () => {
  const body = 'We rewrote one page with the team. The queue went back to normal within a month.';

  it('removes the emoji of all three bullets in one step, and says how many', () => {
    const text = `${opening}\n\n✅ Ship\n✅ Measure\n✅ Learn`;
    const bullets = group(text, 'emoji-bullets');
    expect(bullets.message).toBe('3 emoji bullets: emoji used as bullets are a tell of AI-written posts.');
    expect(bullets.findings).toHaveLength(3);
    expect(bullets.fixes.map((fix) => fix.label)).toEqual(['Remove the emoji (3)']);
    expect(fixed(text, 'emoji-bullets')).toBe(`${opening}\n\nShip\nMeasure\nLearn`);
  });

  it('keeps the first three of seven hashtags: "Remove the last 4"', () => {
    const text = `${opening} #A #B #C #D #E #F #G`;
    const tags = group(text, 'too-many-hashtags');
    expect(tags.message).toBe('7 hashtags: more than 3 looks like a tag pile. Keep the 3 that matter most.');
    expect(tags.fixes.map((fix) => fix.label)).toEqual(['Remove the last 4']);
    expect(fixed(text, 'too-many-hashtags')).toBe(`${opening} #A #B #C`);
  });

  it('removes a line of extra hashtags without leaving it blank', () => {
    expect(fixed(`${opening}\n\n#A #B #C\n#D #E`, 'too-many-hashtags')).toBe(`${opening}\n\n#A #B #C`);
    expect(fixed(`${opening}\n\n#A\n#B\n#C\n#D`, 'too-many-hashtags')).toBe(`${opening}\n\n#A\n#B\n#C`);
    expect(fixed(`${opening}\n\n#A`, 'too-many-hashtags', '', { maxHashtags: 0 })).toBe(opening);
  });

  it('keeps the words of a hashtag inside a sentence, taking only its "#"', () => {
    const text = 'We are #hiring. Join our #Platform team today #Remote #AI #ML';
    expect(fixed(text, 'too-many-hashtags', '', { maxHashtags: 1 })).toBe(
      'We are #hiring. Join our Platform team today',
    );
    expect(fixed('I love #AI.', 'too-many-hashtags', '', { maxHashtags: 0 })).toBe('I love AI.');
    expect(fixed('Ship (#One)', 'too-many-hashtags', '', { maxHashtags: 0 })).toBe('Ship (One)');
  });

  it('turns four dashes into commas in one step', () => {
    const text = 'We shipped — finally — after — a month — of arguing.';
    const dashes = group(text, 'em-dash');
    expect(dashes.message).toBe('4 dashes: dashes like these are one of the best-known signs of AI writing.');
    expect(dashes.fixes.map((fix) => fix.label)).toEqual(['Use commas (4)']);
    expect(fixed(text, 'em-dash')).toBe('We shipped, finally, after, a month, of arguing.');
  });

  it('removes a dash that opens or ends a line instead of leaving a stray comma', () => {
    expect(group('— Ship small', 'em-dash').fixes.map((fix) => fix.label)).toEqual(['Remove the dash']);
    expect(fixed('— Ship small', 'em-dash')).toBe('Ship small');
    expect(fixed('It was worth it —\nAll of it.', 'em-dash')).toBe('It was worth it\nAll of it.');
    expect(fixed('— Ship\n— Measure', 'em-dash')).toBe('Ship\nMeasure');
    expect(group('— Ship\n— Measure', 'em-dash').fixes[0]!.label).toBe('Remove the dashes (2)');
  });

  it('counts nine real problems as nine, not seventeen', () => {
    const text = [
      'In today’s fast-paced world, we delve into the landscape — and unlock growth.',
      '✅ Ship\n✅ Measure\n✅ Learn',
      'It’s not a tool, it’s a mindset — really.',
      `Read the full report: ${link}`,
      '#A #B #C #D #E #F #G',
      'Thoughts?',
    ].join('\n\n');
    const kinds = groups(text).map((each) => each.kind);
    expect(checkPost(text)).toHaveLength(17);
    expect(kinds).toEqual([
      'stock-opener',
      'length-outside-range',
      'stock-vocabulary',
      'em-dash',
      'emoji-bullets',
      'not-x-but-y',
      'link-in-body',
      'too-many-hashtags',
      'stock-closer',
    ]);
  });

  it('quotes each stock word once in the message, counting the ones that come back', () => {
    const text = 'We delve into the landscape. The landscape shifts. We unlock it.';
    expect(group(text, 'stock-vocabulary').message).toBe(
      '4 stock AI words: "delve", "landscape" (2) and "unlock". Use the plain words you would say out loud.',
    );
    expect(group('We delve. We delve again.', 'stock-vocabulary').message).toBe(
      '2 stock AI words: "delve" (2). Use the plain words you would say out loud.',
    );
  });

  it('keeps the message and the fix of a finding that occurs once', () => {
    const dash = group('We shipped — finally.', 'em-dash');
    expect(dash.message).toBe('A dash like this is one of the best-known signs of AI writing.');
    expect(dash.fixes.map((fix) => fix.label)).toEqual(['Use a comma']);
  });

  it('offers no fix where none is mechanical, and only the engagement bait of the stock lines', () => {
    expect(group(`It's not luck, it's work. ${body}`, 'not-x-but-y').fixes).toEqual([]);
    const text = `Let that sink in. ${body}\n\nThoughts?`;
    const closers = group(text, 'stock-closer');
    expect(closers.message).toBe(
      '2 stock lines readers skip: "Let that sink in" and "Thoughts?". End on your point.',
    );
    expect(closers.fixes.map((fix) => fix.label)).toEqual(['Remove "Thoughts?"']);
    expect(applyFix(text, closers.fixes[0]!).text).toBe(`Let that sink in. ${body}`);
  });

  it('names the markdown fix by what it does when the marks are of one sort, and in general when not', () => {
    expect(group('- one\n- two', 'markdown-artifacts').fixes[0]!.label).toBe('Use • (2)');
    const mixed = '## Lessons\n\nThis was **really** hard.';
    expect(group(mixed, 'markdown-artifacts').fixes[0]!.label).toBe('Remove the markdown (2)');
    expect(fixed(mixed, 'markdown-artifacts')).toBe('Lessons\n\nThis was really hard.');
  });

  it('lists the kinds in the order of their first place, each place in text order', () => {
    const text = 'A **b** — c — **d**';
    expect(groups(text).map((each) => [each.kind, each.findings.map((finding) => finding.start)])).toEqual([
      ['length-outside-range', [0]],
      ['markdown-artifacts', [2, 14]],
      ['em-dash', [7, 11]],
    ]);
  });

  it('gives each kind its plural message', () => {
    const message = (text: string, kind: FindingKind) => group(text, kind).message;
    expect(message("It's not luck, it's work. This is not speed. It is trust.", 'not-x-but-y')).toBe(
      '2 sentences built as "It\'s not X, it\'s Y", a pattern readers now spot as AI. Say what it is.',
    );
    expect(message('Picture this: a Monday. Buckle up.', 'stock-opener')).toBe(
      '2 stock openers: "Picture this:" and "Buckle up". Start with something only you would say.',
    );
    expect(message('Faster, cheaper and calmer. Red, blue and green.', 'rule-of-three')).toBe(
      '2 lists of exactly three: a habit of AI writing. Keep the points that matter.',
    );
    expect(message('→ Read\n→ Write', 'arrow-bullets')).toBe(
      '2 arrow bullets: arrows (→) used as bullets are a tell of AI-written posts.',
    );
    expect(message('𝗼𝗻𝗲 and 𝘁𝘄𝗼', 'unicode-styling')).toBe(
      '2 runs of Unicode "bold" or "italic" letters: screen readers read them out one by one, search does not find them, and they count double.',
    );
    expect(message('**a** and **b**', 'markdown-artifacts')).toBe(
      '2 markdown marks: LinkedIn shows them as typed, with no bold, headings or bullets.',
    );
    expect(group('→ Read\n→ Write', 'arrow-bullets').fixes[0]!.label).toBe('Remove the arrows (2)');
    expect(group('𝗼𝗻𝗲 and 𝘁𝘄𝗼', 'unicode-styling').fixes[0]!.label).toBe('Use plain letters (2)');
  });
});
