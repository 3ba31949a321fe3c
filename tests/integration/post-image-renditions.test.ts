import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { PendingImage } from '@/entities/post/image/image-attachment';
import type { DisplayRendition } from '@/entities/post/image/display-rendition';
import {
  postImageDisplayUrl,
  postImageDownloadUrl,
  postImagesBucket,
} from '@/entities/post/image/post-images';
import { sweepOrphanImages } from '@/entities/post/image/sweep-orphan-images';
import { usePostsStore } from '@/features/posts/posts-store';
import { getSupabase, initSupabase } from '@/lib/supabase/client';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { startTestServer, supabaseClient } from '../helpers/test-server.ts';

// Display renditions against the embedded backend's real Storage: stored beside the original at
// upload, shown where images are small (the original still downloaded and published), removed with
// it, kept by the sweep while it is used, and made once, lazily, for an image stored before them.
// Node has no image decoder, so the one thing faked is the maker (it runs in Chromium in
// tests/e2e/post-images.test.ts); every storage call is real.
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

const maker = vi.hoisted(() => ({ make: vi.fn() }));
vi.mock('@/entities/post/image/create-display-rendition', () => ({
  createDisplayRendition: maker.make,
}));

let server: EmbeddedServer;
let userId: string;
const grace = { email: 'grace-renditions@example.com', password: 'grace password 12' };

const png = new Uint8Array([
  137,
  80,
  78,
  71,
  13,
  10,
  26,
  10,
  ...Array.from({ length: 2000 }, (_, i) => i & 255),
]);
const webp = new Uint8Array(
  [...'RIFF']
    .map((c) => c.charCodeAt(0))
    .concat(
      [40, 0, 0, 0],
      [...'WEBPVP8 '].map((c) => c.charCodeAt(0)),
      Array.from({ length: 32 }, () => 7),
    ),
);
const small: DisplayRendition = {
  blob: new Blob([webp], { type: 'image/webp' }),
  type: 'image/webp',
  width: 1200,
  height: 800,
};

const pending = (): PendingImage => ({
  image: {
    blob: new Blob([png], { type: 'image/png' }),
    type: 'image/png',
    width: 1,
    height: 1,
    extension: 'png',
  },
  previewUrl: 'blob:unused',
  alt: 'A chart',
});

async function storedNames(): Promise<string[]> {
  const { data, error } = await getSupabase().storage.from(postImagesBucket).list(userId);
  if (error) throw error;
  return data.map((entry) => `${userId}/${entry.name}`).sort();
}

async function bytesAt(url: string): Promise<{ bytes: Uint8Array; type: string | null }> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return { bytes: new Uint8Array(await response.arrayBuffer()), type: response.headers.get('content-type') };
}

/** An image uploaded as the app did before renditions: the original alone. */
async function storedBeforeRenditions(name: string): Promise<string> {
  const path = `${userId}/${name}`;
  const { error } = await getSupabase()
    .storage.from(postImagesBucket)
    .upload(path, new Blob([png], { type: 'image/png' }), { contentType: 'image/png' });
  if (error) throw error;
  return path;
}

/** A tab's localStorage (Node has none): what a reload keeps. */
function stubLocalStorage(): Map<string, string> {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
    removeItem: (key: string) => items.delete(key),
  });
  return items;
}

async function signIn(): Promise<void> {
  initSupabase(server.url, server.keys.publishableKey);
  const { data, error } = await getSupabase().auth.signInWithPassword(grace);
  if (error) throw error;
  userId = data.user.id;
}

beforeAll(async () => {
  server = await startTestServer();
  await supabaseClient(server).auth.signUp(grace);
  await signIn();
});
afterAll(async () => {
  getSupabase().realtime.disconnect();
  await server.close();
});
beforeEach(async () => {
  maker.make.mockReset();
  maker.make.mockResolvedValue(small);
  usePostsStore.getState().reset();
  const names = await storedNames();
  if (names.length > 0) await getSupabase().storage.from(postImagesBucket).remove(names);
});

