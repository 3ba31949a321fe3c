import { describe, expect, it } from 'vitest';
import { hasCarousel } from './carousel';
import { carouselContentFields, carouselMessages } from './carousel-fields';

const slides = { slides: [{ heading: 'Ship small', body: 'One change a day.' }], design: { theme: 'dark' } };

describe('carouselContentFields', () => {
  it('trims the title and keeps the slides as they are; an empty title is none until there is a PDF', () => {
    expect(carouselContentFields({ title: '  Ship small ', slides }, { withPdf: true })).toEqual({
      carousel_title: 'Ship small',
      carousel_slides: slides,
    });
    expect(carouselContentFields({ title: '  ', slides }, { withPdf: false })).toEqual({
      carousel_title: null,
      carousel_slides: slides,
    });
    expect(() => carouselContentFields({ title: '  ', slides }, { withPdf: true })).toThrow(
      carouselMessages.titleMissing,
    );
  });

  it('refuses a title over 400 characters and slides over 256 KB, with the numbers', () => {
    expect(
      carouselContentFields({ title: 'x'.repeat(400), slides }, { withPdf: true }).carousel_title,
    ).toHaveLength(400);
    expect(() => carouselContentFields({ title: 'x'.repeat(401), slides }, { withPdf: true })).toThrow(
      'The carousel title has 401 characters; it can have at most 400.',
    );
    const huge = { slides: [{ body: 'é'.repeat(140_000) }] };
    expect(() => carouselContentFields({ title: 'Deck', slides: huge }, { withPdf: false })).toThrow(
      'The slides are too long to save (274 KB; at most 256 KB). Shorten some slides.',
    );
  });
});

describe('hasCarousel', () => {
  it('counts slides not yet exported as a carousel, as the database does', () => {
    expect(hasCarousel({ carousel_path: null, carousel_slides: null })).toBe(false);
    expect(hasCarousel({ carousel_path: null, carousel_slides: slides })).toBe(true);
    expect(hasCarousel({ carousel_path: 'u/deck.pdf', carousel_slides: null })).toBe(true);
  });
});
