import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { signedInClient, startTestServer, supabaseClient } from '../helpers/test-server.ts';

// POST/GET /rest/v1/rpc/<fn> as PostgREST 12/13 answers it (Plan.findProc, Query/Statements.prepareCall,
// Response.hs), through supabase-js .rpc().

let server: EmbeddedServer;
let alice: SupabaseClient;
let bob: SupabaseClient;
let anon: SupabaseClient;
let aliceId: string;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  const a = await signedInClient(server);
  const b = await signedInClient(server);
  alice = a.client;
  bob = b.client;
  aliceId = a.user.id;
  token = a.session.access_token;
  anon = supabaseClient(server);
  await server.db.exec(`
    create function public.add_numbers(a integer, b integer) returns integer
      language sql immutable as 'select a + b';
    create function public.list_series(n integer) returns table (id integer, label text, even boolean)
      language sql stable as $$ select g, 'item ' || g, g % 2 = 0 from generate_series(1, n) g $$;
    create function public.my_posts() returns setof public.posts
      language sql stable security invoker as 'select * from public.posts';
    create function public.secret_number() returns integer language sql stable as 'select 42';
    revoke execute on function public.secret_number() from public;
    grant execute on function public.secret_number() to authenticated;
    create function public.service_only() returns integer language sql stable as 'select 7';
    revoke execute on function public.service_only() from public;
    grant execute on function public.service_only() to service_role;
    create function public.pick(x integer) returns text language sql immutable as $$ select 'int' $$;
    create function public.pick(x text) returns text language sql immutable as $$ select 'text' $$;
    create function public.echo_json(json) returns json language sql immutable as 'select $1';
    create function public.forget(topic text) returns void language sql volatile as 'select null';
    create table public.rpc_log (entry text);
    grant insert, select on public.rpc_log to authenticated;
    create function public.write_log(entry text) returns integer language sql volatile
      as $$ insert into public.rpc_log values (entry) returning 1 $$;
    create function public.greet(name text default 'you') returns text language sql stable as $$ select 'hello ' || name $$;
    create function public.teapot() returns void language plpgsql as $$
    begin
      raise sqlstate 'PGRST' using
        message = '{"code":"TEA01","message":"I am a teapot","details":"short and stout","hint":"try coffee"}',
        detail = '{"status":418,"headers":{"X-Brew":"earl grey"}}';
    end $$;
    create function public.pay_first() returns void language plpgsql as $$
    begin
      raise sqlstate 'PT402' using message = 'Payment required';
    end $$;
  `);
  await server.reloadSchemaCache();
  await alice.from('posts').insert([
    { topic: 'alice 1', content: 'a' },
    { topic: 'alice 2', content: 'b' },
  ]);
  await bob.from('posts').insert({ topic: 'bob 1', content: 'c' });
});
afterAll(() => server.close());

/** supabase-js types .maxAffected() only for clients declared PostgREST 13+; these untyped clients call it anyway. */
function maxAffected<T>(query: T, rows: number): T {
  return (query as unknown as { maxAffected(rows: number): T }).maxAffected(rows);
}

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

describe('calling functions', () => {
  it('returns a scalar as a JSON value', async () => {
    const { data, error, status } = await alice.rpc('add_numbers', { a: 2, b: 40 });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBe(42);
  });

  it('returns a table as an array that takes select, filters, order, range and count', async () => {
    const { data, count, status } = await alice
      .rpc('list_series', { n: 10 }, { count: 'exact' })
      .select('id, label')
      .eq('even', true)
      .order('id', { ascending: false })
      .range(0, 1);
    expect(status).toBe(206);
    expect(count).toBe(5);
    expect(data).toEqual([
      { id: 10, label: 'item 10' },
      { id: 8, label: 'item 8' },
    ]);
  });

  it('gives one object with .single() and PGRST116 when there is not exactly one row', async () => {
    expect((await alice.rpc('list_series', { n: 5 }).eq('id', 3).single()).data).toEqual({
      id: 3,
      label: 'item 3',
      even: false,
    });
    const many = await alice.rpc('list_series', { n: 5 }).single();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 5 rows' });
  });

  it('runs a security invoker function under the caller’s RLS: each user sees only their own posts', async () => {
    const own = await alice.rpc('my_posts').select('topic, user_id').order('topic');
    expect(own.data).toEqual([
      { topic: 'alice 1', user_id: aliceId },
      { topic: 'alice 2', user_id: aliceId },
    ]);
    expect((await bob.rpc('my_posts').select('topic')).data).toEqual([{ topic: 'bob 1' }]);
    expect((await anon.rpc('my_posts')).error).toMatchObject({ code: '42501' });
  });

  it('answers 204 for a void function', async () => {
    const { data, error, status } = await alice.rpc('forget', { topic: 'x' });
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(data).toBeNull();
  });

  it('passes the whole body to a function with a single unnamed json parameter', async () => {
    expect((await alice.rpc('echo_json', { any: ['thing', 1] })).data).toEqual({ any: ['thing', 1] });
  });

  it('uses parameter defaults when an argument is left out', async () => {
    expect((await alice.rpc('greet')).data).toBe('hello you');
    expect((await alice.rpc('greet', { name: 'Ada' })).data).toBe('hello Ada');
  });

  it('counts with HEAD', async () => {
    const { count, status } = await alice.rpc('list_series', { n: 7 }, { head: true, count: 'exact' });
    expect(status).toBe(200);
    expect(count).toBe(7);
  });
});

