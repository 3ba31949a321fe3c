import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../../harness/browser.ts';
import { newAccount, signUpAndOnboard } from '../../harness/journeys.ts';
import type { AppServer } from '../../harness/app-server.ts';
import { check } from '../check.ts';
import { withAppInBrowser } from '../generation-app.ts';
import type { BenchCase, BenchResult } from '../report.ts';
import { row } from '../results.ts';
import { round, summarize } from '../stats.ts';
import { generatePost, makePhoto } from './post-image.ts';

const postCount = 20;
/** What the first load of Saved Posts downloaded for one such photo before display renditions (2026-11-26). */
const previousKbPerPhoto = 3277;
/** A display rendition weighs at most 300 kB (src/entities/post/image/display-rendition.ts). */
const targetKbPerImage = 300;

const composer = (page: Page) => page.getByRole('region', { name: 'Create New Post' });
const preview = (page: Page) => page.getByRole('article', { name: 'Post preview' });

/** Generate → Add Image → Save Post, as a writer does: the upload stores the original and its rendition. */
async function savePhotoPost(page: Page, photo: Buffer, index: number): Promise<number> {
  await generatePost(page, `Photo post ${index}`);
  const chooser = page.waitForEvent('filechooser');
  await composer(page).getByRole('button', { name: 'Add Image' }).click();
  await (await chooser).setFiles({ name: `photo-${index}.jpg`, mimeType: 'image/jpeg', buffer: photo });
  await preview(page).locator('img').waitFor();
  const started = performance.now();
  await preview(page).getByRole('button', { name: 'Save Post' }).click();
  await page.getByText('Post saved successfully!').first().waitFor({ timeout: 60_000 });
  const savedMs = performance.now() - started;
  await page.getByText('Your post preview will appear here').waitFor();
  return savedMs;
}

interface ImagesSeen {
  /** ms from the navigation's start until every post image on the first screen has loaded. */
  ms: number;
  images: number;
  transferKb: number;
  bodyKb: number;
  renditions: number;
}

/** The post images the page has downloaded (signed Storage links), from resource timing. */
function imagesDownloaded(page: Page): Promise<Omit<ImagesSeen, 'ms'>> {
  return page.evaluate(() => {
    const entries = performance
      .getEntriesByType('resource')
      .filter((entry) =>
        entry.name.includes('/storage/v1/object/sign/post-images/'),
      ) as PerformanceResourceTiming[];
    return {
      images: entries.length,
      transferKb: entries.reduce((sum, entry) => sum + entry.transferSize, 0) / 1000,
      bodyKb: entries.reduce((sum, entry) => sum + entry.encodedBodySize, 0) / 1000,
      renditions: entries.filter((entry) => new URL(entry.name).pathname.endsWith('.display')).length,
    };
  });
}

/** Opens Saved Posts as on a first visit (empty HTTP cache, no signed links kept) and waits for the first screen's images. */
async function firstLoad(page: Page, url: string): Promise<ImagesSeen> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`${url}/saved`);
  const ms = await page
    .waitForFunction(
      () => {
        // No named helpers in here: tsx would wrap them in a __name() the page does not have.
        const images = [...document.querySelectorAll<HTMLImageElement>('main li img')].filter(
          (element) => element.getBoundingClientRect().top < innerHeight,
        );
        const waiting = [...document.querySelectorAll('main li .animate-pulse')].filter(
          (element) => element.getBoundingClientRect().top < innerHeight,
        );
        const done = images.length > 0 && waiting.length === 0 && images.every((image) => image.complete);
        return done && images.every((image) => image.naturalWidth > 0) ? performance.now() : false;
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);
  return { ms, ...(await imagesDownloaded(page)) };
}

/** Scrolls through the whole list until all `postCount` images have loaded. */
async function allImages(page: Page): Promise<Omit<ImagesSeen, 'ms'>> {
  for (let shown = 0; shown < postCount;) {
    shown = await page.evaluate(() => {
      const images = [...document.querySelectorAll<HTMLImageElement>('main li img')];
      images.at(-1)?.scrollIntoView();
      for (const image of images) if (!image.complete) image.scrollIntoView();
      return images.filter((image) => image.complete && image.naturalWidth > 0).length;
    });
    await page.waitForTimeout(100);
  }
  return imagesDownloaded(page);
}

async function measure(app: AppServer, browser: BrowserSession): Promise<BenchResult[]> {
  const { page } = browser;
  await signUpAndOnboard(page, app.url, newAccount('Bench Photo Library'));
  const photo = await makePhoto(page);
  const photoKb = photo.length / 1000;
  console.log(`  photo: ${round(photoKb)} kB JPEG; saving ${postCount} posts with it`);
  const saveMs: number[] = [];
  for (let index = 1; index <= postCount; index += 1) saveMs.push(await savePhotoPost(page, photo, index));
  console.log(`  saved in ${saveMs.map(round).join(', ')} ms`);

  const first = await firstLoad(page, app.url);
  console.log(`  first screen: ${JSON.stringify(first)}`);
  const all = await allImages(page);
  console.log(`  all ${postCount}: ${JSON.stringify(all)}`);
  check(
    first.images > 0 && first.renditions === first.images,
    'the first screen did not load display renditions',
  );
  check(
    all.images === postCount && all.renditions === postCount,
    `not every image of the ${postCount} posts loaded as a rendition`,
  );

  const note = `${postCount} posts, each with a ${round(photoKb)} kB JPEG photo (noise), headless Chromium 1280 × 900, empty cache`;
  return [
    row(
      `Saved Posts first load, ${postCount} posts with photos: image kB on the first screen`,
      first.transferKb,
      'kB',
      {
        target: targetKbPerImage * first.images,
        note: `${note}; ${first.images} image(s) in view (the rest load as they are scrolled to); previous ${previousKbPerPhoto.toLocaleString('en')} kB for one photo`,
        details: { ...first },
      },
    ),
    row(
      `Saved Posts first load, ${postCount} posts with photos: first screen's images loaded`,
      first.ms,
      'ms',
      {
        note: 'from the start of the navigation (page, sign-in, posts, signed links, images)',
      },
    ),
    row(
      `Saved Posts, ${postCount} posts with photos: image kB for all of them, scrolled through`,
      all.transferKb,
      'kB',
      {
        target: targetKbPerImage * postCount,
        note: `${round(all.transferKb / postCount)} kB per image; previous ${(previousKbPerPhoto * postCount).toLocaleString('en')} kB (${previousKbPerPhoto.toLocaleString('en')} kB × ${postCount}, the originals)`,
        details: { ...all, originalKbEach: photoKb },
      },
    ),
    row(
      'Save Post with a photo → saved (the rendition is made in a worker and stored after)',
      summarize(saveMs).median,
      'ms',
      {
        note: `median of ${postCount}; 263 ms before renditions (the original alone)`,
        details: { samplesMs: saveMs },
      },
    ),
  ];
}

/** Saved Posts with 20 photo posts on a first visit: how many kB of images and how long, with display renditions. */
async function run(): Promise<BenchResult[]> {
  return withAppInBrowser({ latencyMs: 0 }, measure);
}

export const savedPostsPhotos: BenchCase = {
  name: 'Saved Posts first load with 20 posts with photos (kB and ms)',
  run,
};
