import { performance } from 'node:perf_hooks';
import { check } from '../check.ts';
import type { BenchUser } from '../sign-up.ts';
import { quantile } from '../stats.ts';
import { request, type LoadTarget } from './traffic.ts';

/**
 * `(xx+)\1+$` (a backreference) over a few thousand 'x': PostgreSQL's regex engine tries every
 * split of the text, so each statement keeps a backend busy on the CPU (a few hundred ms for three
 * such posts on 2 cores; tests/integration/query-isolation.test.ts has one that runs until the time
 * limit). Any signed-in user can send it about their own posts.
 */
export const regexFilter = `content=match.${encodeURIComponent('(xx+)\\1+$')}`;
export const attackPost = { topic: 'Regex', content: 'x'.repeat(3000) };
export const postsPerAttacker = 3;
export const honestPosts = 50;
const honestQuery = `?select=id,topic,content,created_at&order=created_at.desc&limit=${honestPosts}`;

/** The attackers' posts (a few long runs of 'x') and the honest user's 50 ordinary ones. */
export async function prepareAttack(server: LoadTarget, attackers: BenchUser[], honest: BenchUser) {
  for (const attacker of attackers) {
    const rows = Array.from({ length: postsPerAttacker }, () => attackPost);
    check((await request(server, attacker, 'POST', '', rows)) === 201, 'seeding an attacker failed');
  }
  const rows = Array.from({ length: honestPosts }, (_, index) => ({
    topic: `Honest ${index}`,
    content: 'An ordinary post about the week. '.repeat(30),
  }));
  check((await request(server, honest, 'POST', '', rows)) === 201, 'seeding the honest user failed');
}

export interface HonestReads {
  median: number;
  p90: number;
  reads: number;
  errors: number;
}

/** The honest user reads their 50 posts, one request at a time, for `seconds`. */
export async function honestReads(server: LoadTarget, honest: BenchUser, seconds: number) {
  const samples: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    const status = await request(server, honest, 'GET', honestQuery).catch(() => 0);
    samples.push(performance.now() - started);
    if (status !== 200) errors += 1;
  }
  return {
    median: quantile(samples, 0.5),
    p90: quantile(samples, 0.9),
    reads: samples.length,
    errors,
  } satisfies HonestReads;
}

/** What the attackers got back: how many answers of each status, and how long the longest took. */
export interface AttackOutcome {
  statuses: Record<string, number>;
  longestMs: number;
}

/**
 * Each attacker loops the regex filter, one request at a time, while `work` runs; then their
 * requests in flight are abandoned (the server cancels the statements of a client that left).
 * The first round is given 500 ms to reach PostgreSQL before `work` starts.
 */
export async function underRegexAttack<T>(
  server: LoadTarget,
  attackers: BenchUser[],
  work: () => Promise<T>,
): Promise<{ result: T; attack: AttackOutcome }> {
  const stop = new AbortController();
  const attack: AttackOutcome = { statuses: {}, longestMs: 0 };
  const loops = attackers.map(async (attacker) => {
    while (!stop.signal.aborted) {
      const started = performance.now();
      const status = await fetch(`${server.url}/rest/v1/posts?${regexFilter}`, {
        headers: { apikey: server.anonKey, authorization: `Bearer ${attacker.token}` },
        signal: stop.signal,
      })
        .then(async (response) => {
          await response.arrayBuffer();
          return String(response.status);
        })
        .catch(() => (stop.signal.aborted ? null : 'network error'));
      if (status === null) return;
      attack.statuses[status] = (attack.statuses[status] ?? 0) + 1;
      attack.longestMs = Math.max(attack.longestMs, performance.now() - started);
    }
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { result: await work(), attack };
  } finally {
    stop.abort();
    await Promise.all(loops);
  }
}
