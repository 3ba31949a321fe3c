import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestOptions } from '../../server/embedded/rest/rest-routes.ts';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { signedInClient, startTestServer } from '../helpers/test-server.ts';
import { restClientWithOptions } from './support/rest-client-with-options.ts';

// Requests that would cost the server far more than they are worth get a clear 4xx, never a 500.

let server: EmbeddedServer;
let client: SupabaseClient;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  const signedIn = await signedInClient(server);
  client = signedIn.client;
  token = signedIn.session.access_token;
  // 60 posts of 20,000 characters (the column's limit): 1.2 MB of content, sent in two bodies under 1 MB.
  for (const batch of [0, 1]) {
    const rows = Array.from({ length: 30 }, (_, index) => ({
      topic: `long ${batch}-${index}`,
      content: 'x'.repeat(20_000),
    }));
    const { error } = await client.from('posts').insert(rows);
    if (error) throw new Error(error.message);
  }
});
afterAll(() => server.close());

function rest(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.url}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: server.keys.publishableKey,
      authorization: `Bearer ${token}`,
      ...(init.headers ?? {}),
    },
  });
}

const clientWithOptions = (options: Partial<RestOptions>) => restClientWithOptions(server, token, options);

/** `or=(and(or(…(topic.eq.x)…)))`, nested `depth` logic operators deep. */
function nestedLogic(depth: number): string {
  let tree = 'topic.eq.x';
  for (let level = 1; level < depth; level += 1) tree = `${level % 2 ? 'and' : 'or'}(${tree})`;
  return `or=(${tree})`;
}

describe('logic tree nesting', () => {
  it('accepts 40 levels', async () => {
    const response = await rest(`posts?select=id&${nestedLogic(40)}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it('refuses 41 and 2,000 levels with 400 PGRST100 naming the limit', async () => {
    for (const depth of [41, 2000]) {
      const response = await rest(`posts?select=id&${nestedLogic(depth)}`);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { code: string; details: string };
      expect(body.code).toBe('PGRST100');
      expect(body.details).toContain('nested more than 40 levels deep');
    }
  });
});

describe('JSON body nesting', () => {
  it('refuses a body nested 100,000 deep with 400 PGRST102', async () => {
    const deep = `{"topic":"deep","content":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const response = await rest('posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: deep,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });
  });

  it('still accepts ordinary nesting inside a JSON value', async () => {
    const nested = `${'['.repeat(50)}1${']'.repeat(50)}`;
    const response = await rest('posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"topic":"nested","content":${JSON.stringify(nested)}}`,
    });
    expect(response.status).toBe(201);
  });
});

describe('response amplification', () => {
  const aliases = (count: number) =>
    Array.from({ length: count }, (_, index) => `c${index}:content`).join(',');

  it('refuses more than 100 select items with 400 PGRST100', async () => {
    const response = await rest(`posts?select=${aliases(101)}&limit=1`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; details: string };
    expect(body.code).toBe('PGRST100');
    expect(body.details).toContain('more than 100 items');
    expect((await rest(`posts?select=${aliases(100)}&limit=1`)).status).toBe(200);
  });

  it('answers 413 (54000) instead of building a body over 10 MB', async () => {
    // 60 rows x 10 aliases x 20,000 characters: about 12 MB.
    const { data, error, status } = await client.from('posts').select(aliases(10)).like('topic', 'long %');
    expect(status).toBe(413);
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: '54000' });
    expect(error?.message).toContain('fewer rows or columns');
    const fits = await client.from('posts').select(aliases(5)).like('topic', 'long %');
    expect(fits.status).toBe(200);
    expect(fits.data).toHaveLength(60);
  });

  it('takes the byte cap from createRestRoutes and applies it to write representations, rolling the write back', async () => {
    const small = await clientWithOptions({ maxResponseBytes: 30_000 } as Partial<RestOptions>);
    // Two of the long posts (an unordered read may start with a short one the file added since).
    const read = await small.from('posts').select('content').like('topic', 'long %').limit(2);
    expect(read.status).toBe(413);
    const write = await small
      .from('posts')
      .insert([
        { topic: 'too big to echo', content: 'y'.repeat(20_000) },
        { topic: 'too big to echo', content: 'y'.repeat(20_000) },
      ])
      .select();
    expect(write.status).toBe(413);
    expect(write.error).toMatchObject({ code: '54000' });
    expect((await client.from('posts').select('id').eq('topic', 'too big to echo')).data).toEqual([]);
    const minimal = await small.from('posts').insert({ topic: 'small echo', content: 'z' }).select('topic');
    expect(minimal.data).toEqual([{ topic: 'small echo' }]);
  });
});
