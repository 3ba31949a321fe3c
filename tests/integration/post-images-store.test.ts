import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sweepOrphanImages } from '@/entities/post/image/sweep-orphan-images';
import { usePostsStore } from '@/features/posts/posts-store';
import { messages } from '@/config/messages';
import type { PendingImage } from '@/entities/post/image/image-attachment';
import { getSupabase, initSupabase } from '@/lib/supabase/client';
import { postImagesBucket } from '@/entities/post/image/post-images';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { startTestServer, supabaseClient } from '../helpers/test-server.ts';

// The posts store with images, against the embedded backend's real Storage: what is uploaded,
// what a failed save leaves behind (nothing), and what edits and deletes remove.
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

let server: EmbeddedServer;
let userId: string;
const ada = { email: 'ada-images@example.com', password: 'ada password 12' };

const pending = (bytes = [137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3], alt = ''): PendingImage => ({
  image: {
    blob: new Blob([new Uint8Array(bytes)], { type: 'image/png' }),
    type: 'image/png',
    width: 1,
    height: 1,
    extension: 'png',
  },
  previewUrl: 'blob:unused',
  alt,
});

async function storedNames(): Promise<string[]> {
  const { data, error } = await getSupabase().storage.from(postImagesBucket).list(userId);
  if (error) throw error;
  return data.map((entry) => `${userId}/${entry.name}`).sort();
}

beforeAll(async () => {
  server = await startTestServer({
    storage: { maxFileBytes: 50 * 1024 * 1024, quotaBytesPerUser: 64 * 1024 },
  });
  initSupabase(server.url, server.keys.publishableKey);
  await supabaseClient(server).auth.signUp(ada);
  const { data, error } = await getSupabase().auth.signInWithPassword(ada);
  if (error) throw error;
  userId = data.user.id;
});
afterAll(async () => {
  getSupabase().realtime.disconnect();
  await server.close();
});
beforeEach(async () => {
  usePostsStore.getState().reset();
  await getSupabase()
    .storage.from(postImagesBucket)
    .remove(await storedNames());
});

describe('posts with images, through the store', () => {
  it('uploads the image into the user’s folder and saves the post pointing to it, alt text trimmed', async () => {
    const post = await usePostsStore
      .getState()
      .createPost('With a picture', 'Text', pending(undefined, '  A chart  '));
    expect(post.image_path).toMatch(new RegExp(`^${userId}/[0-9a-f-]{36}\\.png$`));
    expect(post.image_alt).toBe('A chart');
    expect(await storedNames()).toEqual([post.image_path]);
  });

  it('saves nothing and leaves no image behind when the post cannot be saved', async () => {
    await expect(
      usePostsStore.getState().createPost('Too long', 'x'.repeat(20_001), pending()),
    ).rejects.toThrow();
    await expect.poll(storedNames).toEqual([]);
    expect((await getSupabase().from('posts').select('id').eq('topic', 'Too long')).data).toEqual([]);
  });

  it('says the storage is full, in words, when the quota is used up, and saves nothing', async () => {
    const big = pending([137, 80, 78, 71, 13, 10, 26, 10, ...Array.from({ length: 70 * 1024 }, () => 1)]);
    await expect(usePostsStore.getState().createPost('Quota', 'Text', big)).rejects.toThrow(
      messages.image_quota_full,
    );
    expect((await getSupabase().from('posts').select('id').eq('topic', 'Quota')).data).toEqual([]);
  });

  it('replaces the image (removing the old one), changes only its alt text, then removes it', async () => {
    const post = await usePostsStore.getState().createPost('Edited', 'Text', pending());
    await usePostsStore.getState().fetchPosts();
    const replaced = await usePostsStore.getState().updatePost(post.id, 'New text', {
      kind: 'replace',
      image: pending([137, 80, 78, 71, 13, 10, 26, 10, 1, 2]).image,
      alt: 'New',
      previous: post.image_path,
    });
    expect(replaced.image_path).not.toBe(post.image_path);
    expect(replaced).toMatchObject({ content: 'New text', image_alt: 'New' });
    await expect.poll(storedNames).toEqual([replaced.image_path]);

    const realt = await usePostsStore
      .getState()
      .updatePost(post.id, 'New text', { kind: 'keep', alt: 'Newer' });
    expect(realt).toMatchObject({ image_path: replaced.image_path, image_alt: 'Newer' });

    const removed = await usePostsStore
      .getState()
      .updatePost(post.id, 'New text', { kind: 'remove', previous: replaced.image_path });
    expect(removed).toMatchObject({ image_path: null, image_alt: null });
    await expect.poll(storedNames).toEqual([]);
  });

  it('deletes the image with its post', async () => {
    const post = await usePostsStore.getState().createPost('Deleted', 'Text', pending());
    await usePostsStore.getState().fetchPosts();
    await usePostsStore.getState().deletePost(post.id);
    await expect.poll(storedNames).toEqual([]);
  });

  it('sweeps images no post uses once they are an hour old, and keeps the others', async () => {
    const used = await usePostsStore.getState().createPost('Used', 'Text', pending());
    const orphan = `${userId}/orphan.png`;
    await getSupabase().storage.from(postImagesBucket).upload(orphan, pending().image.blob);
    // Just uploaded: it may belong to a save under way in another tab.
    expect(await sweepOrphanImages(userId)).toBe(0);
    const inTwoHours = Date.now() + 2 * 60 * 60 * 1000;
    expect(await sweepOrphanImages(userId, inTwoHours)).toBe(1);
    expect(await storedNames()).toEqual([used.image_path]);
  });
});
