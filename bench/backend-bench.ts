import { performance } from 'node:perf_hooks';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Transaction } from '../server/embedded/db/database.ts';
import { runAsRole } from '../server/embedded/db/run-as-role.ts';
import { identify } from '../server/embedded/gateway/request-identity.ts';
import { buildRead } from '../server/embedded/rest/build-statements.ts';
import { loadCatalog } from '../server/embedded/rest/catalog.ts';
import { parseQuery } from '../server/embedded/rest/parse-query.ts';
import { startEmbeddedServer, type EmbeddedServer } from '../server/embedded/start-embedded-server.ts';
import { migrationsDir } from './paths.ts';
import type { BenchResult } from './report.ts';
import { round, summarize } from './stats.ts';

const userCount = 100;
const postsPerUser = 1000;
const pageSize = 50;
const pageWarmups = 50;
const pageRequests = 500;
const insertWarmups = 10;
const insertRequests = 300;
const signupConcurrency = 8;
const pageTargetMs = 5;

interface BenchUser {
  id: string;
  accessToken: string;
}

interface PostRow {
  id: string;
  user_id: string;
  created_at: string;
}

/** Fails the whole benchmark: a wrong answer makes its timings meaningless. */
function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`sanity check failed: ${message}`);
}

async function signUp(server: EmbeddedServer, index: number): Promise<BenchUser> {
  const response = await fetch(`${server.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: server.keys.publishableKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-user-${index}@example.com`,
      password: 'correct horse battery staple',
    }),
  });
  const body = (await response.json()) as { access_token?: string; user?: { id?: string } };
  check(
    response.status === 200 && !!body.access_token && !!body.user?.id,
    `sign-up ${index} returned ${response.status}`,
  );
  return { id: body.user.id, accessToken: body.access_token };
}

/** Signs users up a few at a time (each sign-up hashes a password with scrypt). */
async function signUpUsers(server: EmbeddedServer): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  for (let start = 0; start < userCount; start += signupConcurrency) {
    const batch = Array.from({ length: Math.min(signupConcurrency, userCount - start) }, (_, offset) =>
      signUp(server, start + offset),
    );
    users.push(...(await Promise.all(batch)));
  }
  return users;
}

/**
 * 1,000 posts per user as the superuser (bypasses RLS), with created_at spread over ~2 years and
 * interleaved between users, and ~1,000-character content like a real LinkedIn post.
 */
async function seedPosts(server: EmbeddedServer): Promise<void> {
  await server.db.exec(`
    insert into public.posts (user_id, topic, content, is_published, created_at)
    select u.id,
           'Topic ' || g || ' of user ' || u.n,
           'Post ' || g || ': ' || repeat('Lorem ipsum dolor sit amet, consectetur adipiscing elit. ', 18) || md5(u.n || ':' || g),
           g % 3 = 0,
           now() - ((g * 7919 + u.n * 104729) % 1000000) * interval '1 minute'
    from (select id, row_number() over (order by created_at, id) as n from auth.users) u
    cross join generate_series(1, ${postsPerUser}) g
  `);
  const { rows } = await server.db.query<{ n: number }>('select count(*)::int as n from public.posts');
  check(
    rows[0]?.n === userCount * postsPerUser,
    `expected ${userCount * postsPerUser} seeded posts, found ${rows[0]?.n}`,
  );
}

function checkPage(text: string, user: BenchUser): void {
  const rows = JSON.parse(text) as PostRow[];
  check(
    Array.isArray(rows) && rows.length === pageSize,
    `page returned ${Array.isArray(rows) ? rows.length : 'a non-array'} rows, expected ${pageSize}`,
  );
  check(
    rows.every((row) => row.user_id === user.id),
    'page contains rows of another user',
  );
  check(
    rows.every(
      (row, index) =>
        index === 0 || Date.parse(rows[index - 1]?.created_at ?? '') >= Date.parse(row.created_at),
    ),
    'page is not ordered by created_at desc',
  );
}

async function timePageRequests(server: EmbeddedServer, user: BenchUser, pagePath: string) {
  const headers = { apikey: server.keys.publishableKey, authorization: `Bearer ${user.accessToken}` };
  const samples: number[] = [];
  for (let i = 0; i < pageWarmups + pageRequests; i += 1) {
    const started = performance.now();
    const response = await fetch(`${server.url}${pagePath}`, { headers });
    const text = await response.text();
    const elapsed = performance.now() - started;
    check(response.status === 200, `page request returned ${response.status}: ${text.slice(0, 300)}`);
    checkPage(text, user);
    if (i >= pageWarmups) samples.push(elapsed);
  }
  return summarize(samples);
}

async function timeInserts(server: EmbeddedServer, user: BenchUser) {
  const headers = {
    apikey: server.keys.publishableKey,
    authorization: `Bearer ${user.accessToken}`,
    'content-type': 'application/json',
    prefer: 'return=representation',
  };
  const samples: number[] = [];
  for (let i = 0; i < insertWarmups + insertRequests; i += 1) {
    const body = JSON.stringify({
      topic: `Bench topic ${i}`,
      content: `Bench content ${i}: ${'Lorem ipsum dolor sit amet. '.repeat(30)}`,
    });
    const started = performance.now();
    const response = await fetch(`${server.url}/rest/v1/posts`, { method: 'POST', headers, body });
    const text = await response.text();
    const elapsed = performance.now() - started;
    check(response.status === 201, `insert returned ${response.status}: ${text.slice(0, 300)}`);
    const rows = JSON.parse(text) as PostRow[];
    check(
      rows.length === 1 && rows[0]?.user_id === user.id,
      'insert did not return exactly one row of the user',
    );
    if (i >= insertWarmups) samples.push(elapsed);
  }
  return summarize(samples);
}

