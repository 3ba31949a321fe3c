import { describe, expect, it } from 'vitest';
import type { Finding } from './check-post';
import { quoteOf } from './quote-finding';

const place = (text: string, words: string, from = 0): Finding => {
  const start = text.indexOf(words, from);
  return { kind: 'em-dash', start, end: start + words.length, message: 'Why.', severity: 'warning' };
};

describe('quoteOf', () => {
  it('quotes words as they are, without the spaces around them', () => {
    const text = 'We ship #Growth daily';
    expect(quoteOf(text, place(text, ' #Growth'))).toBe('#Growth');
    expect(quoteOf('Go #AI now', place('Go #AI now', '#AI'))).toBe('#AI');
  });

  it('quotes a mark too small to find alone with its line around it', () => {
    const text = 'We shipped — finally.\n\nNext';
    expect(quoteOf(text, place(text, ' — '))).toBe('We shipped — finally.');
    const bullets = 'Intro\n✅ Measure twice\n✅ Cut';
    expect(quoteOf(bullets, place(bullets, '✅ '))).toBe('✅ Measure twice');
  });

  it('quotes a one-letter tag with the words around it, and an indented bullet without its indent', () => {
    const tags = 'We ship. #AI #ML #D';
    expect(quoteOf(tags, place(tags, ' #D'))).toBe('We ship. #AI #ML #D');
    const bullets = 'Intro\n    ✅ Measure\n    ✅ Cut';
    expect(quoteOf(bullets, place(bullets, '✅ '))).toBe('✅ Measure');
  });

  it('keeps a whole word that starts right where the reach ends', () => {
    const text = `zzzz ${'a'.repeat(13)} ${'b'.repeat(10)} — cc`;
    expect(quoteOf(text, place(text, ' — '))).toBe(`…${'a'.repeat(13)} ${'b'.repeat(10)} — cc`);
  });

  it('cuts a long line at whole words, marking the cuts', () => {
    const text =
      'After three long months of arguing about it we shipped — finally and for good this time, honestly.';
    expect(quoteOf(text, place(text, ' — '))).toBe('…about it we shipped — finally and for good…');
  });

  it('keeps a word that ends right at the edge of the reach', () => {
    const text = `${'x'.repeat(30)} abcdefghijklmnopqrstuvw — abcdefghijklmnopqrstuvw ${'y'.repeat(30)}`;
    expect(quoteOf(text, place(text, ' — '))).toBe('…abcdefghijklmnopqrstuvw — abcdefghijklmnopqrstuvw…');
  });

  it('quotes just the mark when the words beside it are too long to cut', () => {
    const text = `${'x'.repeat(40)}—${'y'.repeat(40)}`;
    expect(quoteOf(text, place(text, '—'))).toBe('…—…');
  });

  it('quotes 60 characters but not 61, nor the whole post', () => {
    const sixty = `${'a'.repeat(60)}`;
    expect(quoteOf(`${sixty} b`, place(`${sixty} b`, sixty))).toBe(sixty);
    expect(quoteOf(`${sixty}a b`, place(`${sixty}a b`, `${sixty}a`))).toBe('');
    expect(quoteOf('Hi', place('Hi', 'Hi'))).toBe('');
  });
});
