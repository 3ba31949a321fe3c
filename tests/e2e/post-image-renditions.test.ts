import { createHash } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessTokenOf, restAsUser } from '../../harness/journeys.ts';
import { drawPhoto } from '../../harness/photo.ts';
import { fakeLinkedInEnv, useSignedInSession } from './support/signed-in-session.ts';

// Small images where images are small, in Chromium on the app as `npm start` runs it: a large photo
// gets a display rendition (made in a worker, stored beside it), Saved Posts downloads that and not
// the original, "Download image" and publishing to LinkedIn (the fake) use the original, deleting
// the post removes both, and an image stored before renditions gets one the first time it is shown.

const session = useSignedInSession('Ada Lovelace', fakeLinkedInEnv);

const composer = () => session.page.getByRole('region', { name: 'Create New Post' });
const preview = () => session.page.getByRole('article', { name: 'Post preview' });

const makePhoto = (width: number, height: number) => drawPhoto(session.page, width, height);

async function publishableKey(): Promise<string> {
  const config = (await (await fetch(`${session.server.url}/app-config.json`)).json()) as {
    supabasePublishableKey: string;
  };
  return config.supabasePublishableKey;
}

async function storedObject(path: string): Promise<{ status: number; bytes: Buffer; type: string | null }> {
  const response = await fetch(`${session.server.url}/storage/v1/object/post-images/${path}`, {
    headers: { apikey: await publishableKey(), authorization: `Bearer ${await accessTokenOf(session.page)}` },
  });
  return {
    status: response.status,
    bytes: Buffer.from(await response.arrayBuffer()),
    type: response.headers.get('content-type'),
  };
}

/** The pixel size of image bytes, decoded by the page. */
async function decodedSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  return session.page.evaluate(
    async (bytes) => {
      const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)]));
      return { width: bitmap.width, height: bitmap.height };
    },
    [...bytes],
  );
}

async function postWithTopic(topic: string): Promise<{ id: string; image_path: string | null }> {
  const rows = await restAsUser<{ id: string; image_path: string | null }[]>(
    session.page,
    session.server.url,
    `posts?select=id,image_path&topic=eq.${encodeURIComponent(topic)}`,
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** Waits until an image has loaded and returns its natural size and the URL it came from. */
async function loaded(image: Locator): Promise<{ width: number; height: number; src: string }> {
  const seen: { value: { width: number; height: number; src: string } | null } = { value: null };
  await expect
    .poll(async () => {
      seen.value = await image.evaluate((element: HTMLImageElement) =>
        element.complete && element.naturalWidth > 0
          ? { width: element.naturalWidth, height: element.naturalHeight, src: element.currentSrc }
          : null,
      );
      return seen.value !== null;
    })
    .toBe(true);
  return seen.value!;
}

/** The object names of post images the page downloaded (signed links), from now on. */
function watchImageDownloads(page: Page): string[] {
  const names: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const prefix = '/storage/v1/object/sign/post-images/';
    if (url.pathname.startsWith(prefix)) names.push(decodeURIComponent(url.pathname.slice(prefix.length)));
  });
  return names;
}

