import type { Locator, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POST_TEXT } from '../../harness/fakes/fake-providers.ts';
import { accessTokenOf, restAsUser } from '../../harness/journeys.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { useSignedInSession } from './support/signed-in-session.ts';

// "Add Image" end to end: the browser prepares the file, Storage keeps it under the user's folder,
// and the post shows it on the dashboard, Saved Posts and the calendar.

const session = useSignedInSession('Ada Lovelace');

interface Made {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** An image drawn in the page's own canvas (a gradient, so it is not trivially small). */
async function makeImage(
  type: 'image/png' | 'image/jpeg',
  width: number,
  height: number,
  name: string,
): Promise<Made> {
  const bytes = await session.page.evaluate(
    async ({ type, width, height }) => {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d')!;
      const gradient = context.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, '#0a66c2');
      gradient.addColorStop(1, '#f5b400');
      context.fillStyle = gradient;
      context.fillRect(0, 0, width, height);
      const blob = await canvas.convertToBlob({ type, quality: 0.9 });
      return [...new Uint8Array(await blob.arrayBuffer())];
    },
    { type, width, height },
  );
  return { name, mimeType: type, buffer: Buffer.from(bytes) };
}

/** A JPEG carrying an EXIF segment with a location, as a phone camera writes one. */
function withLocation(jpeg: Made): Made {
  const payload = Buffer.concat([
    Buffer.from('Exif\0\0', 'binary'),
    Buffer.from('GPS 48.8584N 2.2945E GPSMARKER'),
  ]);
  const segment = Buffer.concat([
    Buffer.from([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]),
    payload,
  ]);
  return { ...jpeg, buffer: Buffer.concat([jpeg.buffer.subarray(0, 2), segment, jpeg.buffer.subarray(2)]) };
}

const composer = () => session.page.getByRole('region', { name: 'Create New Post' });
const preview = () => session.page.getByRole('article', { name: 'Post preview' });

async function chooseFile(file: Made | Made[]): Promise<void> {
  const chooser = session.page.waitForEvent('filechooser');
  await composer()
    .getByRole('button', { name: /Add Image|Replace Image/ })
    .click();
  await (await chooser).setFiles(file);
}

/** Drops files on an element the way a file manager does (a DataTransfer with Files). */
async function dropFiles(target: Locator, files: Made[]): Promise<void> {
  const payload = files.map((file) => ({ ...file, buffer: [...file.buffer] }));
  const transfer = await session.page.evaluateHandle((files) => {
    const data = new DataTransfer();
    for (const file of files)
      data.items.add(new File([new Uint8Array(file.buffer)], file.name, { type: file.mimeType }));
    return data;
  }, payload);
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
}

async function pasteFile(file: Made): Promise<void> {
  await session.page.evaluate(
    (file) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(file.buffer)], file.name, { type: file.mimeType }));
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true }),
      );
    },
    { ...file, buffer: [...file.buffer] },
  );
}

async function generate(topic: string): Promise<void> {
  await session.page.getByLabel('What would you like to post about?').fill(topic);
  await composer().getByRole('button', { name: 'Generate Post' }).click();
  await preview().waitFor();
  await composer().getByRole('button', { name: 'Generate Post' }).waitFor({ timeout: 60_000 });
}

async function saveAndWait(): Promise<void> {
  await preview().getByRole('button', { name: 'Save Post' }).click();
  await session.page.getByText('Post saved successfully!').waitFor();
  // The saved flag clears the preview (and the image) for the next post.
  await session.page.getByText('Your post preview will appear here').waitFor();
}

async function storedObject(path: string): Promise<{ status: number; bytes: Buffer; type: string | null }> {
  const config = (await (await fetch(`${session.server.url}/app-config.json`)).json()) as {
    supabasePublishableKey: string;
  };
  const response = await fetch(`${session.server.url}/storage/v1/object/post-images/${path}`, {
    headers: {
      apikey: config.supabasePublishableKey,
      authorization: `Bearer ${await accessTokenOf(session.page)}`,
    },
  });
  return {
    status: response.status,
    bytes: Buffer.from(await response.arrayBuffer()),
    type: response.headers.get('content-type'),
  };
}

interface PostRow {
  id: string;
  topic: string;
  image_path: string | null;
  image_alt: string | null;
}

