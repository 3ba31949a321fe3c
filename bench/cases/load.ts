import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { check } from '../check.ts';
import { honestReads, prepareAttack, underRegexAttack, type HonestReads } from '../load/regex-attack.ts';
import { request, runClients, type LoadTarget } from '../load/traffic.ts';
import { settledTreeMemory, treeMemory, type TreeMemory } from '../process-memory.ts';
import type { BenchCase, BenchResult } from '../report.ts';
import { row } from '../results.ts';
import { serverRoots, type ServerRoot } from '../server-roots.ts';
import { startServerProcess } from '../../harness/server-process.ts';
import { publishableKey, signUp, type BenchUser } from '../sign-up.ts';
import { round } from '../stats.ts';

const users = 120;
const postsPerUser = 40;
const levels = [20, 50, 100];
const secondsPerLevel = 8;
const requestsForMemory = 80_000;
const attackerCount = 6;
const aloneSeconds = 5;
// Long enough for each attacker to send the filter again and again (and past an 8 s statement limit).
const attackSeconds = 12;

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
async function concurrency(server: LoadTarget, pool: BenchUser[], suffix: string) {
  const results: BenchResult[] = [];
  let requests = 0;
  for (const clients of levels) {
    const level = await runClients(server, pool, clients, secondsPerLevel);
    requests += level.requests;
    console.log(
      `  ${clients} clients: ${round(level.perSecond)} req/s, p50 ${round(level.p50)} ms, p99 ${round(level.p99)} ms, ${level.errors} errors`,
    );
    // The targets are for 100 clients on 2 cores: at least 1,500 req/s, p99 at most 100 ms.
    const targeted = clients === levels.at(-1);
    results.push(
      row(`${clients} concurrent clients: throughput${suffix}`, level.perSecond, 'req/s', {
        ...(targeted ? { target: 1500, atLeast: true } : {}),
        note: `70% page reads, 20% inserts, 10% updates; ${level.errors} errors`,
      }),
      row(`${clients} concurrent clients: p50 / p99 latency${suffix}`, level.p99, 'ms p99', {
        ...(targeted ? { target: 100 } : {}),
        note: `p50 ${round(level.p50)} ms`,
      }),
    );
  }
  return { results, requests };
}

const readsNote = (reads: HonestReads) =>
  `median ${round(reads.median)} ms, p90 ${round(reads.p90)} ms, ${reads.reads} reads, ${reads.errors} errors`;

/**
 * An honest user's reads of their 50 posts, alone and while six other accounts each loop a regex
 * filter that runs until the statement limit (one request at a time each): how much of the
 * machine and of the connections the attack leaves to everyone else.
 */
