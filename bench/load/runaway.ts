import { performance } from 'node:perf_hooks';
import type { BenchUser } from '../sign-up.ts';
import type { LoadTarget } from './traffic.ts';

async function timed(run: () => Promise<Response>): Promise<number> {
  const begin = performance.now();
  const response = await run();
  await response.arrayBuffer();
  return performance.now() - begin;
}

/**
 * A runaway filter (Postgres's regex engine backtracking over a 3,000-character post) while another
 * user's read, /auth/v1/health and /app-config.json are timed. Before the database had its own
 * thread, everyone waited about 30 s behind it.
 */
export async function runawayFilterTrial(server: LoadTarget, attacker: BenchUser, other: BenchUser) {
  const { url, anonKey } = server;
  const started = performance.now();
  const filter = `topic=eq.Runaway&content=match.${encodeURIComponent('(.+)+\\1+$')}`;
  const attack = fetch(`${url}/rest/v1/posts?${filter}`, {
    headers: { apikey: anonKey, authorization: `Bearer ${attacker.token}` },
  }).then(async (response) => ({
    status: response.status,
    ms: performance.now() - started,
    body: await response.text(),
  }));
  // Give the attack time to reach the database (it is running well before 200 ms).
  await new Promise((resolve) => setTimeout(resolve, 200));
  const [health, config, read] = await Promise.all([
    timed(() => fetch(`${url}/auth/v1/health`, { headers: { apikey: anonKey } })),
    timed(() => fetch(`${url}/app-config.json`)),
    timed(() =>
      fetch(`${url}/rest/v1/posts?select=id,topic&limit=20`, {
        headers: { apikey: anonKey, authorization: `Bearer ${other.token}` },
      }),
    ),
  ]);
  return { health, config, read, attack: await attack };
}

export type RunawayTrial = Awaited<ReturnType<typeof runawayFilterTrial>>;
