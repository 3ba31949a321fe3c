import { describe, expect, it } from 'vitest';
import { applyFix, settleEdits } from './fix';
import { linkRemovalEdits, onlyPointsAtLink } from './link-removal';

/** The text without its links (every http(s) or www word), as the panel's fix leaves it. */
const withoutLinks = (text: string) => {
  const links = [...text.matchAll(/(?:https?:\/\/|www\.)[^\s()]+[^\s().,!?:]/gu)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
  return applyFix(text, { label: 'Remove', edits: settleEdits(text, linkRemovalEdits(text, links)) }).text;
};

describe('onlyPointsAtLink', () => {
  it.each([
    'Read the full report:',
    'Link',
    '👉',
    '',
    '(link in comments)',
    'Here’s the link:',
    'P.S. The slides →',
  ])('takes "%s" as pointing at a link', (words) => {
    expect(onlyPointsAtLink(words)).toBe(true);
  });

  it.each(['We are hiring:', 'Our report is out:', 'My new guide', 'Thanks to the team'])(
    'takes "%s" as saying more',
    (words) => {
      expect(onlyPointsAtLink(words)).toBe(false);
    },
  );

  it('takes at most twelve pointing words as an introduction', () => {
    expect(onlyPointsAtLink('read '.repeat(12))).toBe(true);
    expect(onlyPointsAtLink('read '.repeat(13))).toBe(false);
  });
});

describe('linkRemovalEdits', () => {
  it.each([
    ['We did it! → https://x.example.com', 'We did it!'],
    ['We are hiring. Apply: https://x.example.com', 'We are hiring.'],
    ['Apply: https://x.example.com. We are hiring.', 'We are hiring.'],
    ['(https://x.example.com) We did', 'We did'],
    ['We did (https://x.example.com)', 'We did'],
    ['The team(https://x.example.com)shipped', 'The teamshipped'],
    ['Notes ((https://x.example.com)) here', 'Notes here'],
    ['We wrote it up (and the code: https://x.example.com) for you', 'We wrote it up (and the code) for you'],
    ['It is out.\nOur report is out → https://x.example.com', 'It is out.\nOur report is out.'],
    ['Our report is out! https://x.example.com', 'Our report is out!'],
    ['Our report is out - https://x.example.com', 'Our report is out'],
    ['We shared it via https://x.example.com today', 'We shared it today'],
    ['We put the numbers at:https://x.example.com', 'We put the numbers.'],
    ['Both https://a.example.com https://b.example.com are ours', 'Both are ours'],
    ['https://x.example.com  is where we keep it.', 'is where we keep it.'],
    ['We are hiring: https://x.example.com today', 'We are hiring today'],
    ['Read more at https://x.example.com.  We shipped.', 'We shipped.'],
    ['We shipped. Read more at https://x.example.com.   ', 'We shipped.'],
    [
      'We shipped. Code: https://a.example.com. Thanks https://b.example.com for the review.',
      'We shipped. Thanks for the review.',
    ],
  ])('"%s" → "%s"', (text, expected) => {
    expect(withoutLinks(text)).toBe(expected);
  });

  it('takes links from several lines and sentences in one go', () => {
    expect(
      withoutLinks('Docs: https://a.example.com\nWe shipped. Code: https://b.example.com. Thanks all.\nEnd'),
    ).toBe('We shipped. Thanks all.\nEnd');
  });

  it('leaves a link it was not asked to take', () => {
    const text = 'Docs: https://a.example.com and https://b.example.com';
    const first = { start: 6, end: 27 };
    const after = applyFix(text, { label: 'Remove', edits: linkRemovalEdits(text, [first]) }).text;
    expect(after).toBe('Docs and https://b.example.com');
  });
});
