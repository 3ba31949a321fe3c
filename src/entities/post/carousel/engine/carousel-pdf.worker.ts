import { fetchFontFile } from './carousel-font-urls';
import { createCarouselJobRunner, type CarouselJob, type CarouselJobResult } from './carousel-job';

/** The worker's side of carousel-pdf-client.ts: numbered jobs in, numbered results out. */
interface CarouselWorkerScope {
  onmessage: ((event: MessageEvent<{ id: number; job: CarouselJob }>) => void) | null;
  postMessage: (message: { id: number; result: CarouselJobResult }, transfer?: Transferable[]) => void;
}

// The app's TypeScript knows the page's globals, not a worker's: this is how the worker sees `self`.
const scope = self as unknown as CarouselWorkerScope;
const run = createCarouselJobRunner(fetchFontFile);

scope.onmessage = (event) => {
  const { id, job } = event.data;
  void run(job).then((result) => {
    const transfer = result.ok && result.bytes ? [result.bytes.buffer as ArrayBuffer] : [];
    scope.postMessage({ id, result }, transfer);
  });
};
