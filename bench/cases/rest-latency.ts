import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { check } from '../check.ts';
import { startDurableServer } from '../embedded-server.ts';
import type { BenchCase } from '../report.ts';
import { durabilitySettings, walSyncs, walSyncsSince } from '../postgres-durability.ts';
import { timePageSql } from '../rest-page-sql.ts';
import { summaryRows } from '../results.ts';
import { signUpMany, type BenchUser } from '../sign-up.ts';
import { round, summarize } from '../stats.ts';

const userCount = 100;
const postsPerUser = 1000;
const pageSize = 50;
const pageWarmups = 50;
const pageRequests = 500;
const insertWarmups = 10;
const insertRequests = 300;

interface PostRow {
  id: string;
  user_id: string;
  created_at: string;
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
  const expected = userCount * postsPerUser;
  check(rows[0]?.n === expected, `expected ${expected} seeded posts, found ${rows[0]?.n}`);
}

function checkPage(text: string, user: BenchUser): void {
  const rows = JSON.parse(text) as PostRow[];
  const count = Array.isArray(rows) ? rows.length : 'a non-array';
  check(Array.isArray(rows) && rows.length === pageSize, `page returned ${count} rows, expected ${pageSize}`);
  check(
    rows.every((row) => row.user_id === user.id),
    'page contains rows of another user',
  );
  const ordered = rows.every(
    (row, index) =>
      index === 0 || Date.parse(rows[index - 1]?.created_at ?? '') >= Date.parse(row.created_at),
  );
  check(ordered, 'page is not ordered by created_at desc');
}

/** `warmups + requests` sequential requests; `verify` checks each answer, the last `requests` are timed. */
async function timeRequests(
  counts: { warmups: number; requests: number },
  send: (index: number) => Promise<Response>,
  verify: (response: Response, text: string) => void,
) {
  const samples: number[] = [];
  for (let i = 0; i < counts.warmups + counts.requests; i += 1) {
    const started = performance.now();
    const response = await send(i);
    const text = await response.text();
    const elapsed = performance.now() - started;
    verify(response, text);
    if (i >= counts.warmups) samples.push(elapsed);
  }
  return summarize(samples);
}

function timePages(server: EmbeddedServer, user: BenchUser, query: string) {
  const headers = { apikey: server.keys.publishableKey, authorization: `Bearer ${user.token}` };
  return timeRequests(
    { warmups: pageWarmups, requests: pageRequests },
    () => fetch(`${server.url}/rest/v1/posts?${query}`, { headers }),
    (response, text) => {
      check(response.status === 200, `page request returned ${response.status}: ${text.slice(0, 300)}`);
      checkPage(text, user);
    },
  );
}

function timeInserts(server: EmbeddedServer, user: BenchUser) {
  const headers = {
    apikey: server.keys.publishableKey,
    authorization: `Bearer ${user.token}`,
    'content-type': 'application/json',
    prefer: 'return=representation',
  };
  const body = (i: number) =>
    JSON.stringify({
      topic: `Bench topic ${i}`,
      content: `Bench content ${i}: ${'Lorem ipsum dolor sit amet. '.repeat(30)}`,
    });
  return timeRequests(
    { warmups: insertWarmups, requests: insertRequests },
    (i) => fetch(`${server.url}/rest/v1/posts`, { method: 'POST', headers, body: body(i) }),
    (response, text) => {
      check(response.status === 201, `insert returned ${response.status}: ${text.slice(0, 300)}`);
      const rows = JSON.parse(text) as PostRow[];
      check(
        rows.length === 1 && rows[0]?.user_id === user.id,
        'insert did not return exactly one row of the user',
      );
    },
  );
}

