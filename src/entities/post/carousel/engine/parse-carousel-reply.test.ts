import { describe, expect, it } from 'vitest';
import { CarouselSchema } from './carousel-schema';
import { defaultCallToAction, parseCarouselReply } from './parse-carousel-reply';

const author = { name: 'Ada Lovelace', headline: 'Analyst of engines' };

const reply = (count: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    title: 'Five habits',
    slides: Array.from({ length: count }, (_, index) => ({
      kind: index === 0 ? 'hook' : index === count - 1 ? 'closing' : 'idea',
      heading: `Heading ${index + 1}`,
      body: `Body of slide ${index + 1}.`,
      ...(index === count - 1 ? { callToAction: 'Follow me for more' } : {}),
    })),
    ...extra,
  });

describe('parseCarouselReply', () => {
  it('reads a reply of 5–10 slides into a valid carousel: hook, ideas, closing with the author', () => {
    const result = parseCarouselReply(`Here are your slides:\n\`\`\`json\n${reply(7)}\n\`\`\``, author);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { carousel } = result;
    expect(CarouselSchema.parse(carousel)).toEqual(carousel);
    expect(carousel.title).toBe('Five habits');
    expect(carousel.slides.map((slide) => slide.kind)).toEqual([
      'hook',
      'idea',
      'idea',
      'idea',
      'idea',
      'idea',
      'closing',
    ]);
    expect(carousel.slides.map((slide) => slide.id)).toEqual(
      Array.from({ length: 7 }, (_, index) => `slide-${index + 1}`),
    );
    expect(carousel.slides.at(-1)).toMatchObject({
      authorName: 'Ada Lovelace',
      headline: 'Analyst of engines',
      callToAction: 'Follow me for more',
    });
  });

  it('accepts exactly 5 and exactly 10 slides', () => {
    expect(parseCarouselReply(reply(5), author).ok).toBe(true);
    expect(parseCarouselReply(reply(10), author).ok).toBe(true);
  });

  it.each([
    ['no JSON at all', 'Sorry, I cannot help with that.'],
    ['a reply cut off mid-object', reply(6).slice(0, 80)],
    ['an empty reply', ''],
  ])('reports malformed JSON for %s', (_name, text) => {
    const result = parseCarouselReply(text, author);
    expect(result).toEqual({
      ok: false,
      problem: expect.objectContaining({
        code: 'malformed-json',
        message: 'The AI’s slides could not be read. Try again.',
      }),
    });
  });

  it.each([
    ['slides missing', JSON.stringify({ title: 'x' })],
    ['slides not a list', JSON.stringify({ slides: 'one, two' })],
    ['a slide without a heading', JSON.stringify({ slides: [{ body: 'only a body' }] })],
    ['a heading that is a number', JSON.stringify({ slides: [{ heading: 3 }] })],
  ])('reports an invalid shape for %s', (_name, text) => {
    const result = parseCarouselReply(text, author);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem.code).toBe('invalid-shape');
    expect(result.problem.detail).toBeTruthy();
  });

  it('reports too few slides with the count, after dropping empty ones', () => {
    const text = JSON.stringify({
      slides: [
        { heading: 'One', body: 'a' },
        { heading: '  ', body: '\n' },
        { heading: 'Two' },
        { heading: 'Three' },
        { heading: 'Four' },
      ],
    });
    const result = parseCarouselReply(text, author);
    expect(result).toEqual({
      ok: false,
      problem: {
        code: 'too-few-slides',
        message: 'The AI proposed 4 slides; a carousel has 5 to 10. Try again.',
        detail: '4 slides',
        slideCount: 4,
      },
    });
  });

  it('reports too many slides rather than dropping any', () => {
    const result = parseCarouselReply(reply(12), author);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem).toMatchObject({ code: 'too-many-slides', slideCount: 12 });
    expect(result.problem.message).toBe('The AI proposed 12 slides; a carousel has 5 to 10. Try again.');
  });

  it('sets kinds by position, whatever the AI said, and fills the call to action when missing', () => {
    const text = JSON.stringify({
      slides: Array.from({ length: 6 }, (_, index) => ({ kind: 'closing', heading: `H${index}` })),
    });
    const result = parseCarouselReply(text, { name: '  Grace Hopper ', headline: '' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.carousel.slides.map((slide) => slide.kind)).toEqual([
      'hook',
      'idea',
      'idea',
      'idea',
      'idea',
      'closing',
    ]);
    expect(result.carousel.slides.at(-1)).toMatchObject({
      authorName: 'Grace Hopper',
      callToAction: defaultCallToAction,
    });
    expect(result.carousel.title).toBe('H0');
  });

  it('tidies whitespace but never shortens text (a 2,000-character body is kept whole)', () => {
    const long = 'word '.repeat(400).trim();
    const text = JSON.stringify({
      slides: [
        { heading: '  Hook \r\n', body: 'First line.   \r\n\r\n\r\n\r\nSecond paragraph.' },
        { heading: 'Long', body: long },
        { heading: 'C' },
        { heading: 'D' },
        { heading: 'E' },
      ],
    });
    const result = parseCarouselReply(text, author);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.carousel.slides[0]).toMatchObject({
      heading: 'Hook',
      body: 'First line.\n\nSecond paragraph.',
    });
    expect(result.carousel.slides[1]?.body).toBe(long);
    expect(result.carousel.slides[1]?.body.length).toBeGreaterThanOrEqual(1999);
  });
});
