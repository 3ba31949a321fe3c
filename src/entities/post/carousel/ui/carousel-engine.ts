import { buildCarouselPdf, closeCarouselWorker, layoutCarouselInWorker } from '../engine/build-carousel-pdf';
import type { Carousel, CarouselDesign } from '../engine/carousel-schema';
import type { CarouselLayout } from '../engine/layout-carousel';

/** What the editor asks of the carousel engine: a layout to preview and check, and the PDF. */
export interface CarouselEngine {
  layout: (carousel: Carousel, design: CarouselDesign) => Promise<CarouselLayout>;
  pdf: (carousel: Carousel, design: CarouselDesign) => Promise<Uint8Array>;
  close: () => void;
}

/** The engine in its module worker (docs/decisions/029), fonts fetched once while the editor is open. */
export const workerEngine: CarouselEngine = {
  layout: layoutCarouselInWorker,
  pdf: buildCarouselPdf,
  close: closeCarouselWorker,
};
