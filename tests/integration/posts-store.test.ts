import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { usePostsStore, postsPageSize } from '@/features/posts/posts-store';
import { getSupabase, initSupabase } from '@/lib/supabase/client';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { startTestServer, supabaseClient } from '../helpers/test-server.ts';
import { postRow } from '../helpers/post-row.ts';

(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

let server: EmbeddedServer;
const alice = { email: 'alice-posts@example.com', password: 'alice password 1' };
const bob = { email: 'bob-posts@example.com', password: 'bob password 12' };

async function signInAs(user: { email: string; password: string }) {
  await getSupabase().auth.signOut({ scope: 'local' });
  const { error } = await getSupabase().auth.signInWithPassword(user);
  if (error) throw error;
  usePostsStore.getState().reset();
}

beforeAll(async () => {
  server = await startTestServer();
  initSupabase(server.url, server.keys.publishableKey);
  for (const user of [alice, bob]) await supabaseClient(server).auth.signUp(user);
});
afterAll(async () => {
  getSupabase().realtime.disconnect();
  await server.close();
});
beforeEach(() => usePostsStore.getState().reset());

describe('posts store against the embedded backend', () => {
  it('creates posts unpublished and lists only the own posts, newest first', async () => {
    await signInAs(alice);
    const first = await usePostsStore.getState().createPost('First', 'one');
    const second = await usePostsStore.getState().createPost('Second', 'two');
    expect(first.is_published).toBe(false);
    await usePostsStore.getState().fetchPosts();
    expect(usePostsStore.getState().posts.map((post) => post.id)).toEqual([second.id, first.id]);

    await signInAs(bob);
    await usePostsStore.getState().fetchPosts();
    expect(usePostsStore.getState().posts).toEqual([]);
  });

  it('pages through many posts without duplicates', async () => {
    await signInAs(bob);
    const rows = Array.from({ length: postsPageSize + 7 }, (_, index) => ({
      topic: `t${index}`,
      content: `c${index}`,
    }));
    const { error } = await getSupabase().from('posts').insert(rows);
    expect(error).toBeNull();
    await usePostsStore.getState().fetchPosts();
    expect(usePostsStore.getState().posts).toHaveLength(postsPageSize);
    expect(usePostsStore.getState().hasMore).toBe(true);
    await usePostsStore.getState().loadMore();
    const ids = usePostsStore.getState().posts.map((post) => post.id);
    expect(ids).toHaveLength(postsPageSize + 7);
    expect(new Set(ids).size).toBe(ids.length);
    expect(usePostsStore.getState().hasMore).toBe(false);
  });

  it('edits content and toggles publishing both ways', async () => {
    await signInAs(alice);
    const post = await usePostsStore.getState().createPost('Edit me', 'before');
    expect((await usePostsStore.getState().updatePost(post.id, 'after')).content).toBe('after');
    expect((await usePostsStore.getState().togglePublished(post.id)).is_published).toBe(true);
    expect((await usePostsStore.getState().togglePublished(post.id)).is_published).toBe(false);
    const { data } = await getSupabase()
      .from('posts')
      .select('content, is_published')
      .eq('id', post.id)
      .single();
    expect(data).toEqual({ content: 'after', is_published: false });
  });

  it('says "Post not found" when toggling a post that is not in the local list', async () => {
    await signInAs(alice);
    await expect(usePostsStore.getState().togglePublished(crypto.randomUUID())).rejects.toThrow(
      "Couldn't change the post's status. Post not found.",
    );
    // `error` is the list's (a failed load, shown with "Try again"); one post's failure is not.
    expect(usePostsStore.getState().error).toBeNull();
  });

  it('a failed change of one post says what failed and why, and leaves the list and its error alone', async () => {
    await signInAs(alice);
    const post = await usePostsStore
      .getState()
      .createPost('Alice only', 'mine', null, new Date(Date.now() + 864e5));
    await signInAs(bob);
    await usePostsStore.getState().fetchPosts();
    // Forced into Bob's list: row-level security hides it, so the update touches no row.
    usePostsStore.setState({ posts: [post] });
    await expect(usePostsStore.getState().togglePublished(post.id)).rejects.toThrow(
      "Couldn't change the post's status. Post not found.",
    );
    await expect(usePostsStore.getState().planPost(post.id, null)).rejects.toThrow(
      "Couldn't save the post's plan. Post not found.",
    );
    expect(usePostsStore.getState().error).toBeNull();
    expect(usePostsStore.getState().posts).toEqual([post]);
    await signInAs(alice);
    const { data } = await getSupabase()
      .from('posts')
      .select('is_published, planned_at')
      .eq('id', post.id)
      .single();
    expect(data).toEqual({ is_published: false, planned_at: post.planned_at });
  });

  it("cannot edit another user's post (maps PGRST116 instead of pretending it worked)", async () => {
    await signInAs(alice);
    const post = await usePostsStore.getState().createPost('Private', 'mine');
    await signInAs(bob);
    await expect(usePostsStore.getState().updatePost(post.id, 'hijacked')).rejects.toThrow(
      'Resource not found',
    );
    await signInAs(alice);
    const { data } = await getSupabase().from('posts').select('content').eq('id', post.id).single();
    expect(data).toEqual({ content: 'mine' });
  });

  it('deletes, and deleting a post another tab already deleted is harmless', async () => {
    await signInAs(alice);
    const post = await usePostsStore.getState().createPost('Delete me', 'bye');
    await getSupabase().from('posts').delete().eq('id', post.id); // "another tab"
    await expect(usePostsStore.getState().deletePost(post.id)).resolves.toBeUndefined();
    expect(usePostsStore.getState().posts.find((item) => item.id === post.id)).toBeUndefined();
  });

  it('fetches one month of posts by creation time', async () => {
    await signInAs(alice);
    const inside = await usePostsStore.getState().createPost('Now', 'now');
    const now = new Date();
    const month = await usePostsStore
      .getState()
      .fetchPostsBetween(
        new Date(now.getFullYear(), now.getMonth(), 1),
        new Date(now.getFullYear(), now.getMonth() + 1, 1),
      );
    expect(month.map((post) => post.id)).toContain(inside.id);
    const lastYear = await usePostsStore
      .getState()
      .fetchPostsBetween(new Date(now.getFullYear() - 1, 0, 1), new Date(now.getFullYear() - 1, 1, 1));
    expect(lastYear).toEqual([]);
  });

  it('returns a whole busy month, beyond the 1,000-row read cap', async () => {
    await signInAs(bob);
    const now = new Date();
    const from = new Date(now.getFullYear(), now.getMonth(), 1);
    const to = new Date(now.getFullYear(), now.getMonth() + 1, 1);
    const rows = Array.from({ length: 1200 }, (_, index) => ({
      topic: `Busy ${index}`,
      content: 'x',
      created_at: new Date(from.getTime() + index * 1000).toISOString(),
    }));
    for (let start = 0; start < rows.length; start += 600) {
      const { error } = await getSupabase()
        .from('posts')
        .insert(rows.slice(start, start + 600));
      expect(error).toBeNull();
    }
    const month = await usePostsStore.getState().fetchPostsBetween(from, to);
    const busy = month.filter((post) => post.topic.startsWith('Busy '));
    expect(busy).toHaveLength(1200);
    expect(new Set(month.map((post) => post.id)).size).toBe(month.length);
  });

  it('keeps XSS-looking content as plain text in the database', async () => {
    await signInAs(alice);
    const payload = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const post = await usePostsStore.getState().createPost(payload, payload);
    expect(post.topic).toBe(payload);
    expect(post.content).toBe(payload);
  });

  it('refuses to create a post when signed out, and clears the list when loading fails', async () => {
    await getSupabase().auth.signOut({ scope: 'local' });
    await expect(usePostsStore.getState().createPost('x', 'y')).rejects.toThrow('No authenticated user');
    usePostsStore.setState({
      posts: [
        postRow({
          id: '1',
          user_id: 'u',
          topic: 't',
          content: 'c',
          is_published: false,
          created_at: new Date().toISOString(),
        }),
      ],
    });
    await expect(usePostsStore.getState().fetchPosts()).rejects.toThrow('No authenticated user');
    expect(usePostsStore.getState().posts).toEqual([]);
  });
});
