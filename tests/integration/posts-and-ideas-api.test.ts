import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { countTopicUse } from '@/features/ideas/api/count-topic-use';
import { deleteIdea } from '@/features/ideas/api/delete-idea';
import { fetchIdeasPage } from '@/features/ideas/api/fetch-ideas-page';
import { recordTopicUse } from '@/features/ideas/api/record-topic-use';
import { deletePost } from '@/entities/post/api/delete-post';
import { fetchPostsBetween } from '@/entities/post/api/fetch-posts-between';
import { fetchPostsPage } from '@/entities/post/api/fetch-posts-page';
import { insertPost } from '@/entities/post/api/insert-post';
import { updatePost } from '@/entities/post/api/update-post';
import { getSupabase, initSupabase } from '@/lib/supabase/client';
import type { TopicIdea } from '@/lib/supabase/database-types';
import type { Post } from '@/entities/post/post';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { signedInClient, startTestServer } from '../helpers/test-server.ts';

// The data-access functions of features/*/api against the embedded backend, for what the store
// tests (posts-store, ideas-store) do not already show: whose rows a user id reaches, the range
// bounds, and the errors they throw.

(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

interface TestUser {
  id: string;
  email: string;
  password: string;
  /** The user's own client, to seed and inspect rows apart from the app's client. */
  client: SupabaseClient;
}

let server: EmbeddedServer;
let alice: TestUser;
let bob: TestUser;

async function createUser(): Promise<TestUser> {
  const { client, user, email, password } = await signedInClient(server);
  return { id: user.id, email, password, client };
}

/** Signs the app's client (the one the api functions use) in as this user. */
async function signInAppAs(user: TestUser) {
  await getSupabase().auth.signOut({ scope: 'local' });
  const { error } = await getSupabase().auth.signInWithPassword({
    email: user.email,
    password: user.password,
  });
  if (error) throw new Error(error.message);
}

async function seedPosts(user: TestUser, rows: { topic: string; created_at: string }[]): Promise<Post[]> {
  const complete = rows.map((row) => ({ content: 'seeded', ...row }));
  const { data, error } = await user.client.from('posts').insert(complete).select();
  if (error) throw new Error(error.message);
  return data as Post[];
}

async function seedIdea(user: TestUser, topic: string, usedCount = 0): Promise<TopicIdea> {
  const { data, error } = await user.client
    .from('topic_ideas')
    .insert({ topic, used_count: usedCount })
    .select()
    .single();
  if (error) throw new Error(error.message);
  return data as TopicIdea;
}

/** What the promise rejected with, for checking its message and cause. */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

const lengthMessage = 'One of the values is too long or not allowed. Please check what you entered.';

beforeAll(async () => {
  server = await startTestServer();
  initSupabase(server.url, server.keys.publishableKey);
  alice = await createUser();
  bob = await createUser();
});

afterAll(async () => {
  getSupabase().realtime.disconnect();
  await server.close();
});

describe('posts api', () => {
  it("fetchPostsPage reads the given page of the user's posts, newest first, and nothing of another user's id", async () => {
    const [older, newer, newest] = await seedPosts(alice, [
      { topic: 'Page older', created_at: '2026-02-01T10:00:00Z' },
      { topic: 'Page newer', created_at: '2026-02-02T10:00:00Z' },
      { topic: 'Page newest', created_at: '2026-02-03T10:00:00Z' },
    ]);
    await signInAppAs(alice);
    expect((await fetchPostsPage(alice.id, 0, 2)).map((post) => post.id)).toEqual([newest!.id, newer!.id]);
    expect((await fetchPostsPage(alice.id, 2, 2)).map((post) => post.id)).toEqual([older!.id]);

    // Row-level security: Bob asking with Alice's id reads nothing.
    await signInAppAs(bob);
    expect(await fetchPostsPage(alice.id, 0, 50)).toEqual([]);
  });

  it('fetchPostsBetween includes a post created at `from` and leaves out one created at `to`', async () => {
    const from = new Date('2025-06-01T00:00:00Z');
    const to = new Date('2025-07-01T00:00:00Z');
    await seedPosts(alice, [
      { topic: 'At the start', created_at: from.toISOString() },
      { topic: 'Last instant', created_at: '2025-06-30T23:59:59.999Z' },
      { topic: 'At the end', created_at: to.toISOString() },
      { topic: 'Just before', created_at: '2025-05-31T23:59:59.999Z' },
    ]);
    await signInAppAs(alice);
    expect((await fetchPostsBetween(alice.id, from, to)).map((post) => post.topic)).toEqual([
      'At the start',
      'Last instant',
    ]);
  });

  it('insertPost saves an unpublished post, and throws the user message for a topic over 1,000 characters', async () => {
    await signInAppAs(alice);
    const post = await insertPost(alice.id, 'Inserted', 'text');
    expect(post).toMatchObject({
      topic: 'Inserted',
      content: 'text',
      is_published: false,
      user_id: alice.id,
    });

    const error = await rejection(insertPost(alice.id, 'x'.repeat(1001), 'text'));
    expect(error.message).toBe(lengthMessage);
    // A plain Error (no code), so a store shows the message as it is; the backend's error is kept.
    expect('code' in error).toBe(false);
    expect(error.cause).toMatchObject({ code: '23514' });
  });

  it("insertPost refuses a post in another user's name", async () => {
    await signInAppAs(bob);
    await expect(insertPost(alice.id, 'Forged', 'text')).rejects.toThrow(
      'You do not have permission to perform this action',
    );
    const { data } = await alice.client.from('posts').select('id').eq('topic', 'Forged');
    expect(data).toEqual([]);
  });

  it("updatePost and deletePost leave another user's post as it was", async () => {
    const [post] = await seedPosts(alice, [
      { topic: 'Alice keeps this', created_at: new Date().toISOString() },
    ]);
    await signInAppAs(bob);
    await expect(updatePost(post!.id, { is_published: true })).rejects.toThrow('Resource not found');
    await expect(deletePost(post!.id)).resolves.toBeUndefined();
    const { data } = await alice.client.from('posts').select('*').eq('id', post!.id).single();
    expect(data).toEqual(post);
  });
});

describe('ideas api', () => {
  it("fetchIdeasPage reads the user's ideas, an empty page past the end, and nothing of another user's id", async () => {
    const idea = await seedIdea(alice, 'Paged idea');
    await signInAppAs(alice);
    expect((await fetchIdeasPage(alice.id, 0)).map((row) => row.id)).toContain(idea.id);
    expect(await fetchIdeasPage(alice.id, 1)).toEqual([]);

    await signInAppAs(bob);
    expect(await fetchIdeasPage(alice.id, 0)).toEqual([]);
  });

  it("countTopicUse adds 1, and answers null for an idea that is gone or another user's", async () => {
    const mine = await seedIdea(alice, 'Counted idea', 2);
    const theirs = await seedIdea(bob, 'Bob counts alone', 5);
    await signInAppAs(alice);
    expect(await countTopicUse(mine.id)).toMatchObject({ id: mine.id, used_count: 3 });
    expect(await countTopicUse(theirs.id)).toBeNull();
    expect(await countTopicUse(crypto.randomUUID())).toBeNull();
    const { data } = await bob.client.from('topic_ideas').select('used_count').eq('id', theirs.id).single();
    expect(data).toEqual({ used_count: 5 });
  });

  it('deleteIdea answers true when it deleted the row, false when there was none left', async () => {
    const idea = await seedIdea(alice, 'Deleted once');
    await signInAppAs(alice);
    await expect(deleteIdea(idea.id)).resolves.toBe(true);
    await expect(deleteIdea(idea.id)).resolves.toBe(false);
  });

  it('recordTopicUse starts a new topic at 1, and says "No authenticated user" when signed out', async () => {
    await signInAppAs(bob);
    expect(await recordTopicUse('Recorded by the api')).toMatchObject({ used_count: 1, user_id: bob.id });
    await getSupabase().auth.signOut({ scope: 'local' });
    await expect(recordTopicUse('Recorded by the api')).rejects.toThrow('No authenticated user');
  });
});
