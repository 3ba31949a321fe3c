import { describe, expect, it } from 'vitest';
import type { Post } from '../post';
import { emptyDocument, fieldsOf, rowHolds, rowTopic } from './post-document';

// What a post document writes to its row: the topic a post typed from scratch is listed under, the
// author's columns of an autosave, and whether a stored row already holds them.

describe('rowTopic', () => {
  it('keeps the topic the post was written for, trimmed and cut at the database’s 1,000 characters', () => {
    expect(rowTopic({ topic: '  Shipping the billing page ', content: 'Anything' })).toBe(
      'Shipping the billing page',
    );
    expect(rowTopic({ topic: 'x'.repeat(1200), content: '' })).toHaveLength(1000);
  });

  it('takes a post typed from scratch by its first line, and an empty one as "Untitled post"', () => {
    expect(rowTopic({ topic: '  ', content: '\n  We shipped it.  \nMore text.' })).toBe('We shipped it.');
    expect(rowTopic({ topic: '', content: '   \n ' })).toBe('Untitled post');
    const eighty = 'y'.repeat(80);
    expect(rowTopic({ topic: '', content: eighty })).toBe(eighty);
  });

  it('cuts a first line over 80 characters at a word after the 40th, else at 80, and marks the cut', () => {
    const words = `${'word '.repeat(20)}and the rest of a long opening line`;
    const cut = rowTopic({ topic: '', content: words });
    expect(cut).toBe(`${'word '.repeat(16).trimEnd()}…`);
    expect(cut.length).toBeLessThanOrEqual(81);
    // A space only near the start (at 10, not past 40): cut at 80 characters exactly.
    const early = `${'a'.repeat(10)} ${'b'.repeat(100)}`;
    expect(rowTopic({ topic: '', content: early })).toBe(`${early.slice(0, 80)}…`);
    // A space at exactly 40 is not past the half: cut at 80.
    const half = `${'c'.repeat(40)} ${'d'.repeat(100)}`;
    expect(rowTopic({ topic: '', content: half })).toBe(`${half.slice(0, 80)}…`);
    const justPast = `${'c'.repeat(41)} ${'d'.repeat(100)}`;
    expect(rowTopic({ topic: '', content: justPast })).toBe(`${'c'.repeat(41)}…`);
  });
});

describe('fieldsOf and rowHolds', () => {
  const doc = { ...emptyDocument('p1'), topic: 'Billing', content: 'We shipped it.' };

  it('writes a blank first comment and a blank or image-less alt text as null', () => {
    expect(fieldsOf({ ...doc, firstComment: '  ', imageAlt: 'A chart' }, null)).toEqual({
      topic: 'Billing',
      content: 'We shipped it.',
      first_comment: null,
      image_path: null,
      image_alt: null,
    });
    expect(fieldsOf({ ...doc, firstComment: ' Link below ', imageAlt: '  ' }, 'u/p1.png')).toEqual({
      topic: 'Billing',
      content: 'We shipped it.',
      first_comment: ' Link below ',
      image_path: 'u/p1.png',
      image_alt: null,
    });
    expect(fieldsOf({ ...doc, imageAlt: ' A chart ' }, 'u/p1.png').image_alt).toBe('A chart');
    expect(fieldsOf({ ...doc, topic: '' }, null).topic).toBe('We shipped it.');
  });

  it('tells a row that holds exactly these fields from one that differs in any of them', () => {
    const fields = fieldsOf({ ...doc, firstComment: 'Link', imageAlt: 'Chart' }, 'u/p1.png');
    const row = {
      topic: 'Billing',
      content: 'We shipped it.',
      first_comment: 'Link',
      image_path: 'u/p1.png',
      image_alt: 'Chart',
    } as Post;
    expect(rowHolds(row, fields)).toBe(true);
    for (const change of [
      { topic: 'Other' },
      { content: 'Other' },
      { first_comment: null },
      { image_path: null },
      { image_alt: 'Other' },
    ])
      expect(rowHolds({ ...row, ...change } as Post, fields)).toBe(false);
    const bare = fieldsOf(doc, null);
    expect(
      rowHolds(
        { ...row, first_comment: undefined, image_path: null, image_alt: null } as unknown as Post,
        bare,
      ),
    ).toBe(true);
  });
});
