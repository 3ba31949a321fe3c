import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Post } from '@/entities/post/post';
import { usePostsStore } from '@/features/posts/posts-store';
import { getSupabase, initSupabase } from '@/lib/supabase/client';
import { startFakeProviders, type FakeProviders } from '../../harness/fakes/fake-providers.ts';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { connectLinkedIn, startLinkedInApiServer } from '../helpers/linkedin-api-server.ts';

// The posts store's retryFirstComment through the browser's LinkedIn client, against the /api
// functions on the embedded backend and the fake LinkedIn.
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

let fake: FakeProviders;
let server: EmbeddedServer;
let apiBaseUrl: string;

beforeAll(async () => {
  fake = await startFakeProviders();
  server = await startLinkedInApiServer(fake);
  apiBaseUrl = `${server.url}/api`;
  initSupabase(server.url, server.keys.publishableKey);
  const user = { email: 'comment-store@example.com', password: 'comment password 1' };
  await getSupabase().auth.signUp(user);
  await getSupabase().auth.signInWithPassword(user);
  const { data } = await getSupabase().auth.getSession();
  expect((await connectLinkedIn(apiBaseUrl, data.session?.access_token ?? '')).status).toBe(200);
});
afterAll(async () => {
  getSupabase().realtime.disconnect();
  await server.close();
  await fake.close();
});

describe('posts store: retrying a first comment', () => {
  it('posts only the comment, puts the post in the list, and refuses a second retry with words, not as the list error', async () => {
    const store = usePostsStore.getState;
    const created = await store().createPost('Launch', 'Out today.');
    await getSupabase().from('posts').update({ first_comment: 'Slides (PDF) below.' }).eq('id', created.id);
    await store().fetchPosts();
    fake.setScenario('linkedin', { failComments: { times: 1, status: 500 } });
    const published = await store().publishPost(created.id, apiBaseUrl);
    expect(published).toMatchObject({ publish_status: 'published', first_comment_status: 'failed' });

    const retried = await store().retryFirstComment(created.id, apiBaseUrl);
    expect(retried.first_comment_status).toBe('posted');
    expect(store().posts.find((post) => post.id === created.id)).toMatchObject<Partial<Post>>({
      first_comment_status: 'posted',
      first_comment_urn: fake.linkedin.posts[0]?.comments[0]?.urn ?? 'missing',
    });
    expect(fake.linkedin.posts).toHaveLength(1);
    expect(fake.linkedin.posts[0]?.comments.map((comment) => comment.shownText)).toEqual([
      'Slides (PDF) below.',
    ]);

    await expect(store().retryFirstComment(created.id, apiBaseUrl)).rejects.toThrow(
      'The first comment is already under your post on LinkedIn.',
    );
    expect(store().error).toBeNull();
  });
});
