import type { AppServer } from '../../harness/app-server.ts';
import { startFakeProviders, type FakeProviders } from '../../harness/fakes/fake-providers.ts';
import { check } from '../check.ts';
import { timeToFirstToken } from '../event-stream.ts';
import { fakeGroqKey, startAppWithFakeGroq } from '../generation-app.ts';
import type { BenchCase, BenchResult } from '../report.ts';
import { row, sampleRows } from '../results.ts';
import { publishableKey, signUp } from '../sign-up.ts';
import { round, summarize } from '../stats.ts';

const warmups = 20;
const requests = 200;
const addedTargetMs = 10;

const body = JSON.stringify({
  model: 'openai/gpt-oss-20b',
  messages: [{ role: 'user', content: 'hi' }],
  stream: true,
  max_tokens: 50,
});

const post = (token: string) => ({
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body,
});

/** Alternating direct and proxied requests, sequential, so drift hits both sides alike. */
async function alternate(fake: FakeProviders, app: AppServer, accessToken: string) {
  const direct: number[] = [];
  const viaApi: number[] = [];
  for (let i = 0; i < warmups + requests; i += 1) {
    const a = await timeToFirstToken(`${fake.url}/openai/v1/chat/completions`, post(fakeGroqKey));
    const b = await timeToFirstToken(`${app.url}/api/groq/openai/v1/chat/completions`, post(accessToken));
    if (i >= warmups) {
      direct.push(a);
      viaApi.push(b);
    }
  }
  return { direct, viaApi };
}

/** Every request reached the fake, the proxied ones with the server-side key. */
function checkFakeSaw(fake: FakeProviders): void {
  const groq = fake.requests.filter((request) => request.provider === 'groq');
  const expected = 2 * (warmups + requests);
  check(groq.length === expected, `the fake saw ${groq.length} Groq requests, expected ${expected}`);
  check(
    groq.every((request) => request.headers.authorization === `Bearer ${fakeGroqKey}`),
    '/api did not forward the server-side Groq key',
  );
}

function results(direct: number[], viaApi: number[]): BenchResult[] {
  const a = summarize(direct);
  const b = summarize(viaApi);
  const added = b.median - a.median;
  console.log(`  direct: median ${round(a.median)} ms, p95 ${round(a.p95)} ms`);
  console.log(`  via /api: median ${round(b.median)} ms, p95 ${round(b.p95)} ms`);
  console.log(`  added by /api (median): ${round(added)} ms`);
  const note = `n=${requests} each after ${warmups} warm-up, sequential, alternating`;
  return [
    row('TTFT added by /api (median b − median a)', added, 'ms', {
      target: addedTargetMs,
      note: `${note}; fake Groq, latency 0`,
      details: { p95Difference: round(b.p95 - a.p95) },
    }),
    ...sampleRows('TTFT direct to fake Groq', direct, ['median', 'p95'], { note }),
    ...sampleRows('TTFT via /api/groq', viaApi, ['median', 'p95'], { note }),
  ];
}

/** Time to first token through /api/groq compared with calling the (fake) provider directly. */
async function run(): Promise<BenchResult[]> {
  const fake = await startFakeProviders({ scenarios: { groq: { tokensPerSecond: 100_000, latencyMs: 0 } } });
  let app: AppServer | undefined;
  try {
    app = await startAppWithFakeGroq(fake);
    const user = await signUp(app.url, await publishableKey(app.url), `bench-ttft-${Date.now()}@example.com`);
    const { direct, viaApi } = await alternate(fake, app, user.token);
    checkFakeSaw(fake);
    return results(direct, viaApi);
  } finally {
    await app?.dispose();
    await fake.close();
  }
}

export const ttft: BenchCase = { name: 'post generation: /api time to first token', run };
