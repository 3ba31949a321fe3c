import { performance } from 'node:perf_hooks';
import { createCarouselJobRunner } from '../../src/entities/post/carousel/engine/carousel-job.ts';
import { carouselPdfTargetBytes } from '../../src/entities/post/carousel/engine/carousel-limits.ts';
import {
  buildCarousel,
  buildDesign,
  withSlide,
} from '../../src/entities/post/carousel/engine/carousel-test-data.ts';
import { readFontFileFromNodeModules } from '../../src/entities/post/carousel/engine/read-font-files.node.ts';
import { check } from '../check.ts';
import type { BenchCase, BenchResult } from '../report.ts';
import { row, sampleRows } from '../results.ts';
import { round } from '../stats.ts';

const runs = 10;
const targetMs = 1500;
const slides = 10;

/**
 * The carousel PDF of 10 slides, built by the same job runner the browser's worker runs (fonts
 * read from node_modules instead of fetched): the first build of a fresh runner (fonts parsed,
 * shaping warmed up), then warm builds, and the file size, with Latin text only and with text
 * that needs the fallback font.
 */
async function run(): Promise<BenchResult[]> {
  const carousel = buildCarousel({ slideCount: slides });
  const design = buildDesign({ theme: 'brand', brandColor: '#0a66c2' });
  const build = createCarouselJobRunner(readFontFileFromNodeModules);
  const pdf = async (input = carousel) => {
    const result = await build({ type: 'pdf', carousel: input, design });
    check(result.ok && result.bytes !== undefined, 'the carousel PDF should be built');
    return result.bytes;
  };

  const cold = performance.now();
  const first = await pdf();
  const coldMs = performance.now() - cold;
  const samples: number[] = [];
  let bytes = first;
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    bytes = await pdf();
    samples.push(performance.now() - started);
  }
  const multilingual = withSlide(
    withSlide(carousel, 2, { body: 'Привет, мир. Γειά σου κόσμε. Բարեւ աշխարհ. ✓ → ★' }),
    5,
    {
      heading: 'გამარჯობა',
    },
  );
  const fallbackBytes = await pdf(multilingual);
  check(bytes.byteLength <= carouselPdfTargetBytes, 'the PDF should stay under 2 MB');
  console.log(
    `  ${slides}-slide PDF: first ${round(coldMs)} ms, warm ${samples.map(round).join(', ')} ms; ` +
      `${round(bytes.byteLength / 1000)} kB (with fallback font ${round(fallbackBytes.byteLength / 1000)} kB)`,
  );
  const note = `${slides} slides 4:5, brand theme, Inter subsets, in Node (the browser runs it in a worker)`;
  return [
    row('carousel PDF of 10 slides, first build', coldMs, 'ms', {
      target: targetMs,
      note: `${note}; fonts parsed, shaping cold`,
    }),
    ...sampleRows('carousel PDF of 10 slides, warm', samples, ['median', 'max'], {
      target: targetMs,
      note: `${runs} runs; ${note}`,
    }),
    row('carousel PDF of 10 slides, size', bytes.byteLength / 1000, 'kB', {
      target: carouselPdfTargetBytes / 1000,
      note,
    }),
    row('carousel PDF of 10 slides with the fallback font, size', fallbackBytes.byteLength / 1000, 'kB', {
      target: carouselPdfTargetBytes / 1000,
      note: `${note}; Cyrillic, Greek, Armenian, Georgian and symbols (DejaVu Sans subset added)`,
    }),
  ];
}

export const carouselPdf: BenchCase = { name: 'carousel: PDF of 10 slides', run };
