import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Post } from '@/entities/post/post';
import { startFakeProviders, type FakeProviders } from '../../harness/fakes/fake-providers.ts';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { newPost, startLinkedInApiServer, type LinkedInTestUser } from '../helpers/linkedin-api-server.ts';
import { signedInClient } from '../helpers/test-server.ts';

// Connecting LinkedIn and publishing through the /api functions, against the fake LinkedIn
// (harness/fakes) speaking LinkedIn's wire format, on the real embedded backend.

let fake: FakeProviders;
let server: EmbeddedServer;

type User = LinkedInTestUser;

beforeAll(async () => {
  fake = await startFakeProviders();
  server = await startLinkedInApiServer(fake);
});
afterAll(async () => {
  await server.close();
  await fake.close();
});
beforeEach(() => fake.reset());

async function newUser(): Promise<User> {
  const { client, user, session } = await signedInClient(server);
  return { client, id: user.id, token: session.access_token };
}

function api(user: User | null, path: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${server.url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(user ? { authorization: `Bearer ${user.token}` } : {}),
      'content-type': 'application/json',
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

/** What LinkedIn's sign-in page sends the browser back with, for a connect started by `user`. */
async function authorize(user: User): Promise<URLSearchParams> {
  const started = await api(user, '/linkedin/connect', { method: 'POST', body: {} });
  expect(started.status).toBe(200);
  const { url } = (await started.json()) as { url: string };
  const page = await fetch(url, { redirect: 'manual' });
  expect(page.status).toBe(302);
  const back = new URL(page.headers.get('location') ?? '');
  expect(back.origin + back.pathname).toBe('http://app.test/linkedin/callback');
  return back.searchParams;
}

async function connect(user: User) {
  const params = await authorize(user);
  const response = await api(user, '/linkedin/callback', {
    method: 'POST',
    body: { code: params.get('code'), state: params.get('state') },
  });
  expect(response.status).toBe(200);
  return response.json() as Promise<{ connection: { name: string; needsReconnect: boolean } | null }>;
}

async function newPostWithImage(user: User, fields: Record<string, unknown> = {}): Promise<Post> {
  const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82]);
  const path = `${user.id}/${crypto.randomUUID()}.png`;
  const uploaded = await user.client.storage
    .from('post-images')
    .upload(path, png, { contentType: 'image/png' });
  expect(uploaded.error).toBeNull();
  return newPost(user, { image_path: path, image_alt: 'A whiteboard full of notes', ...fields });
}

async function publish(user: User, post: Post) {
  const response = await api(user, '/linkedin/publish', { method: 'POST', body: { postId: post.id } });
  return {
    status: response.status,
    body: (await response.json()) as { post?: Post; error?: { message: string; code: string } },
  };
}

