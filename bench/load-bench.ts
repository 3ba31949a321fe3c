import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServerProcess, type ServerProcess } from '../tests/helpers/server-process.ts';
import type { BenchResult } from './report.ts';
import { quantile, round } from './stats.ts';

const users = 120;
const postsPerUser = 40;
const levels = [20, 50, 100];
const secondsPerLevel = 8;
const requestsForMemory = 80_000;
const lightSamples = 200;

interface User {
  id: string;
  token: string;
}

interface Server {
  process: ServerProcess;
  anonKey: string;
}

/** Resident memory of the server process (all its threads: the HTTP side and the database worker). */
function rssMegabytes(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) / 1024;
}

/** RSS once it has settled: sampled every half second until two samples agree within 2% (at most 20). */
async function settledRss(pid: number): Promise<number> {
  let previous = rssMegabytes(pid);
  for (let sample = 0; sample < 20; sample += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const current = rssMegabytes(pid);
    if (Math.abs(current - previous) <= previous * 0.02) return current;
    previous = current;
  }
  return previous;
}

async function request(
  server: Server,
  user: User,
  method: string,
  query: string,
  body?: unknown,
): Promise<number> {
  const response = await fetch(`${server.process.url}/rest/v1/posts${query}`, {
    method,
    headers: {
      apikey: server.anonKey,
      authorization: `Bearer ${user.token}`,
      'content-type': 'application/json',
      prefer: 'return=minimal',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** A signed-in client's mix: mostly page reads, some inserts and updates, as the app does. */
async function oneRequest(server: Server, user: User, step: number): Promise<boolean> {
  const kind = step % 10;
  if (kind < 7)
    return (
      (await request(
        server,
        user,
        'GET',
        '?select=id,topic,content,is_published,created_at&order=created_at.desc&limit=20',
      )) === 200
    );
  if (kind < 9)
    return (
      (await request(server, user, 'POST', '', {
        topic: `Load ${step}`,
        content: 'Written under load. '.repeat(20),
      })) === 201
    );
  return (
    (await request(server, user, 'PATCH', `?topic=eq.Load%20${step - 1}`, { is_published: true })) === 204
  );
}

async function runClients(server: Server, pool: User[], clients: number, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const user = pool[client % pool.length] as User;
      for (let step = 0; performance.now() < until; step += 1) {
        const started = performance.now();
        const ok = await oneRequest(server, user, step).catch(() => false);
        latencies.push(performance.now() - started);
        if (!ok) errors += 1;
      }
    }),
  );
  return {
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    errors,
  };
}

async function lightMedian(server: Server, light: User): Promise<number> {
  const samples: number[] = [];
  for (let index = 0; index < lightSamples; index += 1) {
    const started = performance.now();
    await request(server, light, 'GET', '?select=id,topic&order=created_at.desc&limit=20');
    samples.push(performance.now() - started);
  }
  return quantile(samples, 0.5);
}

/**
 * A runaway filter (Postgres's regex engine backtracking over a 3,000-character post) while another
 * user's read, /auth/v1/health and /app-config.json are timed. Before the database had its own
 * thread, everyone waited about 30 s behind it.
 */
async function runawayFilterTrial(server: Server, attacker: User, other: User) {
  const url = server.process.url;
  const started = performance.now();
  const attack = fetch(
    `${url}/rest/v1/posts?topic=eq.Runaway&content=match.${encodeURIComponent('(.+)+\\1+$')}`,
    {
      headers: { apikey: server.anonKey, authorization: `Bearer ${attacker.token}` },
    },
  ).then(async (response) => ({
    status: response.status,
    ms: performance.now() - started,
    body: await response.text(),
  }));
  // Give the attack time to reach the database (it is running well before 200 ms).
  await new Promise((resolve) => setTimeout(resolve, 200));
  const time = async (run: () => Promise<Response>) => {
    const begin = performance.now();
    const response = await run();
    await response.arrayBuffer();
    return performance.now() - begin;
  };
  const [health, config, read] = await Promise.all([
    time(() => fetch(`${url}/auth/v1/health`, { headers: { apikey: server.anonKey } })),
    time(() => fetch(`${url}/app-config.json`)),
    time(() =>
      fetch(`${url}/rest/v1/posts?select=id,topic&limit=20`, {
        headers: { apikey: server.anonKey, authorization: `Bearer ${other.token}` },
      }),
    ),
  ]);
  return { health, config, read, attack: await attack };
}

async function setUp(server: Server): Promise<User[]> {
  const pool: User[] = [];
  for (let index = 0; index < users; index += 1) {
    const response = await fetch(`${server.process.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: `load-${index}@example.com`, password: 'correct horse battery staple' }),
    });
    const body = (await response.json()) as { access_token?: string; user?: { id?: string } };
    if (!body.access_token || !body.user?.id) throw new Error(`sign-up ${index} failed: ${response.status}`);
    const user = { id: body.user.id, token: body.access_token };
    const rows = Array.from({ length: postsPerUser }, (_, post) => ({
      topic: `Seed ${post}`,
      content: 'A seeded post. '.repeat(60),
    }));
    if ((await request(server, user, 'POST', '', rows)) !== 201) throw new Error('seeding failed');
    pool.push(user);
  }
  return pool;
}

/**
 * The server as `npm start` runs it, under many signed-in clients: throughput and latency at 20,
 * 50 and 100 concurrent clients; a light user's latency while a heavy user keeps 50 reads in
 * flight; and the process's memory after 80,000 requests and after the largest allowed answer.
 */
export async function loadBench(): Promise<BenchResult[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-load-'));
  const process = await startServerProcess({
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_SIGNUP: '1000000',
    AUTH_RATE_LIMIT_TOKEN: '1000000',
    AUTH_RATE_LIMIT_BURST: '1000000',
  });
  const pid = process.child.pid as number;
  try {
    const config = (await (await fetch(`${process.url}/app-config.json`)).json()) as {
      supabasePublishableKey: string;
    };
    const server = { process, anonKey: config.supabasePublishableKey };
    const pool = await setUp(server);
    const results: BenchResult[] = [];
    const idleRss = await settledRss(pid);
    let total = 0;

    for (const clients of levels) {
      const level = await runClients(server, pool, clients, secondsPerLevel);
      total += level.requests;
      console.log(
        `  ${clients} clients: ${round(level.perSecond)} req/s, p50 ${round(level.p50)} ms, p99 ${round(level.p99)} ms, ${level.errors} errors`,
      );
      results.push(
        {
          name: `${clients} concurrent clients: throughput`,
          value: level.perSecond,
          unit: 'req/s',
          note: `70% page reads, 20% inserts, 10% updates; ${level.errors} errors`,
        },
        {
          name: `${clients} concurrent clients: p50 / p99 latency`,
          value: level.p99,
          unit: 'ms p99',
          note: `p50 ${round(level.p50)} ms`,
        },
      );
    }

    const [light, heavy] = pool as [User, User];
    const alone = await lightMedian(server, light);
    let heavyRunning = true;
    const heavyLoad = Promise.all(
      Array.from({ length: 50 }, async () => {
        while (heavyRunning)
          await request(server, heavy, 'GET', '?select=id,topic,content&order=created_at.desc&limit=40');
      }),
    );
    const contended = await lightMedian(server, light);
    heavyRunning = false;
    await heavyLoad;
    console.log(
      `  light user median: ${round(alone)} ms alone, ${round(contended)} ms beside 50 heavy reads in flight`,
    );
    results.push({
      name: 'light user median beside a heavy user with 50 reads in flight',
      value: contended / alone,
      unit: '× alone',
      target: 2,
      note: `${round(alone)} ms alone → ${round(contended)} ms`,
    });

    const attacker = pool[3] as User;
    await request(server, attacker, 'POST', '', { topic: 'Runaway', content: 'ab '.repeat(1000) });
    const trials: Awaited<ReturnType<typeof runawayFilterTrial>>[] = [];
    for (let trial = 0; trial < 3; trial += 1) {
      trials.push(await runawayFilterTrial(server, attacker, pool[4] as User));
      // Past three stopped statements a minute the attacker is refused for a while: a fresh attacker each time.
      pool.splice(3, 1);
      const next = pool[3] as User;
      await request(server, next, 'POST', '', { topic: 'Runaway', content: 'ab '.repeat(1000) });
    }
    const worst = (key: 'health' | 'config' | 'read') => Math.max(...trials.map((trial) => trial[key]));
    console.log(
      `  runaway filter: other user's read ${round(worst('read'))} ms, health ${round(worst('health'))} ms, app-config ${round(worst('config'))} ms; attacker ${trials.map((trial) => `${trial.attack.status} in ${round(trial.attack.ms)} ms`).join(', ')}`,
    );
    results.push(
      {
        name: 'runaway filter: another user’s read, worst of 3',
        value: worst('read'),
        unit: 'ms',
        target: 1000,
        note: `the attacker gets ${trials[0]?.attack.status} (57014) in ${round(trials[0]?.attack.ms ?? 0)} ms`,
      },
      {
        name: 'runaway filter: /auth/v1/health and /app-config.json, worst of 3',
        value: Math.max(worst('health'), worst('config')),
        unit: 'ms',
        note: 'answered by the HTTP thread, never waiting for the database',
      },
    );

    while (total < requestsForMemory) total += (await runClients(server, pool, 50, 5)).requests;
    const afterLoadRss = await settledRss(pid);
    // Close to the largest answer the REST limits allow (10 MB): 500 posts of 19,000 characters.
    const big = pool[2] as User;
    for (let batch = 0; batch < 20; batch += 1) {
      const rows = Array.from({ length: 50 }, (_, index) => ({
        topic: `Big ${batch}-${index}`,
        content: 'x'.repeat(19_000),
      }));
      await request(server, big, 'POST', '', rows);
    }
    const largest = await fetch(`${process.url}/rest/v1/posts?select=*&topic=like.Big*&limit=500`, {
      headers: { apikey: server.anonKey, authorization: `Bearer ${big.token}` },
    });
    const largestBytes = (await largest.arrayBuffer()).byteLength;
    const peakRss = rssMegabytes(pid);
    await runClients(server, pool, 20, 5);
    const finalRss = await settledRss(pid);
    console.log(
      `  RSS: ${round(idleRss)} MB idle, ${round(afterLoadRss)} MB after ${total} requests, ${round(peakRss)} MB after a ${round(largestBytes / 1024 / 1024)} MB answer (${largest.status}), ${round(finalRss)} MB settled after more load`,
    );
    results.push(
      {
        name: 'server RSS after 80k requests',
        value: afterLoadRss,
        unit: 'MB',
        note: `${round(idleRss)} MB before load (settled); ${total} requests`,
      },
      {
        name: 'server RSS after the largest allowed answer, then more load',
        value: finalRss,
        unit: 'MB',
        note: `${round(peakRss)} MB right after a ${round(largestBytes / 1024 / 1024)} MB answer (status ${largest.status})`,
      },
    );
    return results;
  } finally {
    process.child.kill('SIGTERM');
    await process.exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}