async function clearBrowserCache(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('display renditions of post images', () => {
  const topic = 'What a week of field work taught our team';

  it('stores a small rendition beside a large photo; Saved Posts loads it, download and publishing use the original, and deleting removes both', async () => {
    const { page, server } = session;
    // LinkedIn connected, for "Publish now".
    await page.goto(`${server.url}/settings`);
    await page
      .getByRole('region', { name: 'LinkedIn' })
      .getByRole('button', { name: 'Connect LinkedIn' })
      .click();
    await page.getByText('LinkedIn connected as Ada Lovelace.').waitFor();

    await page.goto(server.url);
    await page.getByLabel('What would you like to post about?').fill(topic);
    await composer().getByRole('button', { name: 'Generate Post' }).click();
    await preview().waitFor();
    await composer().getByRole('button', { name: 'Generate Post' }).waitFor({ timeout: 60_000 });
    const photo = await makePhoto(3000, 2000);
    expect(photo.length).toBeGreaterThan(1_000_000);
    const chooser = page.waitForEvent('filechooser');
    await composer().getByRole('button', { name: 'Add Image' }).click();
    await (await chooser).setFiles({ name: 'field-work.jpg', mimeType: 'image/jpeg', buffer: photo });
    await composer().getByLabel('Alt text').fill('Our team in the field');
    await preview().getByRole('button', { name: 'Save Post' }).click();
    await page.getByText('Post saved successfully!').waitFor();

    const row = await postWithTopic(topic);
    const original = await storedObject(row.image_path!);
    expect(original).toMatchObject({ status: 200, type: 'image/jpeg' });
    expect(original.bytes.length).toBeGreaterThan(1_000_000);
    // Stored just after the original, without holding up the save.
    await expect.poll(async () => (await storedObject(`${row.image_path}.display`)).status).toBe(200);
    const display = await storedObject(`${row.image_path}.display`);
    expect(display).toMatchObject({ status: 200, type: 'image/webp' });
    expect(display.bytes.length).toBeLessThanOrEqual(300_000);
    expect(await decodedSize(display.bytes)).toEqual({ width: 1200, height: 800 });

    // Saved Posts, as on a first visit: the rendition is downloaded, the original is not.
    await clearBrowserCache(page);
    const downloaded = watchImageDownloads(page);
    await page.goto(`${server.url}/saved`);
    const item = page.getByRole('article', { name: topic });
    const shown = await loaded(item.getByRole('img', { name: 'Our team in the field' }));
    expect(shown).toMatchObject({ width: 1200, height: 800 });
    expect(shown.src).toContain(`${row.image_path}.display?token=`);
    const transferred = await page.evaluate(
      (src) => (performance.getEntriesByName(src).at(-1) as PerformanceResourceTiming).encodedBodySize,
      shown.src,
    );
    expect(transferred).toBe(display.bytes.length);
    expect(downloaded).toContain(`${row.image_path}.display`);
    expect(downloaded).not.toContain(row.image_path);

    // "Download image" saves the original.
    const download = page.waitForEvent('download');
    await item.getByRole('button', { name: 'Download image' }).click();
    const file = await (await download).path();
    const { readFile } = await import('node:fs/promises');
    expect(sha256(await readFile(file))).toBe(sha256(original.bytes));

    // Publishing sends LinkedIn the original.
    await item.getByRole('button', { name: 'Publish now' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Publish to LinkedIn?' });
    await dialog.getByRole('button', { name: 'Publish now' }).click();
    await item.getByRole('link', { name: 'View on LinkedIn' }).waitFor({ timeout: 60_000 });
    const sent = session.fake.linkedin.images.at(-1)?.upload;
    expect(sent).toMatchObject({ byteLength: original.bytes.length, sha256: sha256(original.bytes) });

    // Deleting the post removes both files.
    await item.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete post' }).click();
    await item.waitFor({ state: 'detached' });
    await expect.poll(async () => (await storedObject(row.image_path!)).status).toBe(400);
    await expect.poll(async () => (await storedObject(`${row.image_path}.display`)).status).toBe(400);
  });

  it('shows an image stored before renditions by its original, makes its rendition once, and shows that after', async () => {
    const { page, server } = session;
    const photo = await makePhoto(2400, 1800);
    const token = await accessTokenOf(page);
    const userId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string })
      .sub;
    const path = `${userId}/${crypto.randomUUID()}.jpg`;
    const headers = { apikey: await publishableKey(), authorization: `Bearer ${token}` };
    const upload = await fetch(`${server.url}/storage/v1/object/post-images/${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'image/jpeg' },
      body: new Uint8Array(photo),
    });
    expect(upload.status).toBe(200);
    const insert = await fetch(`${server.url}/rest/v1/posts`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        topic: 'An older post with a photo',
        content: 'Saved before small copies.',
        image_path: path,
        image_alt: 'An older photo',
      }),
    });
    expect(insert.status).toBe(201);

    await page.goto(`${server.url}/saved`);
    const image = () =>
      page
        .getByRole('article', { name: 'An older post with a photo' })
        .getByRole('img', { name: 'An older photo' });
    const first = await loaded(image());
    expect(first).toMatchObject({ width: 2400, height: 1800 });
    expect(first.src).not.toContain('.display');

    // Made in the background, by the page's worker.
    await expect.poll(async () => (await storedObject(`${path}.display`)).status).toBe(200);
    const display = await storedObject(`${path}.display`);
    expect(display.type).toBe('image/webp');
    expect(display.bytes.length).toBeLessThanOrEqual(300_000);
    expect(await decodedSize(display.bytes)).toEqual({ width: 1200, height: 900 });

    await page.reload();
    const after = await loaded(image());
    expect(after).toMatchObject({ width: 1200, height: 900 });
    expect(after.src).toContain(`${path}.display?token=`);
  });
});
