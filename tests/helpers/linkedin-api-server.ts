import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Post } from '@/entities/post/post';
import { startFakeProviders, type FakeProviders } from '../../harness/fakes/fake-providers.ts';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { startApiTestServer } from './api-server.ts';
import { signedInClient } from './test-server.ts';

/** Where LinkedIn sends the browser back in these tests. */
export const testLinkedInRedirect = 'http://app.test/linkedin/callback';

/**
 * The LINKEDIN_* settings of a LinkedIn app pointed at the fake LinkedIn. The token key is a fixed
 * test value, so a test can build its own publisher that reads the tokens the server stored.
 */
export function fakeLinkedInEnv(fake: FakeProviders): Record<string, string> {
  return {
    LINKEDIN_CLIENT_ID: 'test-client-id',
    LINKEDIN_CLIENT_SECRET: 'test-client-secret',
    LINKEDIN_REDIRECT_URL: testLinkedInRedirect,
    LINKEDIN_AUTH_BASE_URL: `${fake.url}/oauth/v2`,
    LINKEDIN_API_BASE_URL: fake.url,
    LINKEDIN_TOKEN_KEY: Buffer.alloc(32, 7).toString('base64'),
  };
}

/** The embedded backend with the /api functions, its LinkedIn app pointed at the fake LinkedIn. */
export function startLinkedInApiServer(fake: FakeProviders): Promise<EmbeddedServer> {
  return startApiTestServer({ linkedin: fakeLinkedInEnv(fake) });
}

/**
 * Connects LinkedIn for the user of `token` as the browser would: "Connect LinkedIn", the fake's
 * sign-in page sending the browser back with a code, and the callback. Resolves with the callback's answer.
 */
export async function connectLinkedIn(apiUrl: string, token: string): Promise<Response> {
  const post = (path: string, body: unknown) =>
    fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const { url } = (await (await post('/linkedin/connect', {})).json()) as { url: string };
  const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '');
  return post('/linkedin/callback', {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
}

/** A signed-in author of the publishing tests: their own client and access token. */
export interface LinkedInTestUser {
  client: SupabaseClient;
  id: string;
  token: string;
}

/** A new signed-in user, with LinkedIn connected through the fake unless `connected` is false. */
export async function newLinkedInUser(
  server: Pick<EmbeddedServer, 'url' | 'keys'>,
  { connected = true } = {},
): Promise<LinkedInTestUser> {
  const { client, user, session } = await signedInClient(server);
  const author = { client, id: user.id, token: session.access_token };
  if (connected) expect((await connectLinkedIn(`${server.url}/api`, author.token)).status).toBe(200);
  return author;
}

/** A post the user saves (a draft unless `fields` say otherwise), as stored. */
export async function newPost(user: LinkedInTestUser, fields: Record<string, unknown> = {}): Promise<Post> {
  const { data, error } = await user.client
    .from('posts')
    .insert({ topic: 'Release cycle', content: 'We shipped.', ...fields })
    .select()
    .single();
  expect(error).toBeNull();
  return data as Post;
}

/**
 * For a file's tests: the fake providers and the embedded server with the LinkedIn routes pointed
 * at them, started before the file and closed after it; the fake forgets its state before each test.
 * Read the fields inside tests (they are set once beforeAll has run).
 */
export function useLinkedInApiServer(): { fake: FakeProviders; server: EmbeddedServer } {
  const stack = {} as { fake: FakeProviders; server: EmbeddedServer };
  beforeAll(async () => {
    stack.fake = await startFakeProviders();
    stack.server = await startLinkedInApiServer(stack.fake);
  });
  afterAll(async () => {
    await stack.server.close();
    await stack.fake.close();
  });
  beforeEach(() => stack.fake.reset());
  return stack;
}
