import { performance } from 'node:perf_hooks';
import { check } from '../check.ts';
import { publishableKey } from '../sign-up.ts';
import { postCount, ideaCount } from './config.ts';
import { chunkRows, type LibraryPlan } from './data.ts';

/** Rows per bulk insert; posts also stay under ~900 kB per request (the REST body limit is 1 MiB). */
const insertChunkRows = 1000;
const insertChunkBytes = 900_000;

interface SeedStats {
  requests: number;
  largestBodyBytes: number;
  ms: number;
}

type Headers = Record<string, string>;

/** Bulk inserts through REST as the signed-in user (row-level security applies). */
async function insertAll(
  appUrl: string,
  headers: Headers,
  table: string,
  rows: readonly object[],
): Promise<SeedStats> {
  const started = performance.now();
  const chunks = chunkRows(rows, insertChunkRows, insertChunkBytes);
  let largestBodyBytes = 0;
  for (const chunk of chunks) {
    const body = JSON.stringify(chunk);
    largestBodyBytes = Math.max(largestBodyBytes, Buffer.byteLength(body));
    const response = await fetch(`${appUrl}/rest/v1/${table}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', prefer: 'return=minimal' },
      body,
    });
    const answer = (await response.text()).slice(0, 300);
    check(response.status === 201, `POST /rest/v1/${table} returned ${response.status}: ${answer}`);
  }
  return { requests: chunks.length, largestBodyBytes, ms: performance.now() - started };
}

/** The exact row count the user sees (Prefer: count=exact). */
async function countRows(appUrl: string, headers: Headers, table: string, filter = ''): Promise<number> {
  const response = await fetch(`${appUrl}/rest/v1/${table}?select=id&limit=1${filter}`, {
    headers: { ...headers, prefer: 'count=exact' },
  });
  check(response.ok, `counting ${table} returned ${response.status}`);
  const total = Number(response.headers.get('content-range')?.split('/')[1]);
  check(Number.isFinite(total), `no total in the Content-Range of ${table}`);
  return total;
}

/** Inserts the plan's posts and ideas, then checks the user sees exactly them. */
export async function seedLibrary(appUrl: string, accessToken: string, plan: LibraryPlan, monthStart: Date) {
  const headers = { apikey: await publishableKey(appUrl), authorization: `Bearer ${accessToken}` };
  const posts = await insertAll(appUrl, headers, 'posts', plan.posts);
  const ideas = await insertAll(appUrl, headers, 'topic_ideas', plan.ideas);
  check((await countRows(appUrl, headers, 'posts')) === postCount, `expected ${postCount} posts`);
  check((await countRows(appUrl, headers, 'topic_ideas')) === ideaCount, `expected ${ideaCount} ideas`);
  const since = `&created_at=gte.${encodeURIComponent(monthStart.toISOString())}`;
  const inMonth = await countRows(appUrl, headers, 'posts', since);
  check(
    inMonth === plan.currentMonthPosts,
    `expected ${plan.currentMonthPosts} posts this month, found ${inMonth}`,
  );
  return { posts, ideas };
}