async function regexAttack(server: LoadTarget, suffix: string): Promise<BenchResult[]> {
  const attackers: BenchUser[] = [];
  for (let index = 0; index < attackerCount; index += 1)
    attackers.push(await signUp(server.url, server.anonKey, `regex-${index}@example.com`));
  const honest = await signUp(server.url, server.anonKey, 'honest@example.com');
  await prepareAttack(server, attackers, honest);
  const alone = await honestReads(server, honest, aloneSeconds);
  const { result: attacked, attack } = await underRegexAttack(server, attackers, () =>
    honestReads(server, honest, attackSeconds),
  );
  const answers = Object.entries(attack.statuses)
    .map(([status, count]) => `${count}× ${status}`)
    .join(', ');
  console.log(
    `  honest reads: alone ${readsNote(alone)}; under attack ${readsNote(attacked)}; attackers got ${answers || 'no answer'} (longest ${round(attack.longestMs)} ms)`,
  );
  const name = `honest user's median read while ${attackerCount} accounts loop a regex filter`;
  return [
    row(`${name}${suffix}`, attacked.median / alone.median, '× alone', {
      target: 2,
      note: `alone: ${readsNote(alone)}; attacked: ${readsNote(attacked)}`,
      details: { alone, attacked, attack },
    }),
    row(`${name}: errors${suffix}`, attacked.errors, 'errors', {
      target: 0,
      note: `attackers got ${answers || 'no answer'}, longest ${round(attack.longestMs)} ms`,
    }),
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

const memoryNote = (memory: TreeMemory) =>
  `PSS ${round(memory.pss)} MB; Node ${round(memory.node)} MB + ${memory.postgresProcesses} PostgreSQL processes ${round(memory.postgres)} MB RSS`;

/** The process tree's memory after 80,000 requests, and after the largest allowed answer and more load. */
async function memory(
  server: LoadTarget,
  pool: BenchUser[],
  tree: { pid: number; dataDir: string; idle: TreeMemory; done: number; suffix: string },
) {
  let total = tree.done;
  while (total < requestsForMemory) total += (await runClients(server, pool, 50, 5)).requests;
  const afterLoad = await settledTreeMemory(tree.pid, tree.dataDir);
  const largest = await largestAnswer(server, pool[2] as BenchUser);
  const peak = treeMemory(tree.pid, tree.dataDir);
  await runClients(server, pool, 20, 5);
  const final = await settledTreeMemory(tree.pid, tree.dataDir);
  const answerMb = round(largest.bytes / 1024 / 1024);
  console.log(
    `  RSS (Node + PostgreSQL): ${round(tree.idle.rss)} MB idle (${memoryNote(tree.idle)}), ${round(afterLoad.rss)} MB after ${total} requests (${memoryNote(afterLoad)}), ${round(peak.rss)} MB after a ${answerMb} MB answer (${largest.status}), ${round(final.rss)} MB settled after more load (${memoryNote(final)})`,
  );
  const { suffix } = tree;
  return [
    row(`server process tree RSS, idle${suffix}`, tree.idle.rss, 'MB', {
      note: memoryNote(tree.idle),
      details: { memory: tree.idle },
    }),
    row(`server process tree RSS after 80k requests${suffix}`, afterLoad.rss, 'MB', {
      note: `${memoryNote(afterLoad)}; ${total} requests`,
      details: { memory: afterLoad },
    }),
    row(
      `server process tree RSS after the largest allowed answer, then more load${suffix}`,
      final.rss,
      'MB',
      {
        note: `${round(peak.rss)} MB right after a ${answerMb} MB answer (status ${largest.status}); ${memoryNote(final)}`,
        details: { memory: final },
      },
    ),
  ];
}

/** Everything below, against the `npm start` server of one checkout on a new data dir. */
async function measure({ root, suffix }: ServerRoot): Promise<BenchResult[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-load-'));
  const unlimited = '1000000';
  const started = await startServerProcess(
    {
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_SIGNUP: unlimited,
      AUTH_RATE_LIMIT_TOKEN: unlimited,
      AUTH_RATE_LIMIT_BURST: unlimited,
    },
    ['--no-build'],
    root,
  );
  const pid = started.child.pid as number;
  try {
    const server = { url: started.url, anonKey: await publishableKey(started.url) };
    const pool = await setUp(server);
    const idle = await settledTreeMemory(pid, dataDir);
    const levelled = await concurrency(server, pool, suffix);
    const attackRows = await regexAttack(server, suffix);
    const memoryRows = await memory(server, pool, { pid, dataDir, idle, done: levelled.requests, suffix });
    return [...levelled.results, ...attackRows, ...memoryRows];
  } finally {
    started.child.kill('SIGTERM');
    await started.exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * The server as `npm start` runs it, under many signed-in clients: throughput and latency at 20,
 * 50 and 100 concurrent clients; an honest user's reads while six accounts loop a runaway regex
 * filter; and the memory of Node and its PostgreSQL processes after 80,000 requests and after the
 * largest allowed answer. With BENCH_BASELINE_ROOT, that checkout's server is measured right after.
 */
async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const each of serverRoots()) {
    if (each.suffix) console.log(`  ${each.root}:`);
    results.push(...(await measure(each)));
  }
  return results;
}

export const load: BenchCase = { name: 'server under load: concurrency, regex attack, memory', run };
