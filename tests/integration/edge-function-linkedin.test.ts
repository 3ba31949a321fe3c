// Publishing to LinkedIn through the `api` Edge Function under Deno, with the secrets a hosted
// project would set (LINKEDIN_*), the embedded server standing in for the project (REST, RPC,
// Storage) and the fake LinkedIn: the same routes and publisher as under Node.
import { randomBytes } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toPost, type Post } from '@/entities/post/post';
import type { TablesInsert } from '@/lib/supabase/database-types';
import { startFakeProviders, type FakeProviders } from '../../harness/fakes/fake-providers.ts';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { startEdgeFunction, type EdgeFunction } from '../../harness/edge-function.ts';
import { hostedFunctionEnv } from '../../harness/hosted-function-env.ts';
import { connectLinkedIn } from '../helpers/linkedin-api-server.ts';
import { signedInClient, startTestServer } from '../helpers/test-server.ts';

let project: EmbeddedServer;
let fake: FakeProviders;
let edge: EdgeFunction;
// Secret keys of the project besides `default`, made here (never written in the repository): one
// the owner added for the schedule, and the legacy service_role key of a project that still has it.
const schedulerKey = randomBytes(24).toString('base64url');
const legacyServiceRoleKey = randomBytes(24).toString('base64url');

beforeAll(async () => {
  [project, fake] = await Promise.all([startTestServer(), startFakeProviders()]);
  edge = await startEdgeFunction({
    ...hostedFunctionEnv(project, fake.url, { requests: 30, requestsPerAddress: 60 }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ scheduler: schedulerKey, default: project.keys.secretKey }),
    SUPABASE_SERVICE_ROLE_KEY: legacyServiceRoleKey,
    LINKEDIN_CLIENT_ID: 'hosted-client-id',
    LINKEDIN_CLIENT_SECRET: 'hosted-client-secret',
    LINKEDIN_REDIRECT_URL: 'https://app.example.com/linkedin/callback',
    LINKEDIN_TOKEN_KEY: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64'),
    LINKEDIN_AUTH_BASE_URL: `${fake.url}/oauth/v2`,
    LINKEDIN_API_BASE_URL: fake.url,
  });
});
afterEach(() => fake.reset());
afterAll(async () => {
  await edge?.close();
  await Promise.all([project?.close(), fake?.close()]);
});

