import { describe, expect, it } from 'vitest';
import { checkPost, findingKinds, type CheckOptions, type Finding, type FindingKind } from './check-post';
import { applyFix } from './fix';
import { groupFindings } from './group-findings';

/** A plain post of about 1,000 characters that should raise nothing. */
const clean = [
  'Last spring our support queue doubled in six weeks, and I was sure we needed two more hires.',
  '',
  'We did not hire anyone. Instead I sat with the team for a morning and we read the last hundred tickets together. Forty of them were the same question about invoices, asked in slightly different words, because our billing page buried the answer three clicks deep.',
  '',
  'So we rewrote one page, with the two people who answer most of those tickets. It took an afternoon and a lot of arguing about a single sentence. Within a month the queue was back where it started, and the people on the team had their evenings again.',
  '',
  'What I took from it is simple enough. Before adding people to a problem, read the problem slowly with the people who already have it. They usually know the answer and have been waiting for someone to ask them about it.',
  '',
  'If your queue is growing faster than your company, which page are your customers stuck on? #CustomerSupport #Startups',
].join('\n');

const kinds = (text: string, options = {}) => checkPost(text, options).map((finding) => finding.kind);
const only = (text: string, kind: FindingKind, options: CheckOptions = {}) =>
  checkPost(text, options).filter((finding) => finding.kind === kind);
const padded = (middle: string) => `${clean}\n\n${middle}`;
/** The text after the panel's fix of these places of one kind. */
const fixed = (text: string, places: Finding[]) =>
  applyFix(text, groupFindings(text, places)[0]!.fixes[0]!).text;

