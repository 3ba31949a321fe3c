import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { signedInClient, startTestServer } from '../helpers/test-server.ts';

let server: EmbeddedServer;
let client: SupabaseClient;
let userId: string;
let token: string;

const topics = ['Alpha', 'beta', 'Gamma', 'AI, ethics (2024) & "quotes"', 'delta'];

beforeAll(async () => {
  server = await startTestServer();
  const signedIn = await signedInClient(server);
  client = signedIn.client;
  userId = signedIn.user.id;
  token = signedIn.session.access_token;
  const rows = topics.map((topic, index) => ({
    topic,
    content: `content ${index}`,
    is_published: index % 2 === 0,
    created_at: new Date(Date.UTC(2026, 0, index + 1)).toISOString(),
  }));
  const { error } = await client.from('posts').insert(rows);
  if (error) throw new Error(error.message);
});
afterAll(() => server.close());

const topicsOf = (data: unknown) => (data as { topic: string }[]).map((row) => row.topic);

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

type Query = ReturnType<ReturnType<SupabaseClient['from']>['select']>;
type FilterCase = [name: string, filter: (query: Query) => Query, expected: string[]];

describe('filters through supabase-js', () => {
  it.each<FilterCase>([
    ['eq', (q) => q.eq('topic', 'Alpha'), ['Alpha']],
    ['neq', (q) => q.neq('topic', 'Alpha'), ['beta', 'Gamma', 'AI, ethics (2024) & "quotes"', 'delta']],
    ['gt', (q) => q.gt('created_at', '2026-01-04T00:00:00Z'), ['delta']],
    ['gte', (q) => q.gte('created_at', '2026-01-04T00:00:00Z'), ['AI, ethics (2024) & "quotes"', 'delta']],
    ['lt', (q) => q.lt('created_at', '2026-01-02T00:00:00Z'), ['Alpha']],
    ['lte', (q) => q.lte('created_at', '2026-01-02T00:00:00Z'), ['Alpha', 'beta']],
    ['like', (q) => q.like('topic', '%amm%'), ['Gamma']],
    ['ilike', (q) => q.ilike('topic', 'a%'), ['Alpha', 'AI, ethics (2024) & "quotes"']],
    ['in', (q) => q.in('topic', ['beta', 'delta', 'nope']), ['beta', 'delta']],
    ['is', (q) => q.is('is_published', true), ['Alpha', 'Gamma', 'delta']],
    ['not', (q) => q.not('topic', 'in', '(Alpha,beta)'), ['Gamma', 'AI, ethics (2024) & "quotes"', 'delta']],
    ['or', (q) => q.or('topic.eq.Alpha,and(is_published.eq.false,topic.ilike.b*)'), ['Alpha', 'beta']],
    [
      'value with commas, brackets, ampersand and quotes',
      (q) => q.eq('topic', 'AI, ethics (2024) & "quotes"'),
      ['AI, ethics (2024) & "quotes"'],
    ],
  ])('%s', async (_name, filter, expected) => {
    const { data, error } = await filter(client.from('posts').select('topic')).order('created_at');
    expect(error).toBeNull();
    expect(topicsOf(data)).toEqual(expected);
  });

  it('orders, pages with range() and counts', async () => {
    const { data, count, error } = await client
      .from('posts')
      .select('topic', { count: 'exact' })
      .order('created_at', { ascending: false })
      .range(1, 2);
    expect(error).toBeNull();
    expect(topicsOf(data)).toEqual(['AI, ethics (2024) & "quotes"', 'Gamma']);
    expect(count).toBe(5);
  });

  it('selects chosen columns with aliases and casts', async () => {
    const { data } = await client
      .from('posts')
      .select('title:topic, published:is_published::text')
      .eq('topic', 'Alpha')
      .single();
    expect(data).toEqual({ title: 'Alpha', published: 'true' });
  });

  it('maybeSingle gives null for no row and the row for one', async () => {
    expect((await client.from('posts').select('id').eq('topic', 'none').maybeSingle()).data).toBeNull();
    expect((await client.from('posts').select('topic').eq('topic', 'beta').maybeSingle()).data).toEqual({
      topic: 'beta',
    });
  });

  it('keeps timestamps faithful (ISO text with offset) and booleans typed', async () => {
    const { data } = await client
      .from('posts')
      .select('created_at, is_published')
      .eq('topic', 'Alpha')
      .single();
    expect(data?.created_at).toBe('2026-01-01T00:00:00+00:00');
    expect(data?.is_published).toBe(true);
  });
});

