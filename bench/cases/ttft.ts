import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppServer } from '../../harness/app-server.ts';
import { startFakeProviders, type FakeProviders } from '../../harness/fakes/fake-providers.ts';
import { startEdgeFunction, type EdgeFunction } from '../../harness/edge-function.ts';
import { edgeProviderKeys, hostedFunctionEnv } from '../../harness/hosted-function-env.ts';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { check } from '../check.ts';
import { timeToFirstToken } from '../event-stream.ts';
import { startDurableServer } from '../embedded-server.ts';
import { fakeGroqKey, startAppWithFakeGroq } from '../generation-app.ts';
import type { BenchCase, BenchResult } from '../report.ts';
import { row, sampleRows } from '../results.ts';
import { publishableKey, signUp } from '../sign-up.ts';
import { round, summarize } from '../stats.ts';

const warmups = 20;
const requests = 200;
const addedTargetMs = 2;
const previous = 'previously 7.3 ms (README), 19.5 ms in an independent run';

const bodyFor = (model: string) =>
  JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }], stream: true, max_tokens: 50 });
const body = bodyFor('openai/gpt-oss-20b');

const post = (token: string | null, sent = body) => ({
  method: 'POST',
  headers: {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    'content-type': 'application/json',
  },
  body: sent,
});

/** Alternating direct and proxied requests, sequential, so drift hits both sides alike. */
async function alternate(fake: FakeProviders, apiUrl: string, accessToken: string) {
  return alternateBetween(
    () => timeToFirstToken(`${fake.url}/openai/v1/chat/completions`, post(fakeGroqKey)),
    () => timeToFirstToken(`${apiUrl}/groq/openai/v1/chat/completions`, post(accessToken)),
  );
}

async function alternateBetween(directly: () => Promise<number>, throughApi: () => Promise<number>) {
  const direct: number[] = [];
  const viaApi: number[] = [];
  for (let i = 0; i < warmups + requests; i += 1) {
    const a = await directly();
    const b = await throughApi();
    if (i >= warmups) {
      direct.push(a);
      viaApi.push(b);
    }
  }
  return { direct, viaApi };
}

/** Every request reached the fake, the proxied ones with the server-side key. */
function checkFakeSaw(fake: FakeProviders, serverKey: string): void {
  const groq = fake.requests.filter((request) => request.provider === 'groq');
  const expected = 2 * (warmups + requests);
  check(groq.length === expected, `the fake saw ${groq.length} Groq requests, expected ${expected}`);
  const withKey = (key: string) =>
    groq.filter((request) => request.headers.authorization === `Bearer ${key}`).length;
  // The direct requests carry fakeGroqKey; the proxied ones the server's key (the same for npm start).
  const proxied = serverKey === fakeGroqKey ? withKey(serverKey) / 2 : withKey(serverKey);
  check(
    proxied === warmups + requests &&
      withKey(fakeGroqKey) + (serverKey === fakeGroqKey ? 0 : proxied) === expected,
    '/api did not forward the server-side Groq key',
  );
}

function results(direct: number[], viaApi: number[], where: string, engine = 'Groq'): BenchResult[] {
  const a = summarize(direct);
  const b = summarize(viaApi);
  const added = b.median - a.median;
  console.log(`  ${where}: direct: median ${round(a.median)} ms, p95 ${round(a.p95)} ms`);
  console.log(`  ${where}: via /api: median ${round(b.median)} ms, p95 ${round(b.p95)} ms`);
  console.log(`  ${where}: added by /api (median): ${round(added)} ms, p95 ${round(b.p95 - a.p95)} ms`);
  const note = `n=${requests} each after ${warmups} warm-up, sequential, alternating`;
  return [
    row(`TTFT added by /api, ${where} (median b − median a)`, added, 'ms', {
      target: addedTargetMs,
      note: `${note}; fake ${engine}, latency 0${engine === 'Groq' ? `; ${previous}` : ''}`,
      details: { p95Difference: round(b.p95 - a.p95) },
    }),
    ...sampleRows(`TTFT direct to fake ${engine} (${where} run)`, direct, ['median', 'p95'], { note }),
    ...sampleRows(`TTFT via /api, ${engine}, ${where}`, viaApi, ['median', 'p95'], { note }),
  ];
}

