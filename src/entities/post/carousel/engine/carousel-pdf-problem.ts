import { linkedinMaxDocumentPages, maxCarouselBytes } from '@shared/carousel-limits';
import type { MissingGlyphs, SlideOverflow } from './layout-carousel';

export type CarouselPdfProblemCode = 'invalid' | 'overflow' | 'too-many-pages' | 'too-large' | 'failed';

/** Why a PDF was not made, as a value that crosses the worker boundary: a code and a message to show. */
export interface CarouselPdfProblem {
  code: CarouselPdfProblemCode;
  message: string;
  /** With `overflow`: every slide that does not fit. */
  overflows?: SlideOverflow[];
}

/** Thrown by buildCarouselPdf; `problem` says what to show. */
export class CarouselPdfError extends Error {
  readonly problem: CarouselPdfProblem;
  constructor(problem: CarouselPdfProblem) {
    super(problem.message);
    this.name = 'CarouselPdfError';
    this.problem = problem;
  }
}

const megabytes = (bytes: number) => `${Math.round(bytes / 100_000) / 10} MB`;

/**
 * A document post's limits, checked before any upload (null when within them): LinkedIn's page
 * count, and the size the post-carousels bucket stores (far under LinkedIn's 100 MB).
 */
export function documentLimitProblem(byteLength: number, pageCount: number): CarouselPdfProblem | null {
  if (pageCount > linkedinMaxDocumentPages) {
    return {
      code: 'too-many-pages',
      message: `The PDF has ${pageCount} pages; LinkedIn takes at most ${linkedinMaxDocumentPages}.`,
    };
  }
  if (byteLength > maxCarouselBytes) {
    return {
      code: 'too-large',
      message: `The PDF is ${megabytes(byteLength)}; a carousel can be at most ${megabytes(maxCarouselBytes)}.`,
    };
  }
  return null;
}

export function overflowProblem(overflows: SlideOverflow[]): CarouselPdfProblem {
  const numbers = overflows.map((overflow) => overflow.slideNumber);
  const which = numbers.length === 1 ? `Slide ${numbers[0]} has` : `Slides ${numbers.join(', ')} have`;
  return {
    code: 'overflow',
    message: `${which} more text than fits. Shorten ${numbers.length === 1 ? 'it' : 'them'} before downloading.`,
    overflows,
  };
}

/** What the layout found that the person should know before export (shown, not blocking). */
export interface CarouselCheck {
  overflows: SlideOverflow[];
  missingGlyphs: MissingGlyphs[];
}
