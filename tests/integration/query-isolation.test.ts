import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { signedInClient, startTestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

// `(.+)+\1+$` against 3,000 characters of "ab ab ab …" backtracks for tens of seconds in
// Postgres's regex engine: a filter any signed-in user can send about their own posts.
const runawayFilter = `content=match.${encodeURIComponent('(.+)+\\1+$')}`;
const longContent = 'ab '.repeat(1000);

type Client = Awaited<ReturnType<typeof signedInClient>>;

async function addPosts(user: Client, count: number, content = longContent): Promise<void> {
  const rows = Array.from({ length: count }, (_, index) => ({ topic: `Topic ${index}`, content }));
  const { error } = await user.client.from('posts').insert(rows);
  expect(error).toBeNull();
}

function rest(server: EmbeddedServer, user: Client, query: string, signal?: AbortSignal) {
  return fetch(`${server.url}/rest/v1/posts?${query}`, {
    headers: { apikey: server.keys.publishableKey, authorization: `Bearer ${user.session.access_token}` },
    ...(signal ? { signal } : {}),
  });
}

/** Statements of this test database that PostgreSQL is running right now with a regex filter. */
async function runningFilters(server: EmbeddedServer): Promise<number> {
  const { rows } = await server.db.query<{ count: number }>(
    `select count(*)::int as count from pg_stat_activity
      where datname = current_database() and state = 'active' and pid <> pg_backend_pid()
        and query like '%~%'`,
  );
  return rows[0]?.count ?? 0;
}

/** Polls PostgreSQL until `check` holds (each check is a query, so the server runs meanwhile). */
async function until(check: () => Promise<boolean>, what: string, withinMs = 30_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
  }
}

describe('one user’s runaway filters while others use the server', () => {
  const limitMs = 20_000;
  let server: EmbeddedServer;
  let attacker: Client;
  let other: Client;

  beforeAll(async () => {
    server = await startTestServer({
      statementTimeouts: { anon: limitMs, authenticated: limitMs, service_role: limitMs },
      databaseConnections: { total: 6, perOwner: 2 },
    });
    attacker = await signedInClient(server);
    other = await signedInClient(server);
    await addPosts(attacker, 2);
    await addPosts(other, 3, 'An ordinary post');
  });
  afterAll(() => server.close());

  it('serves another user’s reads and writes at once while six of the attacker’s filters are sent, only two of them running', async () => {
    const aborts = Array.from({ length: 6 }, () => new AbortController());
    const attacks = aborts.map((controller) =>
      rest(server, attacker, runawayFilter, controller.signal).catch(() => null),
    );
    // Two are let through; the other four wait for one of the attacker's own to end (the pool
    // has six connections, so without the share all six would run).
    await waitFor(() => server.db.waiting === 4, 'four of the runaway filters to wait');
    await until(async () => (await runningFilters(server)) > 0, 'the runaway filters to run');

    const started = performance.now();
    const read = await other.client.from('posts').select('topic').order('topic');
    const write = await other.client.from('posts').insert({ topic: 'Written meanwhile', content: 'Saved' });
    const elapsed = performance.now() - started;
    expect(read.error).toBeNull();
    expect(read.data?.map((row) => row.topic)).toEqual(['Topic 0', 'Topic 1', 'Topic 2']);
    expect(write.error).toBeNull();
    // Far below the 20 s limit: nothing waited for the attacker's statements.
    expect(elapsed).toBeLessThan(limitMs / 4);
    // The attacker never held more than their share of the connections.
    expect(await runningFilters(server)).toBeLessThanOrEqual(2);

    for (const controller of aborts) controller.abort();
    await Promise.all(attacks);
    // Requests that went away had their statements cancelled, long before the time limit.
    // Well before the 20 s limit would end them: cancelled, not timed out.
    await until(
      async () => (await runningFilters(server)) === 0,
      'the abandoned statements to be cancelled',
      limitMs / 2,
    );
    const mine = await other.client.from('posts').select('topic').order('topic');
    expect(mine.data?.map((row) => row.topic)).toEqual([
      'Topic 0',
      'Topic 1',
      'Topic 2',
      'Written meanwhile',
    ]);
  });
});

describe('a request that goes away just as its turn comes', () => {
  let server: EmbeddedServer;
  beforeAll(async () => {
    server = await startTestServer({ databaseConnections: { total: 6, perOwner: 1 } });
  });
  afterAll(() => server.close());

  it('runs nothing: the statement is never sent, however slow it would have been', async () => {
    const owner = 'user:leaving';
    // The owner's one connection is busy; the next request waits for it.
    const first = server.db.query('select pg_sleep(0.3)', [], { owner });
    const leaving = new AbortController();
    const second = server.db
      .query<{ slept: string }>("select pg_sleep(20)::text as slept, 'ran' as what", [], {
        owner,
        signal: leaving.signal,
      })
      .then(
        () => 'ran for 20 s',
        () => 'refused',
      );
    await waitFor(() => server.db.waiting === 1, 'the second request to wait its turn');
    // Its turn is given when the first ends, before this runs: it leaves in that very moment,
    // while its connection is still being taken from the pool.
    await first;
    leaving.abort(new Error('the browser went away'));
    expect(await second).toBe('refused');
    const { rows } = await server.db.query<{ count: number }>(
      `select count(*)::int as count from pg_stat_activity
        where datname = current_database() and query like '%pg_sleep(20)%' and pid <> pg_backend_pid()`,
    );
    expect(rows[0]?.count).toBe(0);
  });
});

describe('a runaway statement with the server to itself', () => {
  let server: EmbeddedServer;
  let attacker: Client;

  beforeAll(async () => {
    server = await startTestServer({
      statementTimeouts: { anon: 1000, authenticated: 1500, service_role: 1500 },
    });
    attacker = await signedInClient(server);
    await addPosts(attacker, 1);
  });
  afterAll(() => server.close());

  it('runs until the role’s time limit, then fails with 57014 as PostgREST answers it, and the database carries on', async () => {
    const started = performance.now();
    const response = await rest(server, attacker, runawayFilter);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      code: '57014',
      details: null,
      hint: null,
      message: 'canceling statement due to statement timeout',
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(1500);

    const after = await attacker.client.from('posts').select('topic');
    expect(after.data).toEqual([{ topic: 'Topic 0' }]);
  });

  it('records the time limits on the API roles, as hosted Supabase does', async () => {
    const { rows } = await server.db.query<{ role: string; settings: string[] }>(
      `select r.rolname as role, s.setconfig as settings from pg_db_role_setting s
         join pg_roles r on r.oid = s.setrole where s.setdatabase = (select oid from pg_database where datname = current_database()) and r.rolname in ('anon', 'authenticated')
        order by 1`,
    );
    expect(rows).toEqual([
      { role: 'anon', settings: ['statement_timeout=1000ms'] },
      { role: 'authenticated', settings: ['statement_timeout=1500ms'] },
    ]);
  });
});