/** Time to first token through the embedded server's /api/groq and directly, alternating. */
async function embedded(): Promise<BenchResult[]> {
  const fake = await startFakeProviders({ scenarios: { groq: { tokensPerSecond: 100_000, latencyMs: 0 } } });
  let app: AppServer | undefined;
  try {
    app = await startAppWithFakeGroq(fake);
    const user = await signUp(app.url, await publishableKey(app.url), `bench-ttft-${Date.now()}@example.com`);
    const { direct, viaApi } = await alternate(fake, `${app.url}/api`, user.token);
    checkFakeSaw(fake, fakeGroqKey);
    return results(direct, viaApi, 'npm start');
  } finally {
    await app?.dispose();
    await fake.close();
  }
}

/**
 * The same through the `api` Edge Function under Deno, as hosted Supabase runs it: the project is
 * the embedded backend on PostgreSQL (on disk, durable, listening on 127.0.0.1), reached over REST
 * as a function reaches its project; the quota is counted on the database connection hosted
 * Supabase gives functions (SUPABASE_DB_URL, postgres-quota-counter.ts), one statement a call.
 */
async function edgeFunction(): Promise<BenchResult[]> {
  const fake = await startFakeProviders({ scenarios: { groq: { tokensPerSecond: 100_000, latencyMs: 0 } } });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-ttft-edge-'));
  let project: EmbeddedServer | undefined;
  let edge: EdgeFunction | undefined;
  try {
    project = await startDurableServer(dataDir, { databaseOnTcp: true });
    edge = await startEdgeFunction(
      hostedFunctionEnv(project, fake.url, { requests: 1_000_000, requestsPerAddress: 1_000_000 }),
    );
    const user = await signUp(
      project.url,
      project.keys.publishableKey,
      `bench-ttft-edge-${Date.now()}@example.com`,
    );
    const { direct, viaApi } = await alternate(fake, `${edge.url}/api`, user.token);
    checkFakeSaw(fake, edgeProviderKeys.GROQ_API_KEY);
    return results(direct, viaApi, 'Edge Function (Deno)');
  } finally {
    await edge?.close();
    await project?.close();
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * The third engine (decision 030) on `npm start`: an OpenAI-compatible server with no key, as a
 * local Ollama is, through /api/openai-compatible and directly.
 */
async function compatibleEngine(): Promise<BenchResult[]> {
  const fake = await startFakeProviders({
    scenarios: { 'openai-compatible': { tokensPerSecond: 100_000, latencyMs: 0 } },
  });
  let app: AppServer | undefined;
  try {
    const base = `${fake.url}/openai-compatible/v1`;
    app = await AppServer.start({ OPENAI_COMPATIBLE_BASE_URL: base, API_RATE_LIMIT_REQUESTS: '100000' });
    const user = await signUp(
      app.url,
      await publishableKey(app.url),
      `bench-ttft-oc-${Date.now()}@example.com`,
    );
    const sent = bodyFor('llama3.2:3b');
    const apiUrl = `${app.url}/api/openai-compatible/openai/v1/chat/completions`;
    const { direct, viaApi } = await alternateBetween(
      () => timeToFirstToken(`${base}/chat/completions`, post(null, sent)),
      () => timeToFirstToken(apiUrl, post(user.token, sent)),
    );
    const chats = fake.requests.filter(
      (request) => request.provider === 'openai-compatible' && request.path.endsWith('/chat/completions'),
    );
    check(chats.length === 2 * (warmups + requests), `the fake saw ${chats.length} chat requests`);
    return results(direct, viaApi, 'npm start', 'OpenAI-compatible');
  } finally {
    await app?.dispose();
    await fake.close();
  }
}

/** Time to first token through /api compared with calling the (fake) provider directly. */
async function run(): Promise<BenchResult[]> {
  return [...(await embedded()), ...(await edgeFunction()), ...(await compatibleEngine())];
}

export const ttft: BenchCase = { name: 'post generation: /api time to first token', run };