describe('writes', () => {
  it('inserts several rows with different keys using columns=, NULL or the default for missing keys', async () => {
    const rows = [{ topic: 'bulk one' }, { topic: 'bulk two', used_count: 3 }];
    // PostgREST semantics: a key missing from one object is NULL for that row…
    const asNull = await client.from('topic_ideas').insert(rows).select('topic, used_count');
    expect(asNull.error).toMatchObject({ code: '23502' });
    // …unless the client asks for the column default (Prefer: missing=default).
    const withDefault = await client
      .from('topic_ideas')
      .insert(rows, { defaultToNull: false })
      .select('topic, used_count');
    expect(withDefault.error).toBeNull();
    expect(withDefault.data).toEqual([
      { topic: 'bulk one', used_count: 0 },
      { topic: 'bulk two', used_count: 3 },
    ]);
  });

  it('upserts on a chosen conflict target, merging or ignoring duplicates', async () => {
    await client.from('topic_ideas').insert({ topic: 'upsert me', used_count: 1 });
    const merged = await client
      .from('topic_ideas')
      .upsert({ user_id: userId, topic: 'upsert me', used_count: 7 }, { onConflict: 'user_id,topic' })
      .select('used_count')
      .single();
    expect(merged.data).toEqual({ used_count: 7 });
    const ignored = await client
      .from('topic_ideas')
      .upsert(
        { user_id: userId, topic: 'upsert me', used_count: 9 },
        { onConflict: 'user_id,topic', ignoreDuplicates: true },
      )
      .select();
    expect(ignored.data).toEqual([]);
    expect(
      (await client.from('topic_ideas').select('used_count').eq('topic', 'upsert me').single()).data,
    ).toEqual({ used_count: 7 });
  });

  it('rolls a write back when .single() would not hold exactly one row', async () => {
    const { error, status } = await client
      .from('posts')
      .update({ content: 'mass edit' })
      .neq('topic', 'zzz')
      .select()
      .single();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116' });
    const { data } = await client.from('posts').select('content').eq('content', 'mass edit');
    expect(data).toEqual([]);
  });

  it('treats SQL-looking values as plain values', async () => {
    const evil = "x'); drop table posts; --";
    const inserted = await client
      .from('posts')
      .insert({ topic: evil, content: evil })
      .select('topic')
      .single();
    expect(inserted.data).toEqual({ topic: evil });
    expect((await client.from('posts').select('topic').eq('topic', evil)).data).toEqual([{ topic: evil }]);
    expect((await client.from('posts').select('id', { count: 'exact', head: true })).count).toBeGreaterThan(
      5,
    );
  });
});

describe('bad requests get PostgREST errors and change nothing', () => {
  it('unknown column in select, filter, order and body', async () => {
    expect((await client.from('posts').select('nope')).error).toMatchObject({ code: '42703' });
    expect((await client.from('posts').select('id').eq('nope', 1)).error).toMatchObject({ code: '42703' });
    expect((await client.from('posts').select('id').order('nope')).error).toMatchObject({ code: '42703' });
    const body = await client.from('posts').insert({ topic: 't', content: 'c', nope: 1 });
    expect(body.error).toMatchObject({ code: 'PGRST204' });
    expect(body.status).toBe(400);
  });

  it('unknown table and non-public schemas', async () => {
    const missing = await client.from('nope_table').select('*');
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'PGRST205' });
    const auth = await client.schema('auth').from('users').select('*');
    expect(auth.status).toBe(406);
    expect(auth.error).toMatchObject({ code: 'PGRST106' });
    // The auth tables are not reachable as "public" tables either.
    expect((await client.from('users').select('*')).error).toMatchObject({ code: 'PGRST205' });
  });

  it('malformed filters', async () => {
    const response = await rest('posts?topic=eqx.1');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'PGRST100' });
  });

  it('a body that is not JSON', async () => {
    const response = await rest('posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"topic":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });
  });

  it('a request naming another user id inserts nothing', async () => {
    const other = await signedInClient(server);
    const { error, status } = await client
      .from('posts')
      .insert({ topic: 't', content: 'c', user_id: other.user.id });
    expect(status).toBe(403);
    expect(error).toMatchObject({ code: '42501' });
    expect((await other.client.from('posts').select('id')).data).toEqual([]);
  });
});

describe('tokens on REST', () => {
  const claims = () => ({ sub: userId, role: 'authenticated', aud: 'authenticated' });

  it('rejects a malformed token with 401 PGRST301', async () => {
    const response = await fetch(`${server.url}/rest/v1/posts`, {
      headers: { apikey: server.keys.publishableKey, authorization: 'Bearer not.a.jwt' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'PGRST301' });
    expect(response.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('rejects an alg:none token', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ ...claims(), exp: 9999999999 })).toString('base64url');
    const response = await fetch(`${server.url}/rest/v1/posts`, {
      headers: { apikey: server.keys.publishableKey, authorization: `Bearer ${header}.${payload}.` },
    });
    expect(response.status).toBe(401);
  });

  it('rejects a token signed with another secret', async () => {
    const forged = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(64)));
    const response = await fetch(`${server.url}/rest/v1/posts`, {
      headers: { apikey: server.keys.publishableKey, authorization: `Bearer ${forged}` },
    });
    expect(response.status).toBe(401);
  });

  it('answers an expired token with "JWT expired" (PGRST303)', async () => {
    const expired = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'ES256', kid: server.keys.signing.kid })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(server.keys.signing.privateKey);
    const response = await fetch(`${server.url}/rest/v1/posts`, {
      headers: { apikey: server.keys.publishableKey, authorization: `Bearer ${expired}` },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
  });

  it('answers the connectivity check: HEAD on the REST root', async () => {
    const response = await fetch(`${server.url}/rest/v1/`, {
      method: 'HEAD',
      headers: { apikey: server.keys.publishableKey },
    });
    expect(response.status).toBe(200);
  });
});
