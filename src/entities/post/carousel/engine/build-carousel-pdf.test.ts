/// <reference types="node" />
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCarouselPdf, checkCarousel, closeCarouselWorker } from './build-carousel-pdf';
import { createCarouselJobRunner, type CarouselJob } from './carousel-job';
import { CarouselPdfError } from './carousel-pdf-problem';
import { buildCarousel, buildDesign, withSlide } from './carousel-test-data';
import { readFontFileFromNodeModules } from './read-font-files.node';

/**
 * A stand-in for the browser's module worker: the same job runner carousel-pdf.worker.ts runs, with
 * fonts read from node_modules, answering through the same numbered messages.
 */
class FakeWorker {
  static started: FakeWorker[] = [];
  static crash = false;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { preventDefault: () => void }) => void) | null = null;
  jobs: CarouselJob['type'][] = [];
  private readonly run = createCarouselJobRunner(readFontFileFromNodeModules);
  constructor() {
    FakeWorker.started.push(this);
  }
  postMessage({ id, job }: { id: number; job: CarouselJob }) {
    this.jobs.push(job.type);
    if (FakeWorker.crash) {
      setTimeout(() => this.onerror?.({ preventDefault: () => {} }));
      return;
    }
    void this.run(job).then((result) => this.onmessage?.({ data: { id, result } }));
  }
  terminate() {}
}

afterEach(() => {
  closeCarouselWorker();
  vi.unstubAllGlobals();
  FakeWorker.started = [];
  FakeWorker.crash = false;
});

describe('buildCarouselPdf and checkCarousel', () => {
  it('make the PDF and the check in one long-lived worker', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const carousel = buildCarousel({ slideCount: 6 });
    const check = await checkCarousel(withSlide(carousel, 1, { body: 'Fine 🚀' }), buildDesign());
    expect(check.overflows).toEqual([]);
    expect(check.missingGlyphs).toEqual([expect.objectContaining({ slideNumber: 2, characters: ['🚀'] })]);
    const bytes = await buildCarouselPdf(carousel, buildDesign());
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(6);
    expect(FakeWorker.started).toHaveLength(1);
    expect(FakeWorker.started[0]?.jobs).toEqual(['check', 'pdf']);
  });

  it('reject an overflowing slide with its number, and report it in the check', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const carousel = withSlide(buildCarousel(), 2, { body: 'Far too long for one slide. '.repeat(80) });
    expect(
      (await checkCarousel(carousel, buildDesign())).overflows.map((overflow) => overflow.slideNumber),
    ).toEqual([3]);
    const error = await buildCarouselPdf(carousel, buildDesign()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CarouselPdfError);
    expect((error as CarouselPdfError).problem.code).toBe('overflow');
    expect((error as CarouselPdfError).message).toBe(
      'Slide 3 has more text than fits. Shorten it before downloading.',
    );
  });

  it('reject invalid input before any work', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const noBrand = buildCarouselPdf(buildCarousel(), buildDesign({ theme: 'brand' }));
    await expect(noBrand).rejects.toMatchObject({
      problem: { code: 'invalid', message: 'The brand theme needs the brand colour from Settings.' },
    });
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38]);
    await expect(
      buildCarouselPdf(buildCarousel(), buildDesign({ author: { name: 'A', photo: gif } })),
    ).rejects.toMatchObject({
      problem: { code: 'invalid', message: 'The photo must be a JPEG or PNG image.' },
    });
    await expect(buildCarouselPdf(buildCarousel({ slideCount: 11 }), buildDesign())).rejects.toMatchObject({
      problem: { code: 'invalid' },
    });
    expect(FakeWorker.started).toEqual([]);
  });

  it('fall back to the page (fonts fetched from their asset URLs) when the worker fails', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.crash = true;
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      const file = path.join(process.cwd(), url.slice(url.indexOf('node_modules/')));
      return new Response(new Uint8Array(await readFile(file)));
    });
    const bytes = await buildCarouselPdf(buildCarousel({ slideCount: 5 }), buildDesign());
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(5);
    expect(fetched.map((url) => path.basename(url)).sort()).toEqual([
      'Inter_400Regular.ttf',
      'Inter_700Bold.ttf',
    ]);
  });
});
