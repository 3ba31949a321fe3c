import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../../harness/browser.ts';
import { newAccount, signUpAndOnboard } from '../../harness/journeys.ts';
import { drawPhoto } from '../../harness/photo.ts';
import type { AppServer } from '../../harness/app-server.ts';
import { check } from '../check.ts';
import { withAppInBrowser } from '../generation-app.ts';
import type { BenchCase, BenchResult } from '../report.ts';
import { row, sampleRows } from '../results.ts';
import { round } from '../stats.ts';

const runs = 3;
const photoBytes = 3 * 1024 * 1024;

const composer = (page: Page) => page.getByRole('region', { name: 'Create New Post' });
const preview = (page: Page) => page.getByRole('article', { name: 'Post preview' });

/** A photo-like JPEG of about 3 MB (noise does not compress), drawn in the page's canvas. */
export async function makePhoto(page: Page): Promise<Buffer> {
  for (let side = 1600; side <= 4000; side += 200) {
    const photo = await drawPhoto(page, Math.round(side * 1.5), side, 0.8);
    if (photo.length >= photoBytes * 0.9) return photo;
  }
  throw new Error('could not draw a photo of about 3 MB');
}

export async function generatePost(page: Page, topic: string): Promise<void> {
  await page.getByLabel('What would you like to post about?').fill(topic);
  await composer(page).getByRole('button', { name: 'Generate Post' }).click();
  await preview(page).waitFor();
  await composer(page).getByRole('button', { name: 'Generate Post' }).waitFor({ timeout: 60_000 });
}

/** Choose the file → the preview shows it decoded; then Save Post → the saved toast. */
async function attachAndSave(
  page: Page,
  photo: Buffer,
  run: number,
): Promise<{ previewMs: number; saveMs: number }> {
  await generatePost(page, `A photo post, take ${run}`);
  const chooser = page.waitForEvent('filechooser');
  await composer(page).getByRole('button', { name: 'Add Image' }).click();
  const started = performance.now();
  await (await chooser).setFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.waitForFunction(
    () => {
      const image = document.querySelector<HTMLImageElement>('article[aria-label="Post preview"] img');
      return image !== null && image.complete && image.naturalWidth > 0;
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  const previewMs = performance.now() - started;
  const saving = performance.now();
  await preview(page).getByRole('button', { name: 'Save Post' }).click();
  await page.getByText('Post saved successfully!').first().waitFor({ timeout: 60_000 });
  const saveMs = performance.now() - saving;
  await page.getByText('Your post preview will appear here').waitFor();
  console.log(`  run ${run}: preview ${round(previewMs)} ms, save ${round(saveMs)} ms`);
  return { previewMs, saveMs };
}

interface ImageLoad {
  transferSize: number;
  encodedBodySize: number;
  duration: number;
}

/** Opens Saved Posts and reads the newest image's resource timing once it has loaded. */
async function savedPostsImage(page: Page, url: string, reload: boolean): Promise<ImageLoad> {
  if (reload) await page.reload();
  else await page.goto(`${url}/saved`);
  await page.waitForFunction(
    () => {
      const image = document.querySelector<HTMLImageElement>('main li img');
      return image !== null && image.complete && image.naturalWidth > 0;
    },
    undefined,
    { timeout: 60_000 },
  );
  return page.evaluate(() => {
    const source = document.querySelector<HTMLImageElement>('main li img')!.currentSrc;
    const entry = performance.getEntriesByName(source).at(-1) as PerformanceResourceTiming | undefined;
    return {
      transferSize: entry?.transferSize ?? -1,
      encodedBodySize: entry?.encodedBodySize ?? -1,
      duration: entry?.duration ?? -1,
    };
  });
}

async function measure(app: AppServer, browser: BrowserSession): Promise<BenchResult[]> {
  const { page } = browser;
  await signUpAndOnboard(page, app.url, newAccount('Bench Photographer'));
  const photo = await makePhoto(page);
  console.log(`  photo: ${round(photo.length / 1024 / 1024)} MB JPEG`);
  const samples = [];
  for (let run = 1; run <= runs; run += 1) samples.push(await attachAndSave(page, photo, run));

  const first = await savedPostsImage(page, app.url, false);
  const again = await savedPostsImage(page, app.url, true);
  console.log(`  Saved Posts image: first ${JSON.stringify(first)}, after a reload ${JSON.stringify(again)}`);
  check(first.encodedBodySize > 0, 'the first load of Saved Posts did not download the image');
  const note = `${round(photo.length / 1024 / 1024)} MB JPEG photo, ${runs} runs, headless Chromium, fsynced`;
  return [
    ...sampleRows(
      'image: choose file → shown in the preview',
      samples.map((sample) => sample.previewMs),
      ['median', 'max'],
      {
        note: `${note}; checked, EXIF-cleaned and decoded in the browser`,
      },
    ),
    ...sampleRows(
      'image: Save Post → stored (upload + insert)',
      samples.map((sample) => sample.saveMs),
      ['median', 'max'],
      {
        note,
      },
    ),
    row('image on Saved Posts, first load: bytes', first.encodedBodySize / 1000, 'kB', {
      target: 300,
      note: 'its display rendition (≤ 1,200 px, ≤ 300 kB; 3,277 kB before, the original), through a signed URL',
      details: { ...first },
    }),
    row('image on Saved Posts, first load: time', first.duration, 'ms', {
      note: 'resource timing of the image',
    }),
    row('image on Saved Posts after a reload: bytes transferred', again.transferSize / 1000, 'kB', {
      target: 1,
      note: '0 = from the browser cache (same signed URL, Cache-Control max-age one year)',
      details: { ...again },
    }),
    row('image on Saved Posts after a reload: time', again.duration, 'ms', {
      note: 'resource timing of the image',
    }),
  ];
}

/** "Add Image" with a 3 MB photo: to the preview, to storage, and served to Saved Posts (with its cache). */
async function run(): Promise<BenchResult[]> {
  return withAppInBrowser({ latencyMs: 0 }, measure);
}

export const postImage: BenchCase = { name: 'post image: upload, preview and serving', run };