/**
 * The same page below HTTP: the statement the REST layer builds for that query string, run through
 * runAsRole (the claims + SET LOCAL ROLE transaction each request uses). Also the bare query time
 * inside one open RLS transaction, which leaves out the per-request transaction setup.
 */
async function timePageSql(server: EmbeddedServer, user: BenchUser, query: string) {
  const table = (await loadCatalog(server.db)).get('posts');
  check(!!table, 'posts is not in the catalog');
  const statement = buildRead(table, parseQuery(new URLSearchParams(query).entries()), 1000).rows;
  const result = await identify(user.accessToken, server.keys);
  check(result.ok, 'access token did not verify');
  const context = { method: 'GET', path: '/rest/v1/posts' };
  const runPage = async (tx: Transaction) => {
    const { rows } = await tx.query<{ body: unknown; n: number }>(statement.sql, statement.params);
    check(Number(rows[0]?.n) === pageSize, `SQL page returned ${rows[0]?.n} rows`);
  };

  const perTransaction: number[] = [];
  for (let i = 0; i < pageWarmups + pageRequests; i += 1) {
    const started = performance.now();
    await runAsRole(server.db, result.identity, context, runPage);
    if (i >= pageWarmups) perTransaction.push(performance.now() - started);
  }

  const queryOnly: number[] = [];
  let plan = '';
  await runAsRole(server.db, result.identity, context, async (tx) => {
    const explained = await tx.query<{ 'QUERY PLAN': string }>(`explain ${statement.sql}`, statement.params);
    plan = explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    for (let i = 0; i < pageWarmups + pageRequests; i += 1) {
      const started = performance.now();
      await runPage(tx);
      if (i >= pageWarmups) queryOnly.push(performance.now() - started);
    }
  });
  return {
    perTransaction: summarize(perTransaction),
    queryOnly: summarize(queryOnly),
    plan,
    sql: statement.sql,
  };
}

/** REST latency under RLS: one user's 50-row page among 100,000 posts of 100 users, and single-row inserts. */
export async function backendBench(): Promise<BenchResult[]> {
  let started = performance.now();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-backend-'));
  const server = await startEmbeddedServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    migrationsDir,
    statementTimeouts: { anon: 3000, authenticated: 8000, service_role: 8000 },
    minFreeDiskBytes: 0,
    distDir: null,
    jwtExpiry: 3600,
    maxRows: 1000,
    auth: {
      passwordMinLength: 8,
      tokenRateLimit: 1_000_000,
      signupRateLimit: 1_000_000,
      rateLimitBurst: 100_000,
      rateLimitHeader: null,
      refreshTokenReuseInterval: 10,
      passwordHashConcurrency: 2,
    },
  });
  try {
    console.log(`  backend (on disk, durable) started in ${round(performance.now() - started)} ms`);
    started = performance.now();
    const users = await signUpUsers(server);
    console.log(`  ${users.length} users signed up in ${round(performance.now() - started)} ms`);
    started = performance.now();
    await seedPosts(server);
    console.log(`  ${userCount * postsPerUser} posts seeded in ${round(performance.now() - started)} ms`);

    const user = users[Math.floor(userCount / 2)];
    check(!!user, 'no user to measure as');
    const query = `select=*&user_id=eq.${user.id}&order=created_at.desc&limit=${pageSize}`;
    const page = await timePageRequests(server, user, `/rest/v1/posts?${query}`);
    console.log(
      `  ${pageRequests} page requests: median ${round(page.median)} ms, p95 ${round(page.p95)} ms`,
    );
    const sql = await timePageSql(server, user, query);
    console.log(`  SQL page per RLS transaction: median ${round(sql.perTransaction.median)} ms`);
    const insert = await timeInserts(server, user);
    console.log(
      `  ${insertRequests} inserts: median ${round(insert.median)} ms, p95 ${round(insert.p95)} ms`,
    );

    const pageNote = `n=${pageRequests} after ${pageWarmups} warm-up, sequential, ${userCount * postsPerUser} rows / ${userCount} users`;
    const insertNote = `n=${insertRequests} after ${insertWarmups} warm-up, Prefer: return=representation`;
    return [
      {
        name: 'REST 50-row page (RLS), median',
        value: page.median,
        unit: 'ms',
        target: pageTargetMs,
        note: pageNote,
        details: { summary: page, query },
      },
      { name: 'REST 50-row page (RLS), p95', value: page.p95, unit: 'ms', note: pageNote },
      {
        name: 'REST single-row insert, median',
        value: insert.median,
        unit: 'ms',
        note: insertNote,
        details: { summary: insert },
      },
      { name: 'REST single-row insert, p95', value: insert.p95, unit: 'ms', note: insertNote },
      {
        name: 'SQL 50-row page, one RLS tx each, median',
        value: sql.perTransaction.median,
        unit: 'ms',
        note: 'REST statement via runAsRole, no HTTP',
        details: { summary: sql.perTransaction, sql: sql.sql, plan: sql.plan },
      },
      {
        name: 'SQL 50-row page, one RLS tx each, p95',
        value: sql.perTransaction.p95,
        unit: 'ms',
        note: 'REST statement via runAsRole, no HTTP',
      },
      {
        name: 'SQL 50-row page, query only, median',
        value: sql.queryOnly.median,
        unit: 'ms',
        note: 'inside one open RLS transaction',
        details: { summary: sql.queryOnly },
      },
    ];
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
