import type { CarouselFonts, FontKey } from './carousel-fonts';
import { pageSizes } from './carousel-limits';
import type { Carousel, CarouselDesign, SlideKind } from './carousel-schema';
import { layoutSlide } from './layout-slide';
import type { SlideElement } from './slide-elements';

/** A slide whose text cannot fit even at the smallest size: shown before export, which it blocks. */
export interface SlideOverflow {
  slideIndex: number;
  slideId: string;
  /** 1-based, as the person sees it. */
  slideNumber: number;
  part: 'content' | 'author';
  message: string;
}

/** Characters of a slide that no shipped font can draw: left out of the PDF, said to the person. */
export interface MissingGlyphs {
  slideIndex: number;
  slideId: string;
  slideNumber: number;
  characters: string[];
  message: string;
}

export interface SlideLayout {
  index: number;
  id: string;
  kind: SlideKind;
  /** "3/8". */
  number: string;
  width: number;
  height: number;
  elements: SlideElement[];
  headingSize: number;
  bodySize: number;
  overflow: SlideOverflow | null;
  missing: MissingGlyphs | null;
}

export interface CarouselLayout {
  slides: SlideLayout[];
  overflows: SlideOverflow[];
  missingGlyphs: MissingGlyphs[];
  /** The fonts the text is drawn in (only these are embedded). */
  fontsUsed: FontKey[];
}

function overflowMessage(slideNumber: number, part: SlideOverflow['part']): string {
  return part === 'author'
    ? `Slide ${slideNumber}: the author's name is too long to fit. Shorten it.`
    : `Slide ${slideNumber} has more text than fits, even at the smallest size. Shorten it or split it into two slides.`;
}

function missingMessage(slideNumber: number, characters: readonly string[]): string {
  return `Slide ${slideNumber}: ${characters.join(' ')} cannot be shown in the PDF and will be left out.`;
}

/**
 * Lays every slide out with real font metrics. Deterministic: the same carousel, design and fonts
 * always give the same lines. The PDF draws exactly these elements.
 */
export function layoutCarousel(
  carousel: Carousel,
  design: CarouselDesign,
  fonts: CarouselFonts,
): CarouselLayout {
  const { width, height } = pageSizes[design.format];
  const total = carousel.slides.length;
  const slides = carousel.slides.map((slide, index): SlideLayout => {
    const laid = layoutSlide(
      {
        slide,
        index,
        total,
        format: design.format,
        authorName: design.author.name,
        hasPhoto: design.author.photo !== undefined,
      },
      fonts,
    );
    const slideNumber = index + 1;
    const where = { slideIndex: index, slideId: slide.id, slideNumber };
    return {
      index,
      id: slide.id,
      kind: slide.kind,
      number: `${slideNumber}/${total}`,
      width,
      height,
      elements: laid.elements,
      headingSize: laid.headingSize,
      bodySize: laid.bodySize,
      overflow: laid.overflow
        ? { ...where, part: laid.overflow, message: overflowMessage(slideNumber, laid.overflow) }
        : null,
      missing:
        laid.missing.length > 0
          ? { ...where, characters: laid.missing, message: missingMessage(slideNumber, laid.missing) }
          : null,
    };
  });
  const fontsUsed = new Set<FontKey>();
  for (const slide of slides)
    for (const element of slide.elements)
      if (element.type === 'text')
        for (const line of element.lines) for (const run of line.runs) fontsUsed.add(run.font);
  return {
    slides,
    overflows: slides.flatMap((slide) => (slide.overflow ? [slide.overflow] : [])),
    missingGlyphs: slides.flatMap((slide) => (slide.missing ? [slide.missing] : [])),
    fontsUsed: [...fontsUsed].sort(),
  };
}