const publishDue = (body: unknown = {}) =>
  fetch(`${server.url}/api/linkedin/publish-due`, {
    method: 'POST',
    headers: { apikey: server.keys.secretKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function storedPost(user: User, id: string): Promise<Post> {
  const { data } = await user.client.from('posts').select().eq('id', id).single();
  return data as Post;
}

/** Pretends the retry time has come (the backoff is minutes long). */
async function retryNow(id: string) {
  await server.db.query(`update public.posts set next_attempt_at = now() where id = $1`, [id]);
}

describe('connecting LinkedIn', () => {
  it('connects through the authorization-code flow and shows the member, never the token', async () => {
    const ada = await newUser();
    const before = await api(ada, '/linkedin/status');
    expect(await before.json()).toEqual({ configured: true, missing: [], connection: null });

    const status = await connect(ada);
    expect(status.connection).toMatchObject({ name: 'Ada Lovelace', needsReconnect: false });

    const token = fake.linkedin.tokens.at(-1)?.accessToken ?? '';
    expect(token.length).toBeGreaterThan(20);
    const shown = await (await api(ada, '/linkedin/status')).text();
    expect(shown).not.toContain(token);
    // Stored sealed: neither the token nor any part of it is in the row.
    const { rows } = await server.db.query<{ access_token: string }>(
      'select access_token from private.linkedin_connections where user_id = $1',
      [ada.id],
    );
    expect(rows[0]?.access_token).toMatch(/^v1\./);
    expect(rows[0]?.access_token).not.toContain(token.slice(0, 12));
    const exchange = fake.requests.find((entry) => entry.path.endsWith('/accessToken'));
    expect(exchange?.body).toMatchObject({
      grant_type: 'authorization_code',
      client_id: 'test-client-id',
      redirect_uri: 'http://app.test/linkedin/callback',
    });
  });

  it('refuses a replayed state, a made-up one and one started by another user', async () => {
    const ada = await newUser();
    const mallory = await newUser();
    const params = await authorize(ada);
    const body = { code: params.get('code'), state: params.get('state') };

    const stolen = await api(mallory, '/linkedin/callback', { method: 'POST', body });
    expect(stolen.status).toBe(400);
    expect(((await stolen.json()) as { error: { code: string } }).error.code).toBe('linkedin_state_invalid');
    const madeUp = await api(ada, '/linkedin/callback', {
      method: 'POST',
      body: { ...body, state: 'guessed' },
    });
    expect(madeUp.status).toBe(400);

    // The state was used by neither refusal: the real callback still works, once.
    expect((await api(ada, '/linkedin/callback', { method: 'POST', body })).status).toBe(200);
    const replay = await api(ada, '/linkedin/callback', { method: 'POST', body });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: { message: string } }).error.message).toBe(
      'This LinkedIn sign-in was not started here, has expired or was already used. Start again with Connect LinkedIn.',
    );
  });

  it('says so, in words, when the member cancels on LinkedIn', async () => {
    const ada = await newUser();
    fake.setScenario('linkedin', { authorize: 'deny' });
    const params = await authorize(ada);
    expect(params.get('error')).toBe('user_cancelled_authorize');
    const response = await api(ada, '/linkedin/callback', {
      method: 'POST',
      body: { state: params.get('state'), error: params.get('error') },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'You cancelled the LinkedIn sign-in, so LinkedIn is not connected.',
    );
    expect(await (await api(ada, '/linkedin/status')).json()).toMatchObject({ connection: null });
  });

  it('disconnects: the token is forgotten and publishing asks to connect first', async () => {
    const ada = await newUser();
    await connect(ada);
    const response = await api(ada, '/linkedin/connection', { method: 'DELETE' });
    expect(await response.json()).toMatchObject({ connection: null });
    const { status, body } = await publish(ada, await newPost(ada));
    expect(status).toBe(409);
    expect(body.error?.message).toBe('Connect LinkedIn in Settings first.');
  });
});

describe('publishing now', () => {
  it('publishes the text as written, brackets and all, and keeps its link', async () => {
    const ada = await newUser();
    await connect(ada);
    const text =
      'We cut our release cycle (from 6 weeks to 2) by doing less.\n\n* one owner per release\n* no fixes after Thursday\n\nThanks @Maria [and the team] <3 #shipping https://example.com/a_b';
    const { status, body } = await publish(ada, await newPost(ada, { content: text }));
    expect(status).toBe(200);
    const [sent] = fake.linkedin.posts;
    expect(sent?.shownText).toBe(text);
    expect(sent?.author).toBe(`urn:li:person:${fake.linkedin.tokens.at(-1)?.member.sub}`);
    expect(sent?.linkedinVersion).toBe('202607');
    expect(body.post).toMatchObject({
      publish_status: 'published',
      is_published: true,
      linkedin_post_urn: sent?.urn,
      linkedin_post_url: `https://www.linkedin.com/feed/update/${sent?.urn}/`,
      publish_error: null,
    });
    expect(body.post?.published_at).not.toBeNull();
    // Published posts are not published twice.
    const again = await publish(ada, body.post!);
    expect(again.status).toBe(409);
    expect(fake.linkedin.posts).toHaveLength(1);
  });

  it('uploads the image first and posts it with its alt text', async () => {
    const ada = await newUser();
    await connect(ada);
    const { body } = await publish(ada, await newPostWithImage(ada));
    expect(body.post?.publish_status).toBe('published');
    const [image] = fake.linkedin.images;
    expect(image?.upload).toMatchObject({ byteLength: 16, contentType: 'image/png' });
    expect(fake.linkedin.posts[0]?.media).toEqual({ id: image?.urn, altText: 'A whiteboard full of notes' });
  });

  it('refuses a post over 3,000 characters before sending it, with the count', async () => {
    const ada = await newUser();
    await connect(ada);
    const { body } = await publish(ada, await newPost(ada, { content: 'a'.repeat(3214) }));
    expect(body.post).toMatchObject({
      publish_status: 'failed',
      publish_error_kind: 'rejected',
      publish_error:
        'This post has 3,214 characters; LinkedIn takes at most 3,000. Shorten it, then publish again.',
    });
    expect(fake.requests.filter((entry) => entry.path === '/rest/posts')).toEqual([]);
  });

  it('asks to reconnect when LinkedIn refuses the token (401), and keeps the post scheduled', async () => {
    const ada = await newUser();
    await connect(ada);
    fake.setScenario('linkedin', { expireTokens: true });
    const { body } = await publish(ada, await newPost(ada));
    expect(body.post).toMatchObject({ publish_status: 'scheduled', publish_error_kind: 'reconnect' });
    expect(body.post?.publish_error).toBe(
      'LinkedIn no longer accepts the sign-in this app had (it expired or was revoked). Reconnect LinkedIn in Settings; the post stays scheduled.',
    );
    expect(await (await api(ada, '/linkedin/status')).json()).toMatchObject({
      connection: { needsReconnect: true },
    });
    const next = await publish(ada, await newPost(ada));
    expect(next.status).toBe(409);
    expect(next.body.error?.code).toBe('linkedin_reconnect');

    // Reconnecting lets the scheduled post go out at the next run.
    fake.setScenario('linkedin', {});
    await connect(ada);
    expect(await (await publishDue()).json()).toMatchObject({ claimed: 1, published: 1 });
    expect((await storedPost(ada, body.post!.id)).publish_status).toBe('published');
  });

  it('fails at once, naming the setting, when LinkedIn has retired the API version (426)', async () => {
    const ada = await newUser();
    await connect(ada);
    fake.setScenario('linkedin', { retiredVersions: ['202607'] });
    const { body } = await publish(ada, await newPost(ada));
    expect(body.post).toMatchObject({ publish_status: 'failed', publish_error_kind: 'version' });
    expect(body.post?.publish_error).toContain('LINKEDIN_API_VERSION');
    expect(fake.linkedin.posts).toEqual([]);
  });

  it('retries a busy LinkedIn (429) with backoff, then publishes on the third attempt', async () => {
    const ada = await newUser();
    await connect(ada);
    fake.setScenario('linkedin', { failPosts: { times: 2, status: 429 } });
    const started = Date.now();
    const { body } = await publish(ada, await newPost(ada));
    const first = body.post!;
    expect(first).toMatchObject({
      publish_status: 'scheduled',
      publish_error_kind: 'retrying',
      publish_attempts: 1,
    });
    expect(first.publish_error).toBe(
      'LinkedIn asked us to slow down (too many requests). Trying again shortly (attempt 2 of 3).',
    );
    // The first wait is a minute (longer than LinkedIn's Retry-After of 1 s).
    expect(Date.parse(first.next_attempt_at!)).toBeGreaterThanOrEqual(started + 60_000);
    expect(Date.parse(first.next_attempt_at!)).toBeLessThanOrEqual(Date.now() + 60_000);
    // Not before its time.
    expect(await (await publishDue()).json()).toMatchObject({ claimed: 0 });

    await retryNow(first.id);
    expect(await (await publishDue()).json()).toMatchObject({ claimed: 1, retrying: 1 });
    const second = await storedPost(ada, first.id);
    expect(second).toMatchObject({ publish_attempts: 2, publish_status: 'scheduled' });
    expect(Date.parse(second.next_attempt_at!) - Date.now()).toBeGreaterThan(200_000);

    await retryNow(first.id);
    expect(await (await publishDue()).json()).toMatchObject({ claimed: 1, published: 1 });
    expect(await storedPost(ada, first.id)).toMatchObject({
      publish_status: 'published',
      publish_attempts: 3,
    });
    expect(fake.linkedin.posts).toHaveLength(1);
  });

  it('gives up after three tries of a LinkedIn that is down, with the reason, and Retry starts afresh', async () => {
    const ada = await newUser();
    await connect(ada);
    // Down before any post request left (here: starting the image upload), so each try is safe to repeat.
    fake.setScenario('linkedin', { failImages: { times: 3, status: 503 } });
    const { body } = await publish(ada, await newPostWithImage(ada));
    await retryNow(body.post!.id);
    await publishDue();
    await retryNow(body.post!.id);
    await publishDue();
    const failed = await storedPost(ada, body.post!.id);
    expect(failed).toMatchObject({
      publish_status: 'failed',
      publish_error_kind: 'unavailable',
      publish_attempts: 3,
    });
    expect(failed.publish_error).toBe(
      'LinkedIn had a problem (it answered 503), and 3 tries did not get the post through. Publish again when LinkedIn is back.',
    );
    const retried = await publish(ada, failed);
    expect(retried.body.post).toMatchObject({ publish_status: 'published', publish_attempts: 1 });
    expect(fake.linkedin.posts).toHaveLength(1);
  });
});

describe('publishing at the planned time', () => {
  it('publishes due posts only, for the project itself only', async () => {
    const ada = await newUser();
    await connect(ada);
    const due = await newPost(ada, { topic: 'Due', planned_at: new Date(Date.now() - 60_000).toISOString() });
    const later = await newPost(ada, {
      topic: 'Later',
      planned_at: new Date(Date.now() + 3_600_000).toISOString(),
    });

    const refused = await fetch(`${server.url}/api/linkedin/publish-due`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(refused.status).toBe(401);

    // Two runs at once (two isolates, or a slow run and the next tick): one post, once.
    const outcomes = await Promise.all([publishDue(), publishDue()]);
    const counts = (await Promise.all(outcomes.map((response) => response.json()))) as {
      published: number;
    }[];
    expect(counts.reduce((sum, outcome) => sum + outcome.published, 0)).toBe(1);
    expect(fake.linkedin.posts).toHaveLength(1);
    expect((await storedPost(ada, due.id)).publish_status).toBe('published');
    expect((await storedPost(ada, later.id)).publish_status).toBe('scheduled');
  });

  it('never publishes twice when the server stops between LinkedIn taking the post and our write', async () => {
    const ada = await newUser();
    await connect(ada);
    const post = await newPost(ada, { planned_at: new Date(Date.now() - 60_000).toISOString() });
    // The run claims the post and marks it sent; LinkedIn takes it; then the process dies before
    // it records the result (here: the recording is cut off, the LinkedIn call is real).
    await server.db.query(
      `update public.posts set publish_status = 'publishing', publish_claimed_at = now(),
              publish_sent_at = now(), publish_attempts = 1 where id = $1`,
      [post.id],
    );
    // A run that was cut off ends by itself within 10 minutes: until then the claim is left alone.
    const claimAged = () =>
      server.db.query(
        `update public.posts set publish_claimed_at = now() - interval '11 minutes' where id = $1`,
        [post.id],
      );
    const token = fake.linkedin.tokens.at(-1)!;
    const created = await fetch(`${fake.url}/rest/posts`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token.accessToken}`,
        'linkedin-version': '202607',
        'x-restli-protocol-version': '2.0.0',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        author: `urn:li:person:${token.member.sub}`,
        commentary: 'We shipped.',
        visibility: 'PUBLIC',
        distribution: {
          feedDistribution: 'MAIN_FEED',
          targetEntities: [],
          thirdPartyDistributionChannels: [],
        },
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
      }),
    });
    expect(created.status).toBe(201);

    expect(await (await publishDue({ stale_after_seconds: 0 })).json()).toMatchObject({ claimed: 0 });
    expect((await storedPost(ada, post.id)).publish_status).toBe('publishing');

    // The first run after 10 minutes settles what the stopped one left.
    await claimAged();
    expect(await (await publishDue()).json()).toMatchObject({ claimed: 0 });
    expect(await storedPost(ada, post.id)).toMatchObject({
      publish_status: 'failed',
      publish_error_kind: 'unconfirmed',
    });
    expect(await (await publishDue({ stale_after_seconds: 0 })).json()).toMatchObject({ claimed: 0 });
    expect(fake.linkedin.posts).toHaveLength(1);
  });

  it('retries a claim the stopped server had not sent yet, and publishes it once', async () => {
    const ada = await newUser();
    await connect(ada);
    const post = await newPost(ada, { planned_at: new Date(Date.now() - 60_000).toISOString() });
    await server.db.query(
      `update public.posts set publish_status = 'publishing', publish_claimed_at = now(), publish_attempts = 1
        where id = $1`,
      [post.id],
    );
    // It may still be uploading its image: left alone until its claim is 10 minutes old.
    expect(await (await publishDue({ stale_after_seconds: 0 })).json()).toMatchObject({ claimed: 0 });
    await server.db.query(
      `update public.posts set publish_claimed_at = now() - interval '11 minutes' where id = $1`,
      [post.id],
    );
    expect(await (await publishDue()).json()).toMatchObject({
      claimed: 1,
      published: 1,
    });
    expect(fake.linkedin.posts).toHaveLength(1);
    expect((await storedPost(ada, post.id)).publish_attempts).toBe(1);
  });
});