/** The server on its PostgreSQL cluster in the data dir, 100 users and their 100,000 posts. */
async function setUp(server: EmbeddedServer, dataDir: string): Promise<BenchUser> {
  check(
    (await stat(path.join(dataDir, 'postgres', 'PG_VERSION'))).isFile(),
    `no database on disk in ${dataDir}`,
  );
  let started = performance.now();
  const users = await signUpMany(server.url, server.keys.publishableKey, userCount, {
    emailOf: (index) => `bench-user-${index}@example.com`,
    concurrency: 8,
  });
  console.log(`  ${users.length} users signed up in ${round(performance.now() - started)} ms`);
  started = performance.now();
  await seedPosts(server);
  console.log(`  ${userCount * postsPerUser} posts seeded in ${round(performance.now() - started)} ms`);
  const user = users[Math.floor(userCount / 2)];
  check(!!user, 'no user to measure as');
  return user;
}

/**
 * Page, SQL and insert timings. The inserts must reach the disk as with npm start: fsync and
 * synchronous_commit on, and at least one WAL sync per insert (pg_stat_wal).
 */
async function measure(server: EmbeddedServer, user: BenchUser) {
  const query = `select=*&user_id=eq.${user.id}&order=created_at.desc&limit=${pageSize}`;
  const page = await timePages(server, user, query);
  console.log(`  ${pageRequests} page requests: median ${round(page.median)} ms, p95 ${round(page.p95)} ms`);
  const sql = await timePageSql(server, user.token, query, {
    warmups: pageWarmups,
    requests: pageRequests,
    pageSize,
  });
  console.log(`  SQL page per RLS transaction: median ${round(sql.perTransaction.median)} ms`);
  const durability = await durabilitySettings(server.db);
  check(
    durability.fsync === 'on' && durability.synchronousCommit === 'on',
    `the cluster is not durable: fsync ${durability.fsync}, synchronous_commit ${durability.synchronousCommit}`,
  );
  const before = await walSyncs(server.db);
  const insert = await timeInserts(server, user);
  const syncs = await walSyncsSince(server.db, before, insertRequests);
  check(syncs >= insertRequests, `${insertRequests + insertWarmups} inserts made only ${syncs} WAL syncs`);
  console.log(
    `  ${insertRequests} inserts: median ${round(insert.median)} ms, p95 ${round(insert.p95)} ms (${syncs} WAL syncs, ${durability.walSyncMethod})`,
  );
  return { query, page, sql, insert, durability: { ...durability, walSyncs: syncs } };
}

function results({ query, page, sql, insert, durability }: Awaited<ReturnType<typeof measure>>) {
  const pageNote = `n=${pageRequests} after ${pageWarmups} warm-up, sequential, ${userCount * postsPerUser} rows / ${userCount} users, on disk`;
  const insertNote = `n=${insertRequests} after ${insertWarmups} warm-up, Prefer: return=representation, fsync and synchronous_commit on`;
  const sqlNote = 'REST statement via runAsRole, no HTTP';
  return [
    ...summaryRows('REST 50-row page (RLS)', page, ['median', 'p95'], {
      target: { median: 5 },
      note: pageNote,
      details: { query },
    }),
    ...summaryRows('REST single-row insert', insert, ['median', 'p95'], {
      note: insertNote,
      details: { durability },
    }),
    ...summaryRows('SQL 50-row page, one RLS tx each', sql.perTransaction, ['median', 'p95'], {
      note: sqlNote,
      details: { sql: sql.sql, plan: sql.plan },
    }),
    ...summaryRows('SQL 50-row page, query only', sql.queryOnly, ['median'], {
      note: 'inside one open RLS transaction',
    }),
  ];
}

/**
 * REST latency under RLS: one user's 50-row page among 100,000 posts of 100 users, and single-row
 * inserts, against the embedded backend with its PostgreSQL cluster in a temp dir, durable (fsync).
 */
async function run() {
  const started = performance.now();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-backend-'));
  try {
    const server = await startDurableServer(dataDir);
    try {
      console.log(
        `  backend (on disk in ${dataDir}, durable) started in ${round(performance.now() - started)} ms`,
      );
      return results(await measure(server, await setUp(server, dataDir)));
    } finally {
      await server.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export const restLatency: BenchCase = { name: 'backend REST latency', run };
