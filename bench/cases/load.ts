import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../../harness/server-process.ts';
import { check } from '../check.ts';
import { runawayFilterTrial, type RunawayTrial } from '../load/runaway.ts';
import { besideHeavyReads, lightMedian, request, runClients, type LoadTarget } from '../load/traffic.ts';
import { rssMegabytes, settledRss } from '../process-memory.ts';
import type { BenchCase, BenchResult } from '../report.ts';
import { row } from '../results.ts';
import { publishableKey, signUp, type BenchUser } from '../sign-up.ts';
import { round } from '../stats.ts';

const users = 120;
const postsPerUser = 40;
const levels = [20, 50, 100];
const secondsPerLevel = 8;
const requestsForMemory = 80_000;

/** 120 users, each with 40 posts inserted through REST as themselves. */
async function setUp(server: LoadTarget): Promise<BenchUser[]> {
  const pool: BenchUser[] = [];
  for (let index = 0; index < users; index += 1) {
    const user = await signUp(server.url, server.anonKey, `load-${index}@example.com`);
    const rows = Array.from({ length: postsPerUser }, (_, post) => ({
      topic: `Seed ${post}`,
      content: 'A seeded post. '.repeat(60),
    }));
    check(
      (await request(server, user, 'POST', '', rows)) === 201,
      `seeding the posts of user ${index} failed`,
    );
    pool.push(user);
  }
  return pool;
}

/** Throughput and latency at 20, 50 and 100 concurrent clients; also how many requests were made. */
async function concurrency(server: LoadTarget, pool: BenchUser[]) {
  const results: BenchResult[] = [];
  let requests = 0;
  for (const clients of levels) {
    const level = await runClients(server, pool, clients, secondsPerLevel);
    requests += level.requests;
    console.log(
      `  ${clients} clients: ${round(level.perSecond)} req/s, p50 ${round(level.p50)} ms, p99 ${round(level.p99)} ms, ${level.errors} errors`,
    );
    results.push(
      row(`${clients} concurrent clients: throughput`, level.perSecond, 'req/s', {
        note: `70% page reads, 20% inserts, 10% updates; ${level.errors} errors`,
      }),
      row(`${clients} concurrent clients: p50 / p99 latency`, level.p99, 'ms p99', {
        note: `p50 ${round(level.p50)} ms`,
      }),
    );
  }
  return { results, requests };
}

/** A light user's median read, alone and while a heavy user keeps 50 reads in flight. */
async function fairness(server: LoadTarget, pool: BenchUser[]): Promise<BenchResult> {
  const [light, heavy] = pool as [BenchUser, BenchUser];
  const alone = await lightMedian(server, light);
  const contended = await besideHeavyReads(server, heavy, 50, () => lightMedian(server, light));
  console.log(
    `  light user median: ${round(alone)} ms alone, ${round(contended)} ms beside 50 heavy reads in flight`,
  );
  return row('light user median beside a heavy user with 50 reads in flight', contended / alone, '× alone', {
    target: 2,
    note: `${round(alone)} ms alone → ${round(contended)} ms`,
  });
}

/**
 * Three runaway-filter trials, each timing the next user of the pool. As before the restructuring,
 * the first attacker attacks all three times (three stopped statements a minute stay just under the
 * per-owner penalty); the users given a runaway post after each trial never attack.
 */
