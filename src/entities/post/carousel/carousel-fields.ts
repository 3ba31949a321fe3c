import { maxCarouselSlidesBytes, maxCarouselTitleLength } from '@shared/carousel-limits';
import type { CarouselContent, CarouselFields } from './carousel';

/** What the carousel's data functions say, beside their code (docs/product.md §15). */
export const carouselMessages = {
  titleMissing: 'Give the carousel a title: LinkedIn shows it above the slides.',
  uploadFailed:
    'The carousel PDF could not be stored, so nothing was saved. Your slides are still here — please try again.',
  quotaFull:
    'Your storage is full. Delete posts whose images or carousels you no longer need, then try again.',
} as const;

/**
 * The title and slides as the post stores them (title trimmed; empty is null), or an Error in the
 * author's words when they cannot be stored: a title over 400 characters, none for a PDF, or
 * slides over 256 KB.
 */
export function carouselContentFields(
  content: CarouselContent,
  { withPdf }: { withPdf: boolean },
): Omit<CarouselFields, 'carousel_path'> {
  const title = content.title.trim();
  if (withPdf && title === '') throw new Error(carouselMessages.titleMissing);
  if (title.length > maxCarouselTitleLength) {
    throw new Error(
      `The carousel title has ${title.length.toLocaleString('en-US')} characters; it can have at most ${maxCarouselTitleLength}.`,
    );
  }
  const size = new TextEncoder().encode(JSON.stringify(content.slides)).length;
  if (size > maxCarouselSlidesBytes) {
    throw new Error(
      `The slides are too long to save (${Math.ceil(size / 1024)} KB; at most ${maxCarouselSlidesBytes / 1024} KB). Shorten some slides.`,
    );
  }
  return { carousel_title: title === '' ? null : title, carousel_slides: content.slides };
}