describe('display renditions', () => {
  it('stores the rendition beside the original at upload; lists show it, download gets the original', async () => {
    const post = await usePostsStore.getState().createPost('Small image', 'Text', pending());
    const original = post.image_path!;
    // Stored just after the original, without holding up the save.
    await expect.poll(storedNames).toEqual([original, `${original}.display`]);
    expect(maker.make).toHaveBeenCalledOnce();
    expect(new Uint8Array(await (maker.make.mock.calls[0]![0] as Blob).arrayBuffer())).toEqual(png);

    const shown = await postImageDisplayUrl(original);
    expect(shown).toContain('.png.display?token=');
    expect(await bytesAt(shown!)).toEqual({ bytes: webp, type: 'image/webp' });

    const download = await bytesAt(await postImageDownloadUrl(original, 'chart.png'));
    expect(download).toEqual({ bytes: png, type: 'image/png' });
  });

  it('saves the post with its original alone when no rendition can be made, and shows the original', async () => {
    maker.make.mockResolvedValue(null);
    const post = await usePostsStore.getState().createPost('No small copy', 'Text', pending());
    await expect.poll(() => maker.make.mock.calls.length).toBe(1);
    expect(await storedNames()).toEqual([post.image_path]);
    // Shown: the original (and the one try at a rendition, in the background, fails the same way).
    expect(await bytesAt((await postImageDisplayUrl(post.image_path!))!)).toEqual({
      bytes: png,
      type: 'image/png',
    });
  });

  it('removes both files when the image is replaced, removed, or its post deleted', async () => {
    const post = await usePostsStore.getState().createPost('Edited', 'Text', pending());
    await usePostsStore.getState().fetchPosts();
    const replaced = await usePostsStore.getState().updatePost(post.id, 'Text', {
      kind: 'replace',
      image: pending().image,
      alt: 'New',
      previous: post.image_path,
    });
    await expect.poll(storedNames).toEqual([replaced.image_path, `${replaced.image_path}.display`]);

    await usePostsStore
      .getState()
      .updatePost(post.id, 'Text', { kind: 'remove', previous: replaced.image_path });
    await expect.poll(storedNames).toEqual([]);

    const deleted = await usePostsStore.getState().createPost('Deleted', 'Text', pending());
    await usePostsStore.getState().fetchPosts();
    await expect.poll(async () => (await storedNames()).length).toBe(2);
    await usePostsStore.getState().deletePost(deleted.id);
    await expect.poll(storedNames).toEqual([]);
  });

  it('removes a rendition still on its way when its post is deleted', async () => {
    let finish: (made: DisplayRendition) => void = () => {};
    maker.make.mockReturnValue(new Promise<DisplayRendition>((resolve) => (finish = resolve)));
    const post = await usePostsStore.getState().createPost('Quickly deleted', 'Text', pending());
    await usePostsStore.getState().fetchPosts();
    await usePostsStore.getState().deletePost(post.id);
    finish(small);
    // Were the removal not to wait for it, the rendition would land after it, and stay.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await expect.poll(storedNames).toEqual([]);
  });

  it('sweeps an unused image with its rendition, and keeps a used image’s rendition', async () => {
    const used = await usePostsStore.getState().createPost('Used', 'Text', pending());
    const orphan = await storedBeforeRenditions('orphan.png');
    await getSupabase().storage.from(postImagesBucket).upload(`${orphan}.display`, small.blob);
    const strayRendition = `${userId}/gone.jpg.display`;
    await getSupabase().storage.from(postImagesBucket).upload(strayRendition, small.blob);
    await expect.poll(async () => (await storedNames()).length).toBe(5);

    expect(await sweepOrphanImages(userId)).toBe(0);
    const inTwoHours = Date.now() + 2 * 60 * 60 * 1000;
    expect(await sweepOrphanImages(userId, inTwoHours)).toBe(3);
    expect(await storedNames()).toEqual([used.image_path, `${used.image_path}.display`]);
  });

  it('shows an image stored before renditions by its original, then makes its rendition once', async () => {
    const path = await storedBeforeRenditions('before.png');
    const first = await postImageDisplayUrl(path);
    expect(first).not.toContain('.display');
    expect((await bytesAt(first!)).bytes).toEqual(png);

    await expect.poll(storedNames).toEqual([path, `${path}.display`]);
    expect(maker.make).toHaveBeenCalledOnce();
    expect(new Uint8Array(await (maker.make.mock.calls[0]![0] as Blob).arrayBuffer())).toEqual(png);

    const next = await postImageDisplayUrl(path);
    expect(next).toContain('.png.display?token=');
    expect((await bytesAt(next!)).bytes).toEqual(webp);
    expect(maker.make).toHaveBeenCalledOnce();
  });

  it('does not try again after a rendition could not be made, in this tab or after a reload', async () => {
    const storage = stubLocalStorage();
    maker.make.mockResolvedValue(null);
    const path = await storedBeforeRenditions('undecodable.png');
    expect(await postImageDisplayUrl(path)).not.toContain('.display');
    await expect.poll(() => storage.get('post-writer-rendition-failures')).toBe(JSON.stringify([path]));
    expect(maker.make).toHaveBeenCalledOnce();
    expect(await postImageDisplayUrl(path)).not.toContain('.display');

    // A reload: the page's modules start anew, localStorage stays.
    vi.resetModules();
    const fresh = await import('@/entities/post/image/post-images');
    const freshClient = await import('@/lib/supabase/client');
    const freshSupabase = () => freshClient.getSupabase();
    freshClient.initSupabase(server.url, server.keys.publishableKey);
    await freshSupabase().auth.signInWithPassword(grace);
    const shown = await fresh.postImageDisplayUrl(path);
    expect((await bytesAt(shown!)).bytes).toEqual(png);
    // Give a background try the time it would take, then check there was none.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(maker.make).toHaveBeenCalledOnce();
    expect(await storedNames()).toEqual([path]);
    freshSupabase().realtime.disconnect();
  });
});
