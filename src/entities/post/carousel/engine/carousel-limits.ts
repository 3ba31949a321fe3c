/**
 * Numbers the carousel engine holds to, in one zod-free module so the PDF worker can import them
 * without the schema library (docs/decisions/029-carousel-pdf.md).
 */

/** The AI proposes this many slides; fewer or more is a problem the caller retries once, then shows. */
export const minAiSlides = 5;
export const maxAiSlides = 10;

/** Our own cap while editing (LinkedIn allows far more pages, see below); at least one slide stays. */
export const maxSlides = 10;
export const minSlides = 1;

/** Advised, not enforced: a longer body is kept whole and may shrink or overflow in the layout. */
export const advisedBodyWords = 40;
export const advisedHeadingWords = 8;

/** What a 10-slide carousel should weigh at most (the benchmark target). */
export const carouselPdfTargetBytes = 2_000_000;

/**
 * A photo is drawn about 160 px wide: the caller passes a small rendition (a display rendition,
 * not the camera original), which keeps the PDF well under its 2 MB target.
 */
export const maxPhotoBytes = 1_000_000;

export type CarouselFormat = '4:5' | 'square';

/** Page sizes in PDF points, one point per pixel of LinkedIn's recommended sizes. */
export const pageSizes: Record<CarouselFormat, { width: number; height: number }> = {
  '4:5': { width: 1080, height: 1350 },
  square: { width: 1080, height: 1080 },
};