function call(path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${edge.url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

describe('LinkedIn on the Edge Function', () => {
  it('connects, publishes now, and publishes a due post when pg_cron calls it with the secret key', async () => {
    const { client, session } = await signedInClient(project);
    const token = session.access_token;

    const started = (await (await call('/linkedin/connect', token, { method: 'POST', body: {} })).json()) as {
      url: string;
    };
    const back = new URL((await fetch(started.url, { redirect: 'manual' })).headers.get('location') ?? '');
    expect(back.origin + back.pathname).toBe('https://app.example.com/linkedin/callback');
    const connected = await call('/linkedin/callback', token, {
      method: 'POST',
      body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    });
    expect(await connected.json()).toMatchObject({
      connection: { name: 'Ada Lovelace', needsReconnect: false },
    });

    const insert = async (fields: TablesInsert<'posts'>): Promise<{ data: Post }> => {
      const { data, error } = await client.from('posts').insert(fields).select().single();
      if (error) throw error;
      return { data: toPost(data) };
    };
    const { data: now } = await insert({
      topic: 'Now',
      content: 'Shipping (finally) today.',
      first_comment: 'Notes (and slides): https://example.com/notes',
    });
    const published = (await (
      await call('/linkedin/publish', token, { method: 'POST', body: { postId: now.id } })
    ).json()) as {
      post: Post;
    };
    expect(published.post).toMatchObject({
      publish_status: 'published',
      linkedin_post_urn: fake.linkedin.posts[0]?.urn,
      first_comment_status: 'posted',
      first_comment_urn: fake.linkedin.posts[0]?.comments[0]?.urn,
    });
    expect(fake.linkedin.posts[0]?.shownText).toBe('Shipping (finally) today.');
    expect(fake.linkedin.posts[0]?.comments.map((comment) => comment.shownText)).toEqual([
      'Notes (and slides): https://example.com/notes',
    ]);

    const { data: due } = await insert({
      topic: 'Due',
      content: 'Planned for a minute ago.',
      planned_at: new Date(Date.now() - 60_000).toISOString(),
    });
    // What supabase/schedule-publishing.sql has pg_net send every minute.
    const tick = await fetch(`${edge.url}/api/linkedin/publish-due`, {
      method: 'POST',
      headers: { apikey: project.keys.secretKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await tick.json()).toMatchObject({ claimed: 1, published: 1 });
    const { data: after } = await client.from('posts').select('publish_status').eq('id', due.id).single();
    expect(after?.publish_status).toBe('published');

    const refused = await fetch(`${edge.url}/api/linkedin/publish-due`, {
      method: 'POST',
      headers: { apikey: project.keys.publishableKey },
    });
    expect(refused.status).toBe(401);
  });

  it('runs due posts for any of the project secret keys, whatever its name, and records the run', async () => {
    const { client } = await signedInClient(project);
    const due = (apikey: string) =>
      fetch(`${edge.url}/api/linkedin/publish-due`, {
        method: 'POST',
        headers: { apikey, 'content-type': 'application/json' },
        body: '{}',
      });
    const before = Date.now();
    for (const key of [schedulerKey, legacyServiceRoleKey, project.keys.secretKey]) {
      const response = await due(key);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ claimed: expect.any(Number) as number });
    }
    for (const key of [randomBytes(24).toString('base64url'), project.keys.publishableKey, '']) {
      const response = await due(key);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: 'invalid_token' } });
    }
    // What the app reads to tell whether the schedule reaches the server.
    const { data, error } = await client.rpc('scheduled_publishing_last_run');
    expect(error).toBeNull();
    expect(Date.parse(data as string)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('retries a first comment that failed, once, from the app on its own origin', async () => {
    const { client, session } = await signedInClient(project);
    const token = session.access_token;
    const started = (await (await call('/linkedin/connect', token, { method: 'POST', body: {} })).json()) as {
      url: string;
    };
    const back = new URL((await fetch(started.url, { redirect: 'manual' })).headers.get('location') ?? '');
    await call('/linkedin/callback', token, {
      method: 'POST',
      body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    });
    const { data: post } = (await client
      .from('posts')
      .insert({ topic: 'Comment', content: 'Out today.', first_comment: 'Link below.' })
      .select()
      .single()) as unknown as { data: Post };
    fake.setScenario('linkedin', { failComments: { times: 1, status: 503 } });
    const published = (await (
      await call('/linkedin/publish', token, { method: 'POST', body: { postId: post.id } })
    ).json()) as { post: Post };
    expect(published.post).toMatchObject({ publish_status: 'published', first_comment_status: 'failed' });

    const preflight = await fetch(`${edge.url}/api/linkedin/first-comment/retry`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    const retry = () =>
      call('/linkedin/first-comment/retry', token, { method: 'POST', body: { postId: post.id } });
    const retried = (await (await retry()).json()) as { post: Post };
    expect(retried.post).toMatchObject({ first_comment_status: 'posted', first_comment_error: null });
    const again = await retry();
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('first_comment_posted');
    expect(fake.linkedin.posts).toHaveLength(1);
    expect(fake.linkedin.posts[0]?.comments.map((comment) => comment.shownText)).toEqual(['Link below.']);
  });

  it('publishes a carousel through the Documents API, and refuses one over 300 pages before uploading it', async () => {
    const { client, user, session } = await signedInClient(project);
    const token = session.access_token;
    const started = (await (await call('/linkedin/connect', token, { method: 'POST', body: {} })).json()) as {
      url: string;
    };
    const back = new URL((await fetch(started.url, { redirect: 'manual' })).headers.get('location') ?? '');
    await call('/linkedin/callback', token, {
      method: 'POST',
      body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    });
    const carouselPost = async (pages: number): Promise<{ post: Post; pdf: Uint8Array }> => {
      const document = await PDFDocument.create();
      for (let page = 0; page < pages; page += 1) document.addPage([1080, 1350]);
      // Compressed object streams (pdf-lib's default): the page count is read after inflating them.
      const pdf = await document.save();
      const path = `${user.id}/${crypto.randomUUID()}.pdf`;
      const stored = await client.storage
        .from('post-carousels')
        .upload(path, pdf, { contentType: 'application/pdf' });
      expect(stored.error).toBeNull();
      const { data } = await client
        .from('posts')
        .insert({ topic: 'Deck', content: 'Swipe through.', carousel_path: path, carousel_title: 'The deck' })
        .select()
        .single();
      return { post: toPost(data!), pdf };
    };
    const publish = async (post: Post) =>
      (
        (await (
          await call('/linkedin/publish', token, { method: 'POST', body: { postId: post.id } })
        ).json()) as {
          post: Post;
        }
      ).post;

    const { post, pdf } = await carouselPost(3);
    expect(await publish(post)).toMatchObject({ publish_status: 'published' });
    const [document] = fake.linkedin.documents;
    expect(fake.linkedin.documentBytes(document!.urn)).toEqual(pdf);
    expect(fake.linkedin.posts[0]?.media).toEqual({ id: document!.urn, title: 'The deck' });

    const { post: long } = await carouselPost(301);
    expect(await publish(long)).toMatchObject({
      publish_status: 'failed',
      publish_error_kind: 'rejected',
      publish_error: expect.stringContaining('The carousel has 301 pages') as string,
    });
    expect(fake.linkedin.documents).toHaveLength(1);
  });

  it('lets the app on its own origin disconnect LinkedIn (a cross-origin DELETE)', async () => {
    const { session } = await signedInClient(project);
    const preflight = await fetch(`${edge.url}/api/linkedin/connection`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'DELETE',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')?.split(/\s*,\s*/)).toContain('DELETE');
    const response = await call('/linkedin/connection', session.access_token, { method: 'DELETE' });
    expect(await response.json()).toMatchObject({ configured: true, connection: null });
  });

  it("reads due posts' results from LinkedIn after the scheduled run, with the member's stored token", async () => {
    const { client, user, session } = await signedInClient(project);
    expect((await connectLinkedIn(`${edge.url}/api`, session.access_token)).status).toBe(200);
    // As if the operator's app had LinkedIn's analytics permission and the member granted it.
    fake.linkedin.tokens.at(-1)!.scope.push('r_member_postAnalytics');
    await project.db.query(
      `update private.linkedin_connections set scopes = scopes || ',r_member_postAnalytics' where user_id = $1`,
      [user.id],
    );
    const { data: post } = (await client
      .from('posts')
      .insert({ topic: 'Results', content: 'Why we hire for curiosity.' })
      .select()
      .single()) as unknown as { data: Post };
    expect(
      (await call('/linkedin/publish', session.access_token, { method: 'POST', body: { postId: post.id } }))
        .status,
    ).toBe(200);
    fake.linkedin.posts.at(-1)!.analytics = { IMPRESSION: 4321, REACTION: 21 };
    expect((await client.auth.signOut()).error).toBeNull();

    const tick = await fetch(`${edge.url}/api/linkedin/publish-due`, {
      method: 'POST',
      headers: { apikey: schedulerKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await tick.json()).toMatchObject({ results: { members: 1, read: 1, refused: 0 } });
    const { rows } = await project.db.query<{ impressions: number; reactions: number; source: string }>(
      'select impressions, reactions, source from public.post_results where post_id = $1',
      [post.id],
    );
    expect(rows).toEqual([{ impressions: 4321, reactions: 21, source: 'api' }]);
  });

  it('refuses a signed-out session on every LinkedIn route, and nothing reaches LinkedIn', async () => {
    const { client, user, session } = await signedInClient(project);
    const token = session.access_token;
    const started = (await (await call('/linkedin/connect', token, { method: 'POST', body: {} })).json()) as {
      url: string;
    };
    const back = new URL((await fetch(started.url, { redirect: 'manual' })).headers.get('location') ?? '');
    const connected = await call('/linkedin/callback', token, {
      method: 'POST',
      body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    });
    expect(connected.status).toBe(200);
    await connected.body?.cancel();
    const { data: post } = (await client
      .from('posts')
      .insert({ topic: 'Later', content: 'Not after signing out.', first_comment: 'Link below.' })
      .select()
      .single()) as unknown as { data: Post };
    expect((await client.auth.signOut()).error).toBeNull();
    fake.reset();

    for (const [method, path, body] of [
      ['GET', '/linkedin/status', undefined],
      ['POST', '/linkedin/connect', {}],
      ['POST', '/linkedin/callback', { state: 'a-state', code: 'a-code' }],
      ['DELETE', '/linkedin/connection', undefined],
      ['POST', '/linkedin/publish', { postId: post.id }],
      ['POST', '/linkedin/first-comment/retry', { postId: post.id }],
    ] as const) {
      const response = await call(path, token, { method, body });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json(), `${method} ${path}`).toMatchObject({
        error: { message: 'Authentication required. Please sign in again.', code: 'invalid_token' },
      });
    }
    expect(fake.requests).toEqual([]);
    const { rows } = await project.db.query<{ publish_status: string }>(
      'select publish_status from public.posts where user_id = $1',
      [user.id],
    );
    expect(rows).toEqual([{ publish_status: 'draft' }]);
  });

  it('says which secrets are missing when the project has no LinkedIn app', async () => {
    const bare = await startEdgeFunction(
      hostedFunctionEnv(project, fake.url, { requests: 30, requestsPerAddress: 60 }),
    );
    try {
      const { session } = await signedInClient(project);
      const response = await fetch(`${bare.url}/api/linkedin/status`, {
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(await response.json()).toEqual({
        configured: false,
        missing: [
          'LINKEDIN_CLIENT_ID',
          'LINKEDIN_CLIENT_SECRET',
          'LINKEDIN_REDIRECT_URL',
          'LINKEDIN_TOKEN_KEY',
        ],
        connection: null,
      });
    } finally {
      await bare.close();
    }
  });
});
