import type { Carousel, CarouselDesign, ClosingSlide, Slide } from './carousel-schema';

/** Factories for the carousel's tests and benchmark (STYLE.md: factories, not fixture files). */
export function buildSlides(count: number): Slide[] {
  return Array.from({ length: count }, (_, index): Slide => {
    const id = `slide-${index + 1}`;
    if (index === 0)
      return {
        kind: 'hook',
        id,
        heading: 'Five habits that doubled my reach',
        body: 'What I learned after a year of posting every weekday.',
      };
    if (index === count - 1) return buildClosingSlide({ id });
    return {
      kind: 'idea',
      id,
      heading: `Habit ${index}: write the hook last`,
      body:
        'Draft the whole post first, then read it back and ask what would make a stranger stop scrolling. ' +
        'That sentence is your hook; move it to the top and cut everything that repeats it.',
    };
  });
}

export function buildClosingSlide(overrides: Partial<ClosingSlide> = {}): ClosingSlide {
  return {
    kind: 'closing',
    id: 'slide-99',
    heading: 'Found this useful?',
    body: 'Save it for your next post.',
    authorName: 'Ada Lovelace',
    headline: 'Analyst of engines, writer of notes',
    callToAction: 'Follow for more',
    ...overrides,
  };
}

export function buildCarousel(overrides: Partial<Carousel> & { slideCount?: number } = {}): Carousel {
  const { slideCount = 8, ...rest } = overrides;
  return { title: 'Five habits that doubled my reach', slides: buildSlides(slideCount), ...rest };
}

export function buildDesign(overrides: Partial<CarouselDesign> = {}): CarouselDesign {
  return { theme: 'light', format: '4:5', author: { name: 'Ada Lovelace' }, ...overrides };
}

/** A carousel with one slide replaced. */
export function withSlide(carousel: Carousel, index: number, slide: Partial<Slide>): Carousel {
  return {
    ...carousel,
    slides: carousel.slides.map((each, at) => (at === index ? ({ ...each, ...slide } as Slide) : each)),
  };
}
