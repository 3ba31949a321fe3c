import { describe, expect, it } from 'vitest';
import { foldForFeed, linkedInLength } from './linkedin-text';

describe('linkedInLength (UTF-16 code units, as LinkedIn counts)', () => {
  it.each([
    ['plain ASCII', 'Hello', 5],
    ['an emoji counts 2', '👋', 2],
    ['a Unicode bold letter counts 2', '𝐁𝐨𝐥𝐝', 8],
    ['accents count 1', 'café', 4],
    ['line breaks count', 'a\nb', 3],
    ['a flag (two regional indicators) counts 4', '🇬🇧', 4],
  ])('%s', (_name, text, expected) => {
    expect(linkedInLength(text)).toBe(expected);
  });
});

describe('foldForFeed ("…see more")', () => {
  it('keeps a short post whole', () => {
    expect(foldForFeed('A short post.')).toEqual({ visible: 'A short post.', folded: false });
  });

  it('folds after about 210 characters at a word boundary', () => {
    const text = `${'word '.repeat(60)}end`;
    const { visible, folded } = foldForFeed(text);
    expect(folded).toBe(true);
    expect(visible.length).toBeLessThanOrEqual(210);
    expect(visible.length).toBeGreaterThan(150);
    expect(visible.endsWith('word')).toBe(true);
  });

  it('folds after three lines even when they are short', () => {
    expect(foldForFeed('one\ntwo\nthree\nfour')).toEqual({ visible: 'one\ntwo\nthree', folded: true });
  });

  it('never cuts an emoji in half', () => {
    const text = `${'x'.repeat(209)}👋 and more text after the fold`;
    const { visible } = foldForFeed(text);
    expect(visible).toBe('x'.repeat(209));
    expect(/[\uD800-\uDBFF]$/.test(visible)).toBe(false);
  });
});