describe('privileges', () => {
  it('lets Postgres refuse EXECUTE: 401 for anon, allowed for a granted role', async () => {
    const refused = await anon.rpc('secret_number');
    expect(refused.status).toBe(401);
    expect(refused.error).toMatchObject({
      code: '42501',
      message: 'permission denied for function secret_number',
    });
    expect((await alice.rpc('secret_number')).data).toBe(42);
  });

  it('answers 403 for a signed-in role that lacks EXECUTE', async () => {
    const { error, status } = await alice.rpc('service_only');
    expect(status).toBe(403);
    expect(error).toMatchObject({ code: '42501', message: 'permission denied for function service_only' });
  });
});

describe('GET', () => {
  it('calls a stable function with arguments in the query string', async () => {
    const { data, error } = await alice.rpc('list_series', { n: 3 }, { get: true }).select('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    const raw = await rest('rpc/add_numbers?a=1&b=2');
    expect(await raw.json()).toBe(3);
  });

  it('runs GET read-only, so a volatile function that writes gets 405 (25006) and writes nothing', async () => {
    const { error, status } = await alice.rpc('write_log', { entry: 'via get' }, { get: true });
    expect(status).toBe(405);
    expect(error).toMatchObject({ code: '25006' });
    expect((await alice.from('rpc_log').select('entry')).data).toEqual([]);
    expect((await alice.rpc('write_log', { entry: 'via post' })).data).toBe(1);
    expect((await alice.from('rpc_log').select('entry')).data).toEqual([{ entry: 'via post' }]);
  });

  it('refuses other methods with 405 PGRST101', async () => {
    const response = await rest('rpc/add_numbers', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({
      code: 'PGRST101',
      message: 'Cannot use the PATCH method on RPC',
    });
  });
});

describe('errors in PostgREST’s words', () => {
  it('answers an unknown function with 404 PGRST202 and the closest name as a hint', async () => {
    const { error, status } = await alice.rpc('add_number', { a: 1, b: 2 });
    expect(status).toBe(404);
    expect(error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.add_number(a, b) in the schema cache',
      details:
        'Searched for the function public.add_number with parameters a, b or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.add_numbers',
    });
  });

  it('suggests the parameters of an existing function when the arguments do not match', async () => {
    const { error } = await alice.rpc('add_numbers', { a: 1, c: 2 });
    expect(error).toMatchObject({
      code: 'PGRST202',
      hint: 'Perhaps you meant to call the function public.add_numbers(a, b)',
    });
  });

  it('answers an ambiguous overload with 300 PGRST203', async () => {
    const { error, status } = await alice.rpc('pick', { x: 1 });
    expect(status).toBe(300);
    expect(error).toMatchObject({
      code: 'PGRST203',
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
    expect(error?.message).toContain('public.pick(x => integer)');
    expect(error?.message).toContain('public.pick(x => text)');
  });

  it('refuses Prefer: params=single-object, which PostgREST 13 removed', async () => {
    const response = await rest('rpc/add_numbers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'params=single-object' },
      body: '{"a":1,"b":2}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'PGRST122' });
  });

  it('refuses max-affected with handling=strict on a function that returns one value (PGRST128)', async () => {
    const { error, status } = await maxAffected(alice.rpc('add_numbers', { a: 1, b: 2 }), 1);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST128' });
    const rows = await maxAffected(alice.rpc('list_series', { n: 3 }), 2);
    expect(rows.error).toMatchObject({ code: 'PGRST124', details: 'The query affects 3 rows' });
  });
});

describe('errors raised by functions', () => {
  it('lets a function choose status, body and headers with RAISE SQLSTATE PGRST', async () => {
    const { error, status } = await alice.rpc('teapot');
    expect(status).toBe(418);
    expect(error).toEqual({
      code: 'TEA01',
      message: 'I am a teapot',
      details: 'short and stout',
      hint: 'try coffee',
    });
    const raw = await rest('rpc/teapot', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(raw.headers.get('x-brew')).toBe('earl grey');
  });

  it('answers SQLSTATE PTnnn with HTTP status nnn', async () => {
    const { error, status } = await alice.rpc('pay_first');
    expect(status).toBe(402);
    expect(error).toMatchObject({ code: 'PT402', message: 'Payment required' });
  });
});

describe('schema cache', () => {
  it('sees a function created after start only once the cache is reloaded', async () => {
    await server.db.exec(
      `create function public.late_arrival() returns text language sql immutable as $$ select 'here' $$`,
    );
    expect((await alice.rpc('late_arrival')).error).toMatchObject({ code: 'PGRST202' });
    await server.reloadSchemaCache();
    expect((await alice.rpc('late_arrival')).data).toBe('here');
  });
});
