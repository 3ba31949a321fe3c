import { describe, expect, it } from 'vitest';
import { foldForFeed, foldIndex, linkedInLength } from './linkedin-text';

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

  it('keeps exactly three lines or exactly 210 characters whole', () => {
    expect(foldForFeed('one\ntwo\nthree')).toEqual({ visible: 'one\ntwo\nthree', folded: false });
    const exact = 'y'.repeat(210);
    expect(foldForFeed(exact)).toEqual({ visible: exact, folded: false });
  });

  it('cuts a long word with no space at exactly 210 characters, and keeps a full emoji just inside', () => {
    expect(foldForFeed('z'.repeat(400)).visible).toBe('z'.repeat(210));
    // The emoji's two halves are characters 209 and 210: it fits, and stays whole.
    expect(foldForFeed(`${'x'.repeat(208)}👋${'x'.repeat(50)}`).visible).toBe(`${'x'.repeat(208)}👋`);
    // A character from the surrogate range's edges (U+D7FF, U+DC00) is not an emoji's first half.
    expect(foldForFeed(`${'x'.repeat(209)}\uD7FF${'x'.repeat(9)}`).visible).toHaveLength(210);
    // The first and last possible first halves (U+D800, U+DBFF) are never left alone at the cut.
    expect(foldForFeed(`${'x'.repeat(209)}\uD800\uDC00${'x'.repeat(9)}`).visible).toBe('x'.repeat(209));
    expect(foldForFeed(`${'x'.repeat(209)}\uDBFF\uDFFF${'x'.repeat(9)}`).visible).toBe('x'.repeat(209));
  });

  it('cuts at a space only when it keeps more than 60% of the fold (126 characters)', () => {
    const lateSpace = `${'a'.repeat(130)} ${'b'.repeat(200)}`;
    expect(foldForFeed(lateSpace).visible).toBe('a'.repeat(130));
    const earlySpace = `${'a'.repeat(100)} ${'b'.repeat(200)}`;
    expect(foldForFeed(earlySpace).visible).toBe(`${'a'.repeat(100)} ${'b'.repeat(109)}`);
    const atTheLimit = `${'a'.repeat(126)} ${'b'.repeat(200)}`;
    expect(foldForFeed(atTheLimit).visible).toBe(`${'a'.repeat(126)} ${'b'.repeat(83)}`);
  });

  it('drops the spaces and line breaks left at the end of a folded preview', () => {
    expect(foldForFeed('one  \ntwo \t \nthree   \nfour').visible).toBe('one  \ntwo \t \nthree');
  });
});

describe('foldIndex (where each device shades the post)', () => {
  const hook = 'I stopped writing meeting notes three years ago, and nobody noticed for a month.';
  const post = `${hook}\n\nThen the questions started. Who decided this? When? Why did we agree to it? It took a quarter to notice.\n\nWhat I do now instead.`;

  it('folds a phone after two lines and a desktop after three, at a word', () => {
    const phone = foldIndex(post, 'phone');
    const desktop = foldIndex(post, 'desktop');
    expect(post.slice(0, phone ?? 0)).toBe(`${hook}\n`.trimEnd());
    expect(desktop).toBeGreaterThan(phone ?? 0);
    expect(post.slice(0, desktop ?? 0).endsWith(' ')).toBe(false);
  });

  it('leaves a short post whole on both', () => {
    expect(foldIndex('Short and sweet.', 'phone')).toBeNull();
    expect(foldIndex('Short and sweet.', 'desktop')).toBeNull();
  });

  it('folds between words, never inside one', () => {
    const text = `${'Curiosity beats talent. '.repeat(12)}Stay curious.`;
    for (const device of ['phone', 'desktop'] as const) {
      const at = foldIndex(text, device) ?? 0;
      expect(text.slice(0, at)).toMatch(/\S$/u);
      expect(text.slice(at)).toMatch(/^\s/u);
    }
  });
});