describe('checkPost', () => {
  it('finds nothing in a plain, well-sized post', () => {
    expect(clean.length).toBeGreaterThan(900);
    expect(checkPost(clean)).toEqual([]);
  });

  it('names each finding with a kind from the documented list, its range and a message', () => {
    const text = padded('This is — sadly — a game-changer.');
    for (const finding of checkPost(text)) {
      expect(findingKinds).toContain(finding.kind);
      expect(finding.start).toBeGreaterThanOrEqual(0);
      expect(finding.end).toBeGreaterThan(finding.start);
      expect(finding.message.length).toBeGreaterThan(10);
    }
  });

  describe('em-dash', () => {
    it('flags em dashes and en dashes used as dashes, and fixes them with a comma', () => {
      const text = padded('We shipped — finally — on time. Then – of course – it broke.');
      const found = only(text, 'em-dash');
      expect(found).toHaveLength(4);
      expect(text.slice(found[0]!.start, found[0]!.end)).toBe(' — ');
      expect(fixed(text, [found[0]!])).toContain('We shipped, finally — on time.');
    });

    it('leaves hyphens and number ranges alone', () => {
      expect(only(padded('A well-known, long-term plan for 2020–2024 and pages 4–7.'), 'em-dash')).toEqual(
        [],
      );
    });
  });

  describe('not-x-but-y', () => {
    it.each([
      "It's not a tool, it's a mindset.",
      'This is not about speed. It is about trust.',
      'Leadership is not just a title, but a responsibility.',
      'Friday deploys are not brave. They are a tax on your weekend.',
      "Meetings aren't work. They're a cost.",
      'A roadmap isn’t a promise; it’s a guess.',
    ])('flags "%s"', (sentence) => {
      expect(kinds(padded(sentence))).toContain('not-x-but-y');
    });

    it('leaves an ordinary "not" alone', () => {
      expect(kinds(padded('It is not ready yet, so we wait until Monday.'))).not.toContain('not-x-but-y');
      expect(kinds(padded('Friday deploys are not brave. We moved ours to Tuesday.'))).not.toContain(
        'not-x-but-y',
      );
      expect(kinds(padded("The tests aren't green yet. Their owners are on leave."))).not.toContain(
        'not-x-but-y',
      );
      expect(kinds(padded('Work is hard. It is also the best part of my week.'))).not.toContain(
        'not-x-but-y',
      );
    });

    it('reports a sentence that fits two of its patterns once', () => {
      expect(
        kinds(padded('This is not about speed. It is about trust.')).filter((kind) => kind === 'not-x-but-y'),
      ).toHaveLength(1);
    });
  });

  describe('stock openers and closers', () => {
    it('flags the stock openers, also with a curly apostrophe', () => {
      expect(kinds(`In today’s fast-paced world, teams ship daily.\n\n${clean}`)).toContain('stock-opener');
      expect(kinds(padded("Here's the thing: nobody reads the docs."))).toContain('stock-opener');
    });

    it('flags "Let that sink in" anywhere and a bare "Thoughts?" as the whole ending, which it can remove', () => {
      expect(kinds(padded('Let that sink in.'))).toContain('stock-closer');
      const text = `${clean}\n\nThoughts?`;
      const [ending] = only(text, 'stock-closer');
      expect(ending).toBeDefined();
      expect(fixed(text, [ending!])).toBe(clean);
    });

    it('does not take a real question at the end for bait', () => {
      expect(kinds(`${clean}\n\nWhat would you have done with the two hires?`)).not.toContain('stock-closer');
    });
  });

  describe('stock-vocabulary', () => {
    it('flags the stock words and "leverage" used as a verb', () => {
      const found = only(
        padded('We delve into the landscape to leverage our data and unlock growth.'),
        'stock-vocabulary',
      );
      expect(found.map((finding) => finding.message.split('"')[1])).toEqual([
        'delve',
        'landscape',
        'leverage',
        'unlock',
      ]);
    });

    it('leaves "leverage" as a noun and words that merely contain a stock word', () => {
      expect(
        only(
          padded('We had no leverage of any kind. The unlocksmith moved to Delaware.'),
          'stock-vocabulary',
        ),
      ).toEqual([]);
    });
  });

  describe('rule-of-three', () => {
    it('flags three single words in a row and a list of exactly three points', () => {
      expect(kinds(padded('It made us faster, cheaper, and calmer.'))).toContain('rule-of-three');
      expect(kinds(padded('1. Read the tickets\n2. Rewrite the page\n3. Measure again'))).toContain(
        'rule-of-three',
      );
    });

    it('leaves a list of two, a list of four and a pair alone', () => {
      expect(only(padded('1. Read the tickets\n2. Rewrite the page'), 'rule-of-three')).toEqual([]);
      expect(only(padded('1. One\n2. Two\n3. Three\n4. Four'), 'rule-of-three')).toEqual([]);
      expect(only(padded('It made us faster and calmer.'), 'rule-of-three')).toEqual([]);
    });
  });

  describe('emoji and arrow bullets', () => {
    it('flags emoji at the start of two or more lines, and removes them', () => {
      const text = padded('🚀 Ship small\n✅ Measure\n💡 Learn');
      const found = only(text, 'emoji-bullets');
      expect(found).toHaveLength(3);
      expect(fixed(text, [found[0]!])).toContain('\nShip small\n✅ Measure');
      expect(fixed(text, found)).toContain('\nShip small\nMeasure\nLearn');
    });

    it('leaves a single emoji line and emoji inside sentences alone', () => {
      expect(only(padded('🎉 We did it.\nThanks to everyone 🙏'), 'emoji-bullets')).toEqual([]);
    });

    it('flags arrow bullets', () => {
      expect(only(padded('→ Read\n→ Rewrite'), 'arrow-bullets')).toHaveLength(2);
      expect(only(padded('Sales → support → product.'), 'arrow-bullets')).toEqual([]);
    });
  });

  it('flags Unicode bold and italic letters and turns them back into plain letters', () => {
    const text = padded('This is 𝗿𝗲𝗮𝗹𝗹𝘆 important and 𝘷𝘦𝘳𝘺 quiet.');
    const found = only(text, 'unicode-styling');
    expect(found).toHaveLength(2);
    expect(fixed(text, [found[0]!])).toContain('This is really important and 𝘷𝘦𝘳𝘺 quiet.');
  });

  describe('too-many-hashtags', () => {
    it('flags the hashtags past the maximum and removes one with the space before it', () => {
      const text = `${clean} #Hiring #Growth #AI`;
      const found = only(text, 'too-many-hashtags');
      expect(found).toHaveLength(2);
      expect(fixed(text, [found[0]!])).toBe(`${clean} #Hiring #AI`);
      expect(fixed(text, found)).toBe(`${clean} #Hiring`);
    });

    it('follows the maximum of the settings, and "#1", "C#" and a URL fragment are not hashtags', () => {
      expect(kinds(clean, { maxHashtags: 1 })).toContain('too-many-hashtags');
      expect(kinds(clean, { maxHashtags: 0 })).toContain('too-many-hashtags');
      expect(only(padded('We are #1 in C# and F# work, see page#top.'), 'too-many-hashtags')).toEqual([]);
    });

    it('says what the setting asks for, in the right number', () => {
      const text = `${clean.replace(' #CustomerSupport #Startups', '')} #Hiring`;
      expect(only(text, 'too-many-hashtags', { maxHashtags: 0 }).map((f) => f.message)).toEqual([
        '1 hashtag: your settings ask for none.',
      ]);
      expect(only(`${text} #AI`, 'too-many-hashtags', { maxHashtags: 1 }).map((f) => f.message)).toEqual([
        '2 hashtags: more than 1 looks like a tag pile. Keep the one that matters most.',
      ]);
      expect(only(`${text} #AI #ML`, 'too-many-hashtags', { maxHashtags: 2 }).map((f) => f.message)).toEqual([
        '3 hashtags: more than 2 looks like a tag pile. Keep the 2 that matter most.',
      ]);
    });
  });

  it('flags a post in which every paragraph is one sentence, but not one with real paragraphs', () => {
    const broetry = ['I got fired.', 'It hurt.', 'Then I learned.', 'Now I lead.', 'You can too.'].join(
      '\n\n',
    );
    expect(kinds(broetry)).toContain('one-line-paragraphs');
    expect(kinds(clean)).not.toContain('one-line-paragraphs');
  });

  describe('length and fold', () => {
    it('flags a post over 3,000 characters, counted as LinkedIn counts (emoji count 2)', () => {
      expect(kinds('a'.repeat(3001))).toContain('over-limit');
      expect(kinds('😀'.repeat(1501))).toContain('over-limit');
      expect(kinds('a'.repeat(3000))).not.toContain('over-limit');
    });

    it('flags a post far outside the 900 to 1,500 range, not one near it', () => {
      expect(kinds('Short and sweet.')).toContain('length-outside-range');
      expect(kinds(`${clean}\n\n${clean}\n\n${clean}`.slice(0, 2100))).toContain('length-outside-range');
      expect(kinds(clean)).not.toContain('length-outside-range');
      expect(kinds('')).toEqual([]);
    });

    it('flags a first line that runs past the fold, saying where', () => {
      const hook = `${'word '.repeat(35)}\n\n${clean}`;
      expect(only(hook, 'hook-past-fold')[0]?.message).toContain('on phones');
      const long = `${'word '.repeat(50)}\n\n${clean}`;
      expect(only(long, 'hook-past-fold')[0]?.message).toContain('on desktop and on phones');
      expect(only(clean, 'hook-past-fold')).toEqual([]);
    });
  });

  it('flags a link in the body, without the punctuation after it, and removes the line that led to it', () => {
    const text = padded('Read more at https://example.com/post?id=4.');
    const [found] = only(text, 'link-in-body');
    expect(text.slice(found!.start, found!.end)).toBe('https://example.com/post?id=4');
    expect(fixed(text, [found!])).toBe(clean);
    expect(only(padded('We use example.com daily.'), 'link-in-body')).toEqual([]);
  });

  it('flags markdown left in the text and fixes each piece', () => {
    const text = padded('## Lessons\n\nThis was **really** hard.\n- first\n- second');
    const found = only(text, 'markdown-artifacts');
    expect(found).toHaveLength(4);
    expect(fixed(text, found)).toContain('Lessons\n\nThis was really hard.\n• first\n• second');
    expect(only(padded('2 * 3 = 6 and snake_case_name'), 'markdown-artifacts')).toEqual([]);
  });

  it('returns findings in text order', () => {
    const starts = checkPost(padded('We delve — deeply — into **it**. Let that sink in.')).map(
      (finding) => finding.start,
    );
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });
});