async function runaway(server: LoadTarget, pool: BenchUser[]): Promise<BenchResult[]> {
  const runawayPost = { topic: 'Runaway', content: 'ab '.repeat(1000) };
  const attacker = pool[3] as BenchUser;
  await request(server, attacker, 'POST', '', runawayPost);
  const trials: RunawayTrial[] = [];
  for (let trial = 0; trial < 3; trial += 1) {
    trials.push(await runawayFilterTrial(server, attacker, pool[4] as BenchUser));
    pool.splice(3, 1);
    await request(server, pool[3] as BenchUser, 'POST', '', runawayPost);
  }
  const worst = (key: 'health' | 'config' | 'read') => Math.max(...trials.map((trial) => trial[key]));
  const attacks = trials.map((trial) => `${trial.attack.status} in ${round(trial.attack.ms)} ms`).join(', ');
  console.log(
    `  runaway filter: other user's read ${round(worst('read'))} ms, health ${round(worst('health'))} ms, app-config ${round(worst('config'))} ms; attacker ${attacks}`,
  );
  return [
    row('runaway filter: another user’s read, worst of 3', worst('read'), 'ms', {
      target: 1000,
      note: `the attacker gets ${trials[0]?.attack.status} (57014) in ${round(trials[0]?.attack.ms ?? 0)} ms`,
    }),
    row(
      'runaway filter: /auth/v1/health and /app-config.json, worst of 3',
      Math.max(worst('health'), worst('config')),
      'ms',
      {
        note: 'answered by the HTTP thread, never waiting for the database',
      },
    ),
  ];
}

/** Close to the largest answer the REST limits allow (10 MB): 500 posts of 19,000 characters. */
async function largestAnswer(server: LoadTarget, big: BenchUser) {
  for (let batch = 0; batch < 20; batch += 1) {
    const rows = Array.from({ length: 50 }, (_, index) => ({
      topic: `Big ${batch}-${index}`,
      content: 'x'.repeat(19_000),
    }));
    await request(server, big, 'POST', '', rows);
  }
  const response = await fetch(`${server.url}/rest/v1/posts?select=*&topic=like.Big*&limit=500`, {
    headers: { apikey: server.anonKey, authorization: `Bearer ${big.token}` },
  });
  return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
}

/** RSS after 80,000 requests, and after the largest allowed answer and more load. */
async function memory(server: LoadTarget, pool: BenchUser[], pid: number, idleRss: number, done: number) {
  let total = done;
  while (total < requestsForMemory) total += (await runClients(server, pool, 50, 5)).requests;
  const afterLoadRss = await settledRss(pid);
  const largest = await largestAnswer(server, pool[2] as BenchUser);
  const peakRss = rssMegabytes(pid);
  await runClients(server, pool, 20, 5);
  const finalRss = await settledRss(pid);
  const answerMb = round(largest.bytes / 1024 / 1024);
  console.log(
    `  RSS: ${round(idleRss)} MB idle, ${round(afterLoadRss)} MB after ${total} requests, ${round(peakRss)} MB after a ${answerMb} MB answer (${largest.status}), ${round(finalRss)} MB settled after more load`,
  );
  return [
    row('server RSS after 80k requests', afterLoadRss, 'MB', {
      note: `${round(idleRss)} MB before load (settled); ${total} requests`,
    }),
    row('server RSS after the largest allowed answer, then more load', finalRss, 'MB', {
      note: `${round(peakRss)} MB right after a ${answerMb} MB answer (status ${largest.status})`,
    }),
  ];
}

/**
 * The server as `npm start` runs it, under many signed-in clients: throughput and latency at 20,
 * 50 and 100 concurrent clients; a light user's latency while a heavy user keeps 50 reads in
 * flight; and the process's memory after 80,000 requests and after the largest allowed answer.
 */
async function run(): Promise<BenchResult[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-load-'));
  const unlimited = '1000000';
  const process = await startServerProcess({
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_SIGNUP: unlimited,
    AUTH_RATE_LIMIT_TOKEN: unlimited,
    AUTH_RATE_LIMIT_BURST: unlimited,
  });
  const pid = process.child.pid as number;
  try {
    const server = { url: process.url, anonKey: await publishableKey(process.url) };
    const pool = await setUp(server);
    const idleRss = await settledRss(pid);
    const levelled = await concurrency(server, pool);
    const fair = await fairness(server, pool);
    const runawayRows = await runaway(server, pool);
    const memoryRows = await memory(server, pool, pid, idleRss, levelled.requests);
    return [...levelled.results, fair, ...runawayRows, ...memoryRows];
  } finally {
    process.child.kill('SIGTERM');
    await process.exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}

export const load: BenchCase = { name: 'server under load: concurrency, fairness, memory', run };
