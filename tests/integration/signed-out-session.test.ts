// A signed-out session's access token stays validly signed until it expires (an hour). Signing out
// must still end what it can do: every LinkedIn route refuses it, and so do the writes that plan or
// publish a post (row-level security on public.posts), image uploads, and every other write of the
// author's (profile, ideas, voice samples), on the embedded server.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@/entities/post/post';
import { startFakeProviders, type FakeProviders } from '../../harness/fakes/fake-providers.ts';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { connectLinkedIn, startLinkedInApiServer } from '../helpers/linkedin-api-server.ts';
import { signedInClient } from '../helpers/test-server.ts';

let fake: FakeProviders;
let server: EmbeddedServer;

beforeAll(async () => {
  fake = await startFakeProviders();
  server = await startLinkedInApiServer(fake);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

/** Every LinkedIn route a signed-in user can call, with a body that would otherwise be accepted. */
const linkedinRoutes = (postId: string) =>
  [
    ['GET', '/linkedin/status', undefined],
    ['POST', '/linkedin/connect', {}],
    ['POST', '/linkedin/callback', { state: 'a-state', code: 'a-code' }],
    ['DELETE', '/linkedin/connection', undefined],
    ['POST', '/linkedin/publish', { postId }],
    ['POST', '/linkedin/first-comment/retry', { postId }],
  ] as const;

/** A user who connected LinkedIn, saved a post, then signed out: their old token and client. */
async function signedOutAuthor(): Promise<{
  client: SupabaseClient;
  userId: string;
  token: string;
  post: Post;
}> {
  const { client, user, session } = await signedInClient(server);
  expect((await connectLinkedIn(`${server.url}/api`, session.access_token)).status).toBe(200);
  const { data: post, error } = await client
    .from('posts')
    .insert({ topic: 'Launch', content: 'We shipped.', first_comment: 'Notes below.' })
    .select()
    .single();
  expect(error).toBeNull();
  // What the app's "Sign out" does: the session is ended on the server (scope global by default).
  expect((await client.auth.signOut()).error).toBeNull();
  return { client, userId: user.id, token: session.access_token, post: post as Post };
}

describe('a signed-out session', () => {
  it('cannot use any LinkedIn route, and nothing reaches LinkedIn', async () => {
    const author = await signedOutAuthor();
    fake.reset();
    for (const [method, path, body] of linkedinRoutes(author.post.id)) {
      const response = await fetch(`${server.url}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${author.token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json(), `${method} ${path}`).toMatchObject({
        error: { message: 'Authentication required. Please sign in again.', code: 'invalid_token' },
      });
    }
    expect(fake.requests).toEqual([]);
    expect(fake.linkedin.posts).toHaveLength(0);
    // Still connected: the refused disconnect did nothing.
    const { rows } = await server.db.query('select 1 from private.linkedin_connections where user_id = $1', [
      author.userId,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('cannot plan, publish or save a post through the REST API', async () => {
    const author = await signedOutAuthor();
    const rest = (method: string, query: string, body: unknown) =>
      fetch(`${server.url}/rest/v1/posts${query}`, {
        method,
        headers: {
          apikey: server.keys.publishableKey,
          authorization: `Bearer ${author.token}`,
          'content-type': 'application/json',
          prefer: 'return=representation',
        },
        body: JSON.stringify(body),
      });
    const soon = new Date(Date.now() + 60 * 60_000).toISOString();

    const planned = await rest('PATCH', `?id=eq.${author.post.id}`, { planned_at: soon });
    expect(planned.status).toBe(401);
    expect(await planned.json()).toMatchObject({ code: 'session_not_found' });
    const published = await rest('PATCH', `?id=eq.${author.post.id}`, { is_published: true });
    expect(published.status).toBe(401);
    const inserted = await rest('POST', '', {
      topic: 'Sneaky',
      content: 'Planned after signing out.',
      planned_at: soon,
    });
    expect(inserted.status).toBe(401);
    const removed = await rest('DELETE', `?id=eq.${author.post.id}`, undefined);
    expect(removed.status).toBe(401);

    const { rows } = await server.db.query<{ publish_status: string; planned_at: Date | null }>(
      'select publish_status, planned_at from public.posts where user_id = $1',
      [author.userId],
    );
    expect(rows).toEqual([{ publish_status: 'draft', planned_at: null }]);
  });

  it('cannot change its profile, ideas or voice samples either, though it can still read them', async () => {
    const { client, user, session } = await signedInClient(server);
    const sample = 'A post I wrote last spring about shipping small changes every single day.';
    expect((await client.from('profiles').upsert({ id: user.id, full_name: 'Ada' })).error).toBeNull();
    expect((await client.from('topic_ideas').insert({ topic: 'Hiring' })).error).toBeNull();
    expect((await client.from('voice_samples').insert({ content: sample })).error).toBeNull();
    expect((await client.auth.signOut()).error).toBeNull();

    const rest = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server.url}/rest/v1/${path}`, {
        method,
        headers: {
          apikey: server.keys.publishableKey,
          authorization: `Bearer ${session.access_token}`,
          'content-type': 'application/json',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
    };
    const refused = { status: 401, body: expect.objectContaining({ code: 'session_not_found' }) };
    expect(await rest('PATCH', `profiles?id=eq.${user.id}`, { full_name: 'Someone else' })).toEqual(refused);
    expect(await rest('POST', 'topic_ideas', { topic: 'Planted after signing out' })).toEqual(refused);
    expect(await rest('POST', 'rpc/record_topic_use', { topic: 'Hiring' })).toEqual(refused);
    expect(await rest('DELETE', 'topic_ideas?topic=eq.Hiring')).toEqual(refused);
    expect(await rest('DELETE', 'voice_samples?content=not.is.null')).toEqual(refused);
    expect(await rest('POST', 'voice_samples', { content: `${sample} Again.` })).toEqual(refused);
    // Reads stay open until the token expires (decision 019).
    expect((await rest('GET', 'topic_ideas?select=topic,used_count')).body).toEqual([
      { topic: 'Hiring', used_count: 0 },
    ]);

    const { rows } = await server.db.query<{ full_name: string; ideas: number; samples: number }>(
      `select p.full_name,
              (select count(*)::int from public.topic_ideas where user_id = p.id) as ideas,
              (select count(*)::int from public.voice_samples where user_id = p.id) as samples
         from public.profiles p where p.id = $1`,
      [user.id],
    );
    expect(rows).toEqual([{ full_name: 'Ada', ideas: 1, samples: 1 }]);
  });

  it('cannot upload a post image', async () => {
    const author = await signedOutAuthor();
    const upload = await fetch(`${server.url}/storage/v1/object/post-images/${author.userId}/late.png`, {
      method: 'POST',
      headers: {
        apikey: server.keys.publishableKey,
        authorization: `Bearer ${author.token}`,
        'content-type': 'image/png',
      },
      body: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    });
    expect(upload.ok).toBe(false);
    await upload.body?.cancel();
    const { rows } = await server.db.query(
      "select 1 from storage.objects where bucket_id = 'post-images' and name like $1 || '/%'",
      [author.userId],
    );
    expect(rows).toHaveLength(0);
  });

  it('leaves a live session working (only the ended one is refused)', async () => {
    const { session } = await signedInClient(server);
    const response = await fetch(`${server.url}/api/linkedin/status`, {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(response.status).toBe(200);
    await response.body?.cancel();
  });
});
