import type { CarouselJob, CarouselJobResult } from './carousel-job';
import { CarouselPdfError, type CarouselCheck, type CarouselPdfProblem } from './carousel-pdf-problem';
import { CarouselDesignSchema, CarouselSchema, type Carousel, type CarouselDesign } from './carousel-schema';
import type { CarouselLayout } from './layout-carousel';

/** Long enough for a cold start on a slow phone (fonts fetched, parsed, 10 pages); then given up. */
const jobTimeoutMs = 60_000;
const failed: CarouselPdfProblem = { code: 'failed', message: 'The PDF could not be made. Try again.' };

type Run = (job: CarouselJob) => Promise<CarouselJobResult>;

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, (result: CarouselJobResult | 'failed') => void>();
let pageRunner: Promise<Run> | null = null;

/** The same jobs on the page, where there is no Worker or it cannot start (loaded only then). */
function onPage(job: CarouselJob): Promise<CarouselJobResult> {
  pageRunner ??= Promise.all([import('./carousel-job'), import('./carousel-font-urls')]).then(
    ([{ createCarouselJobRunner }, { fetchFontFile }]) => createCarouselJobRunner(fetchFontFile),
  );
  return pageRunner.then((run) => run(job));
}

function startWorker(): Worker | null {
  if (worker) return worker;
  if (typeof Worker === 'undefined') return null;
  try {
    worker = new Worker(new URL('./carousel-pdf.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  worker.onmessage = (event: MessageEvent<{ id: number; result: CarouselJobResult }>) => {
    pending.get(event.data.id)?.(event.data.result);
    pending.delete(event.data.id);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    closeCarouselWorker();
  };
  return worker;
}

function inWorker(job: CarouselJob): Promise<CarouselJobResult | 'failed'> {
  const running = startWorker();
  if (!running) return Promise.resolve('failed');
  return new Promise((resolve) => {
    const id = nextId++;
    const timer = setTimeout(() => {
      pending.delete(id);
      resolve({ ok: false, problem: failed });
    }, jobTimeoutMs);
    pending.set(id, (result) => {
      clearTimeout(timer);
      resolve(result);
    });
    running.postMessage({ id, job });
  });
}

async function run(
  type: CarouselJob['type'],
  carousel: Carousel,
  design: CarouselDesign,
): Promise<CarouselJobResult> {
  const checkedCarousel = CarouselSchema.safeParse(carousel);
  const checkedDesign = CarouselDesignSchema.safeParse(design);
  const invalid = [checkedCarousel, checkedDesign].find((checked) => !checked.success)?.error;
  if (invalid)
    return { ok: false, problem: { code: 'invalid', message: invalid.issues[0]?.message ?? failed.message } };
  const job: CarouselJob = { type, carousel, design };
  const result = await inWorker(job);
  return result === 'failed' ? onPage(job) : result;
}

/**
 * The carousel as a PDF (one page per slide, fonts embedded, text as text), made in a module worker
 * so the page never stalls. Throws CarouselPdfError with a code and a message to show: `invalid`,
 * `overflow` (naming the slides), `too-many-pages`, `too-large` (LinkedIn's limits) or `failed`.
 */
export async function buildCarouselPdf(carousel: Carousel, design: CarouselDesign): Promise<Uint8Array> {
  const result = await run('pdf', carousel, design);
  if (!result.ok) throw new CarouselPdfError(result.problem);
  if (!result.bytes) throw new CarouselPdfError(failed);
  return result.bytes;
}

/**
 * What the editor shows before export: the slides whose text cannot fit and the characters no font
 * can draw, laid out with the same fonts and metrics as the PDF. Throws CarouselPdfError like
 * buildCarouselPdf (never `overflow`: overflows are the answer here).
 */
export async function checkCarousel(carousel: Carousel, design: CarouselDesign): Promise<CarouselCheck> {
  const result = await run('check', carousel, design);
  if (!result.ok) throw new CarouselPdfError(result.problem);
  return result.check;
}

/**
 * The carousel laid out for the editor's preview: every slide's elements (the lines the PDF draws,
 * in the same fonts), with the overflows and missing characters. Throws CarouselPdfError like
 * checkCarousel.
 */
export async function layoutCarouselInWorker(
  carousel: Carousel,
  design: CarouselDesign,
): Promise<CarouselLayout> {
  const result = await run('layout', carousel, design);
  if (!result.ok) throw new CarouselPdfError(result.problem);
  if (!result.layout) throw new CarouselPdfError(failed);
  return result.layout;
}

/** Stops the worker (the editor closed); the next call starts a new one. Pending calls fall back to the page. */
export function closeCarouselWorker(): void {
  worker?.terminate();
  worker = null;
  for (const resolve of pending.values()) resolve('failed');
  pending.clear();
}
