import { performance } from 'node:perf_hooks';
import type { BenchUser } from '../sign-up.ts';
import { quantile } from '../stats.ts';

/** The app under load: its URL and publishable key. */
export interface LoadTarget {
  url: string;
  anonKey: string;
}

/** One REST request on /rest/v1/posts as `user` (Prefer: return=minimal): its status. */
export async function request(
  server: LoadTarget,
  user: BenchUser,
  method: string,
  query: string,
  body?: unknown,
): Promise<number> {
  const response = await fetch(`${server.url}/rest/v1/posts${query}`, {
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

const pageQuery = '?select=id,topic,content,is_published,created_at&order=created_at.desc&limit=20';

/** A signed-in client's mix: mostly page reads, some inserts and updates, as the app does. */
async function oneRequest(server: LoadTarget, user: BenchUser, step: number): Promise<boolean> {
  const kind = step % 10;
  if (kind < 7) return (await request(server, user, 'GET', pageQuery)) === 200;
  if (kind < 9) {
    const post = { topic: `Load ${step}`, content: 'Written under load. '.repeat(20) };
    return (await request(server, user, 'POST', '', post)) === 201;
  }
  return (
    (await request(server, user, 'PATCH', `?topic=eq.Load%20${step - 1}`, { is_published: true })) === 204
  );
}

/** `clients` concurrent clients for `seconds`: throughput, p50/p99 latency and failed requests. */
export async function runClients(server: LoadTarget, pool: BenchUser[], clients: number, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const user = pool[client % pool.length] as BenchUser;
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
