import {
  fontsFromBytes,
  needsFallback,
  type CarouselFonts,
  type FontKey,
  type ReadFontFile,
} from './carousel-fonts';
import { CarouselPdfError, type CarouselCheck, type CarouselPdfProblem } from './carousel-pdf-problem';
import type { Carousel, CarouselDesign } from './carousel-schema';
import { layoutCarousel, type CarouselLayout } from './layout-carousel';
import { renderCarouselPdf } from './render-carousel-pdf';

/**
 * One request to the carousel worker: check the layout (overflows, missing characters), lay it out
 * for the editor's preview (the same elements the PDF draws), or make the PDF.
 */
export interface CarouselJob {
  type: 'check' | 'layout' | 'pdf';
  carousel: Carousel;
  design: CarouselDesign;
}

export type CarouselJobResult =
  | { ok: true; check: CarouselCheck; bytes?: Uint8Array; layout?: CarouselLayout }
  | { ok: false; problem: CarouselPdfProblem };

export const failedMessage = 'The PDF could not be made. Try again.';

/** Every text a carousel draws, to know whether it needs the fallback font. */
export function carouselTexts(carousel: Carousel, design: CarouselDesign): string[] {
  return [
    design.author.name,
    ...carousel.slides.flatMap((slide) =>
      slide.kind === 'closing'
        ? [slide.heading, slide.body, slide.authorName, slide.headline, slide.callToAction]
        : [slide.heading, slide.body],
    ),
  ];
}

/**
 * Runs jobs with fonts read once and parsed once (the worker lives while the editor is open, so
 * the second check or PDF skips the fetch, the parse and most of the shaping).
 */
export function createCarouselJobRunner(
  read: ReadFontFile,
): (job: CarouselJob) => Promise<CarouselJobResult> {
  const files = new Map<FontKey, Promise<Uint8Array>>();
  const readOnce: ReadFontFile = (key) => {
    let file = files.get(key);
    if (!file) {
      file = read(key);
      files.set(key, file);
      file.catch(() => files.delete(key));
    }
    return file;
  };
  const sets = new Map<string, Promise<CarouselFonts>>();
  const fontSet = (keys: readonly FontKey[]) => {
    const name = keys.join('+');
    let set = sets.get(name);
    if (!set) {
      set = Promise.all(keys.map(readOnce)).then((bytes) =>
        fontsFromBytes(Object.fromEntries(keys.map((key, index) => [key, bytes[index]]))),
      );
      sets.set(name, set);
      set.catch(() => sets.delete(name));
    }
    return set;
  };

  return async (job) => {
    try {
      const inter = await fontSet(['inter-regular', 'inter-bold']);
      const fonts = needsFallback(inter, carouselTexts(job.carousel, job.design))
        ? await fontSet(['inter-regular', 'inter-bold', 'dejavu-regular', 'dejavu-bold'])
        : inter;
      if (job.type === 'check' || job.type === 'layout') {
        const layout = layoutCarousel(job.carousel, job.design, fonts);
        const check = { overflows: layout.overflows, missingGlyphs: layout.missingGlyphs };
        return job.type === 'layout' ? { ok: true, check, layout } : { ok: true, check };
      }
      const { bytes, layout } = await renderCarouselPdf(job.carousel, job.design, fonts);
      return { ok: true, bytes, check: { overflows: layout.overflows, missingGlyphs: layout.missingGlyphs } };
    } catch (error) {
      if (error instanceof CarouselPdfError) return { ok: false, problem: error.problem };
      console.error('carousel PDF failed', error);
      return { ok: false, problem: { code: 'failed', message: failedMessage } };
    }
  };
}
