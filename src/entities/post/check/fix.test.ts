import { describe, expect, it } from 'vitest';
import { applyFix, settleEdits, type Edit } from './fix';

const remove = (text: string, words: string): Edit => {
  const start = text.indexOf(words);
  return { start, end: start + words.length, replacement: '' };
};
/** The text after the edits, settled. */
const settled = (text: string, edits: Edit[]) =>
  applyFix(text, { label: 'Fix', edits: settleEdits(text, edits) }).text;

describe('applyFix', () => {
  it('applies every edit in one step, from the end, so each offset holds', () => {
    const text = 'one two three';
    const edits = [
      { start: 0, end: 3, replacement: '1' },
      { start: 8, end: 13, replacement: 'three and more' },
    ];
    expect(applyFix(text, { label: 'Numbers', edits })).toEqual({
      text: '1 two three and more',
      label: 'Numbers',
    });
  });

  it('hands on a first-comment addition only when the fix has one', () => {
    const fix = { label: 'Move', edits: [{ start: 0, end: 1, replacement: '' }], firstCommentAddition: 'x' };
    expect(applyFix('ab', fix)).toEqual({ text: 'b', label: 'Move', firstCommentAddition: 'x' });
    expect(Object.keys(applyFix('ab', { label: 'Cut', edits: [] }))).toEqual(['text', 'label']);
  });
});

describe('settleEdits', () => {
  it('puts the edits in text order, keeps the first of two that overlap, and joins two removals that touch', () => {
    const text = 'abcdef';
    expect(
      settleEdits(text, [
        { start: 3, end: 5, replacement: 'X' },
        { start: 0, end: 2, replacement: 'Y' },
        { start: 4, end: 6, replacement: 'Z' },
      ]),
    ).toEqual([
      { start: 0, end: 2, replacement: 'Y' },
      { start: 3, end: 5, replacement: 'X' },
    ]);
    expect(
      settleEdits(text, [
        { start: 0, end: 3, replacement: '' },
        { start: 2, end: 5, replacement: '' },
        { start: 1, end: 2, replacement: '' },
      ]),
    ).toEqual([{ start: 0, end: 5, replacement: '' }]);
  });

  it('keeps the shorter of two edits from one place, both of two that touch, and a removal over a replacement only first', () => {
    const text = 'abcdef';
    expect(
      settleEdits(text, [
        { start: 0, end: 3, replacement: 'X' },
        { start: 0, end: 2, replacement: 'Y' },
      ]),
    ).toEqual([{ start: 0, end: 2, replacement: 'Y' }]);
    const touching = [
      { start: 0, end: 2, replacement: 'Y' },
      { start: 2, end: 4, replacement: 'Z' },
    ];
    expect(settleEdits(text, touching)).toEqual(touching);
    expect(
      settleEdits(text, [
        { start: 0, end: 3, replacement: '' },
        { start: 2, end: 5, replacement: 'Z' },
      ]),
    ).toEqual([{ start: 0, end: 3, replacement: '' }]);
    expect(
      settleEdits(text, [
        { start: 0, end: 3, replacement: 'Y' },
        { start: 2, end: 5, replacement: '' },
      ]),
    ).toEqual([{ start: 0, end: 3, replacement: 'Y' }]);
  });

  it('does not change the edits it is given', () => {
    const edits = [
      { start: 0, end: 3, replacement: '' },
      { start: 2, end: 5, replacement: '' },
    ];
    settleEdits('abcdef', edits);
    expect(edits[0]).toEqual({ start: 0, end: 3, replacement: '' });
  });

  it('leaves the lines alone when none is left blank', () => {
    const text = 'A x\nB';
    expect(settleEdits(text, [remove(text, ' x')])).toEqual([remove(text, ' x')]);
  });

  it.each([
    ['a line inside a paragraph', 'A\nX\nB', 'A\nB'],
    ['a paragraph between two', 'A\n\nX\n\nB', 'A\n\nB'],
    ['the last line of a paragraph', 'A\nX\n\nB', 'A\n\nB'],
    ['the first line of a paragraph', 'A\n\nX\nB', 'A\n\nB'],
    ['the last paragraph, keeping the final line break', 'A\n\nX\n', 'A\n'],
    ['the first paragraph', 'X\n\nA', 'A'],
    ['the first paragraph after blank lines, which stay', '\n\nX\n\nA', '\n\nA'],
    ['the only words of the post', ' \nX\n ', ''],
    ['an indented line, keeping the indent of the next', 'A\n  X\n  B', 'A\n  B'],
    ['a line with spaces after its words', 'A\nX  \nB', 'A\nB'],
    ['a paragraph after a blank line of spaces, keeping the clean blank line', 'A\n  \nX\n\nB', 'A\n\nB'],
    [
      'a paragraph and the blank line before it, not the blank line of spaces after it',
      'A\n\nX\n \t \nB',
      'A\n \t \nB',
    ],
  ])('removes %s with its line break', (_, text, expected) => {
    expect(settled(text, [remove(text, 'X')])).toBe(expected);
  });

  it('removes lines emptied by several edits, and a run of them with the blank lines between', () => {
    expect(settled('A\nX Y\nB', [remove('A\nX Y\nB', 'X'), remove('A\nX Y\nB', 'Y')])).toBe('A\nB');
    const text = 'A\n\nX\n\nY\n\nB';
    expect(settled(text, [remove(text, 'X'), remove(text, 'Y')])).toBe('A\n\nB');
    const apart = 'A\n\nX\nC\nY\n\nB';
    expect(settled(apart, [remove(apart, 'X'), remove(apart, 'Y')])).toBe('A\n\nC\n\nB');
  });

  it('takes a line left with only spaces as blank', () => {
    const text = 'A\nX\nB';
    expect(settled(text, [{ ...remove(text, 'X'), replacement: '  ' }])).toBe('A\nB');
  });

  it('leaves a line that was blank before, and one an edit joins to the next', () => {
    const text = 'A\n  \nB';
    expect(settleEdits(text, [{ start: 2, end: 4, replacement: '' }])).toEqual([
      { start: 2, end: 4, replacement: '' },
    ]);
    const joined = 'A\nX\nB';
    const across = { start: 2, end: 4, replacement: '' };
    expect(settleEdits(joined, [across])).toEqual([across]);
    const broken = { ...remove(joined, 'X'), replacement: '\n' };
    expect(settleEdits(joined, [broken])).toEqual([broken]);
    const lineBreak = { start: 1, end: 2, replacement: '' };
    expect(settleEdits(joined, [lineBreak])).toEqual([lineBreak]);
  });
});