async function postWithTopic(topic: string): Promise<PostRow> {
  const rows = await restAsUser<PostRow[]>(
    session.page,
    session.server.url,
    `posts?select=id,topic,image_path,image_alt&topic=eq.${encodeURIComponent(topic)}`,
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** Waits until an image has really loaded in the page and returns its natural size. */
async function loadedSize(image: Locator): Promise<{ width: number; height: number }> {
  // One evaluation reads both "loaded" and the size, so an element swapped for a
  // new one between two reads (a preview replaced by the saved view) cannot mix them.
  const seen: { size: { width: number; height: number } | null } = { size: null };
  await expect
    .poll(async () => {
      seen.size = await image.evaluate((element: HTMLImageElement) =>
        element.complete && element.naturalWidth > 0
          ? { width: element.naturalWidth, height: element.naturalHeight }
          : null,
      );
      return seen.size !== null;
    })
    .toBe(true);
  return seen.size!;
}

describe('attaching an image to a post', () => {
  const topic = 'What our team learned from a week without meetings';

  it('attaches by the button, shows it in the preview, saves it without its location, and shows it on Saved Posts and the calendar after a reload', async () => {
    await generate(topic);
    const photo = withLocation(await makeImage('image/jpeg', 1200, 800, 'team-photo.jpg'));
    expect(photo.buffer.includes('GPSMARKER')).toBe(true);
    await chooseFile(photo);

    const shown = preview().locator('img');
    expect(await loadedSize(shown)).toEqual({ width: 1200, height: 800 });
    expect(await shown.getAttribute('src')).toMatch(/^blob:/);
    // The AI drafts alt text from the post; the author then corrects it.
    session.fake.setScenario('groq', { text: '"A team gathered around a whiteboard"' });
    await composer().getByRole('button', { name: 'Draft alt text with AI' }).click();
    await expect
      .poll(() => composer().getByLabel('Alt text').inputValue())
      .toBe('A team gathered around a whiteboard');
    const altRequest = session.fake.requests.filter((entry) => entry.provider === 'groq').at(-1);
    expect(JSON.stringify(altRequest?.body)).toContain('alt text for the single image of a LinkedIn post');
    expect(JSON.stringify(altRequest?.body)).toContain(
      JSON.stringify(DEFAULT_POST_TEXT.trim().slice(0, 40)).slice(1, -1),
    );
    session.fake.setScenario('groq', {});
    await composer().getByLabel('Alt text').fill('The team around a whiteboard full of sticky notes');
    expect(await seriousAxeViolations(session.page)).toEqual([]);
    await expect
      .poll(() =>
        preview().getByRole('img', { name: 'The team around a whiteboard full of sticky notes' }).count(),
      )
      .toBe(1);
    await saveAndWait();

    const row = await postWithTopic(topic);
    expect(row.image_alt).toBe('The team around a whiteboard full of sticky notes');
    expect(row.image_path).toMatch(/^[0-9a-f-]{36}\/[0-9a-f-]{36}\.jpg$/);
    const stored = await storedObject(row.image_path!);
    expect(stored.status).toBe(200);
    expect(stored.type).toBe('image/jpeg');
    expect(stored.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(stored.bytes.includes('GPSMARKER')).toBe(false);

    await session.page.goto(`${session.server.url}/saved`);
    const saved = session.page.getByRole('img', {
      name: 'The team around a whiteboard full of sticky notes',
    });
    expect(await loadedSize(saved)).toEqual({ width: 1200, height: 800 });

    await session.page.goto(`${session.server.url}/calendar`);
    await session.page
      .getByRole('button', { name: new RegExp(topic.slice(0, 20)) })
      .first()
      .click();
    const dialog = session.page.getByRole('dialog');
    expect(
      await loadedSize(
        dialog.getByRole('img', { name: 'The team around a whiteboard full of sticky notes' }),
      ),
    ).toEqual({
      width: 1200,
      height: 800,
    });
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('takes an image dropped on the preview (the first of two, and says so) or pasted, and scales a huge one down to 4,096 px', async () => {
    await session.page.goto(session.server.url);
    const dropTopic = 'Why we moved our standup to the afternoon';
    await generate(dropTopic);
    const wide = await makeImage('image/jpeg', 5000, 1000, 'wide.jpg');
    const second = await makeImage('image/png', 100, 100, 'second.png');
    await dropFiles(preview(), [wide, second]);
    await session.page.getByText('A post can have one image: the first one was used.').waitFor();
    expect(await loadedSize(preview().locator('img'))).toEqual({ width: 4096, height: 819 });

    // A paste replaces it.
    await session.page.getByLabel('What would you like to post about?').focus();
    await pasteFile(await makeImage('image/png', 640, 480, 'screenshot.png'));
    await expect.poll(async () => (await loadedSize(preview().locator('img'))).width).toBe(640);
    await dropFiles(composer(), [wide]);
    await expect.poll(async () => (await loadedSize(preview().locator('img'))).width).toBe(4096);
    await saveAndWait();
    const row = await postWithTopic(dropTopic);
    expect(row.image_path).toMatch(/\.jpg$/);
    expect(row.image_alt).toBeNull();
  });

  it('refuses what is not a usable image with a clear message, keeping the post and any image there was', async () => {
    await session.page.goto(session.server.url);
    await generate('Hiring for curiosity');
    await chooseFile(await makeImage('image/png', 300, 200, 'kept.png'));
    await loadedSize(preview().locator('img'));

    const cases: [Made, string][] = [
      [
        {
          name: 'notes.png',
          mimeType: 'image/png',
          buffer: Buffer.from('These are my meeting notes, not a picture.'),
        },
        'That file is not an image this app can use.',
      ],
      [{ name: 'empty.png', mimeType: 'image/png', buffer: Buffer.alloc(0) }, 'That file is empty.'],
      [
        {
          name: 'broken.jpg',
          mimeType: 'image/jpeg',
          buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]),
        },
        'That image could not be read',
      ],
      [
        {
          name: 'huge.png',
          mimeType: 'image/png',
          buffer: Buffer.concat([
            (await makeImage('image/png', 10, 10, 'x.png')).buffer,
            Buffer.alloc(6 * 1024 * 1024),
          ]),
        },
        'Images can be at most 5 MB. This one is 6.0 MB',
      ],
    ];
    for (const [file, message] of cases) {
      await chooseFile(file);
      await composer().getByRole('alert').filter({ hasText: message }).waitFor();
      expect(await loadedSize(preview().locator('img'))).toEqual({ width: 300, height: 200 });
    }
    // The post itself is untouched.
    expect(await preview().getByRole('button', { name: 'Save Post' }).isEnabled()).toBe(true);
  });

  it('keeps the text and image when the upload fails, and saves them by itself once it works', async () => {
    const failing = async (route: Route) => route.abort('connectionreset');
    await session.page.route('**/storage/v1/object/post-images/**', failing);
    session.browser.allowConsoleErrorsInThisTest('Failed to load resource');
    // The last test's image is stored first (its autosave may still be on its way on a busy
    // machine): only then is "before" what the row holds.
    await expect
      .poll(async () => (await postWithTopic('Hiring for curiosity')).image_path, { timeout: 60_000 })
      .not.toBeNull();
    const before = (await postWithTopic('Hiring for curiosity')).image_path;
    await chooseFile(await makeImage('image/png', 320, 240, 'retry.png'));
    await session.page
      .getByText(
        'The image could not be uploaded, so the post is not saved yet. Your post and image are kept here, and saving is tried again by itself.',
      )
      .waitFor();
    expect(await loadedSize(preview().locator('img'))).toEqual({ width: 320, height: 240 });
    expect((await postWithTopic('Hiring for curiosity')).image_path).toBe(before);

    await session.page.unroute('**/storage/v1/object/post-images/**', failing);
    await expect
      .poll(async () => (await postWithTopic('Hiring for curiosity')).image_path, { timeout: 60_000 })
      .not.toBe(before);
    await preview().getByRole('status').getByText('Saved', { exact: true }).waitFor();
    await saveAndWait();
  });

  it('edits a saved post to replace and then remove its image, and deleting a post deletes its image', async () => {
    const before = await postWithTopic(topic);
    await session.page.goto(`${session.server.url}/saved`);
    const item = session.page.getByRole('article', { name: topic });
    await item.getByRole('button', { name: 'Edit' }).click();
    const chooser = session.page.waitForEvent('filechooser');
    await item.getByRole('button', { name: 'Replace Image' }).click();
    await (await chooser).setFiles(await makeImage('image/png', 400, 400, 'square.png'));
    await item.getByLabel('Alt text').fill('A square of colour');
    await item.getByRole('button', { name: 'Save Changes' }).click();
    await item.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await loadedSize(item.getByRole('img', { name: 'A square of colour' }))).toEqual({
      width: 400,
      height: 400,
    });
    const replaced = await postWithTopic(topic);
    expect(replaced.image_path).not.toBe(before.image_path);
    await expect.poll(async () => (await storedObject(before.image_path!)).status).toBe(400);

    await item.getByRole('button', { name: 'Edit' }).click();
    await item.getByRole('button', { name: 'Remove Image' }).click();
    await item.getByRole('button', { name: 'Save Changes' }).click();
    await item.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await item.getByRole('img').count()).toBe(0);
    expect((await postWithTopic(topic)).image_path).toBeNull();
    await expect.poll(async () => (await storedObject(replaced.image_path!)).status).toBe(400);

    const other = await postWithTopic('Why we moved our standup to the afternoon');
    await session.page.reload();
    const otherItem = session.page.getByRole('article', { name: other.topic });
    await otherItem.getByRole('button', { name: 'Delete' }).click();
    await session.page.getByRole('alertdialog').getByRole('button', { name: 'Delete post' }).click();
    await otherItem.waitFor({ state: 'detached' });
    await expect.poll(async () => (await storedObject(other.image_path!)).status).toBe(400);
  });
});
