import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import {
  startFakeProviders,
  type FakeProviders,
  type ProviderName,
} from '../../harness/fakes/fake-providers.ts';
import { startApiTestServer, testProviders } from '../helpers/api-server.ts';
import { signedInClient } from '../helpers/test-server.ts';
import type { AiCallContext } from '@/lib/ai/chat-message';
import { claudeCompletion } from '@/lib/ai/claude-stream';
import { groqCompletion, streamFailedMessage } from '@/lib/ai/groq-completion';
import { streamInterruptedMessage } from '@/lib/ai/provider-error';
import { perplexityAgent } from '@/lib/ai/perplexity-agent';
import type { AiRetry } from '@/lib/ai/retrying-fetch';
import { fetchYouTubeVideo } from '@/lib/ai/youtube-videos';

/*
 * docs/product.md §13.9: the browser's AI calls go through the real /api (embedded server, quota in
 * Postgres) to the fake providers. A provider's transient failure is tried again, at most twice;
 * this app's own refusals, a long Retry-After and a stream that has begun never are. Retries wait
 * through an injected `retryWait` that only records how long it was asked to wait.
 */
let fake: FakeProviders;
let server: EmbeddedServer;
beforeAll(async () => {
  fake = await startFakeProviders();
  server = await startApiTestServer({
    providers: {
      ...testProviders,
      GROQ_BASE_URL: fake.url,
      ANTHROPIC_BASE_URL: fake.url,
      PERPLEXITY_BASE_URL: fake.url,
      YOUTUBE_BASE_URL: fake.url,
    },
    // Eight calls a minute per user: a refill every 7.5 s, so our own 429 asks for a short wait
    // (what a provider's retryable 429 would ask for). The address budget never bites here.
    quota: { requests: 8, windowSeconds: 60, requestsPerAddress: 100_000 },
  });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

let token: string;
let waits: number[];
let retries: AiRetry[];
beforeEach(async () => {
  // Every test spends its own user's budget.
  token = (await signedInClient(server)).session.access_token;
  waits = [];
  retries = [];
});
let fetchSpy: { mockRestore(): void } | undefined;
afterEach(() => {
  fake.reset();
  fetchSpy?.mockRestore();
  fetchSpy = undefined;
});

const context = (overrides: Partial<AiCallContext> = {}): AiCallContext => ({
  apiBaseUrl: `${server.url}/api`,
  accessToken: token,
  onRetry: (retry) => retries.push(retry),
  retryWait: (ms) => {
    waits.push(ms);
    return Promise.resolve();
  },
  ...overrides,
});

const fast = { tokensPerSecond: 5000 };
const text = 'A post that arrived after all.\n\nWhat kept you going?';
const callsTo = (provider: ProviderName) => fake.requests.filter((seen) => seen.provider === provider).length;
const groqRequest = (content = 'Write a post') => ({
  model: 'openai/gpt-oss-20b',
  messages: [{ role: 'user' as const, content }],
  temperature: 0.7,
  maxTokens: 500,
});
const claudeRequest = { prompt: 'Write a post', model: 'claude-sonnet-4-6' };
const agentRequest = { model: 'perplexity/sonar' as const, input: 'Find subreddits about remote work.' };

/** Counts the browser's requests to /api (every try is one). */
function countApiRequests(): () => number {
  const spy = vi.spyOn(globalThis, 'fetch');
  fetchSpy = spy;
  return () =>
    spy.mock.calls.filter(([input]) => {
      const url = input instanceof Request ? input.url : String(input);
      return url.startsWith(`${server.url}/api/`);
    }).length;
}

async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    () => new Error('expected a rejection'),
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(Error);
  return outcome as Error;
}

describe('a provider failure that passes is tried again', () => {
  it('Groq: a streamed post that fails twice with 500 arrives whole on the third try', async () => {
    fake.setScenario('groq', { failFirst: { times: 2, status: 500 }, text, ...fast });
    const shown: string[] = [];
    const post = await groqCompletion(groqRequest(), context(), (cumulative) => shown.push(cumulative));
    expect(post).toBe(text);
    expect(shown.at(-1)).toBe(text);
    expect(callsTo('groq')).toBe(3);
    expect(retries.map(({ retry, of, status }) => ({ retry, of, status }))).toEqual([
      { retry: 1, of: 2, status: 500 },
      { retry: 2, of: 2, status: 500 },
    ]);
    // Exponential backoff with jitter: 0.5 s then 1 s, each shortened by at most a quarter.
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThan(375);
    expect(waits[0]).toBeLessThanOrEqual(500);
    expect(waits[1]).toBeGreaterThan(750);
    expect(waits[1]).toBeLessThanOrEqual(1000);
    expect(retries.map((retry) => retry.delayMs)).toEqual(waits);
  });

  it('Groq: a chat reply (not streamed) after a 408 and a 409', async () => {
    fake.setScenario('groq', { failFirst: { times: 1, status: 408 }, text });
    expect(await groqCompletion(groqRequest('A question'), context())).toBe(text);
    fake.setScenario('groq', { failFirst: { times: 1, status: 409 }, text });
    expect(await groqCompletion(groqRequest('Another question'), context())).toBe(text);
    expect(callsTo('groq')).toBe(4);
    expect(retries.map((retry) => retry.status)).toEqual([408, 409]);
  });

  it('Groq: a 429 with Retry-After: 1 waits the second Groq asks for, then answers', async () => {
    fake.setScenario('groq', { failFirst: { times: 1, status: 429 }, text, ...fast });
    expect(await groqCompletion(groqRequest(), context(), () => {})).toBe(text);
    expect(callsTo('groq')).toBe(2);
    expect(waits).toEqual([1000]);
    expect(retries).toEqual([{ retry: 1, of: 2, delayMs: 1000, status: 429 }]);
  });

  it('the Claude stream: Anthropic overloaded (529) twice, then the whole post', async () => {
    fake.setScenario('anthropic', { failFirst: { times: 2, status: 529 }, text, ...fast });
    const shown: string[] = [];
    expect(await claudeCompletion(claudeRequest, context(), (cumulative) => shown.push(cumulative))).toBe(
      text,
    );
    expect(shown.at(-1)).toBe(text);
    expect(callsTo('anthropic')).toBe(3);
    // /api reports a provider outage as 502 (docs/product.md §15.3).
    expect(retries.map((retry) => retry.status)).toEqual([502, 502]);
  });

  it('research: a Perplexity 503 is tried again and the reply comes back', async () => {
    fake.setScenario('perplexity', {
      failFirst: { times: 1, status: 503 },
      replyText: '{"subreddits":[]}',
    });
    expect(await perplexityAgent(agentRequest, context())).toBe('{"subreddits":[]}');
    expect(callsTo('perplexity')).toBe(2);
    expect(retries.map((retry) => retry.status)).toEqual([503]);
  });

  it('the YouTube videos call: a 500 is tried again and the video comes back', async () => {
    fake.setScenario('youtube', { failFirst: { times: 1, status: 500 } });
    const video = await fetchYouTubeVideo('dQw4w9WgXcQ', context());
    expect(video.title).toBe('How to Build a Personal Brand on LinkedIn');
    expect(callsTo('youtube')).toBe(2);
  });

  it('gives up after two retries and shows the last failure as before', async () => {
    fake.setScenario('anthropic', { failFirst: { times: 5, status: 500 } });
    const failure = await rejectionOf(claudeCompletion(claudeRequest, context()));
    expect(failure.message).toBe(
      'Anthropic API error: 500 Internal Server Error. Anthropic is having trouble right now: try again in a few minutes.',
    );
    expect(callsTo('anthropic')).toBe(3);
    expect(retries).toHaveLength(2);
  });
});

describe('never tried again', () => {
  it("a provider's 429 asking for 120 s: one request, and the wait is shown", async () => {
    fake.setScenario('groq', {
      failFirst: { times: 1, status: 429, headers: { 'retry-after': '120' } },
      text,
    });
    const apiRequests = countApiRequests();
    const failure = await rejectionOf(groqCompletion(groqRequest(), context(), () => {}));
    expect(failure.message).toBe('Groq API error: 429 Too Many Requests. Try again in 2 minutes.');
    expect(apiRequests()).toBe(1);
    expect(callsTo('groq')).toBe(1);
    expect(retries).toEqual([]);
  });

  it('our own quota refusal (429 with a short Retry-After): /api is asked once', async () => {
    // Spend the user's budget on video lookups; the next call is refused by /api itself.
    let refusal: Response | undefined;
    for (let call = 0; call < 20 && !refusal; call += 1) {
      const response = await fetch(`${server.url}/api/youtube/videos?part=snippet&id=dQw4w9WgXcQ`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.body?.cancel();
      if (response.status === 429) refusal = response;
    }
    // A short wait, which a provider's 429 would be retried after: ours never is.
    expect(Number(refusal?.headers.get('retry-after'))).toBeLessThanOrEqual(10);
    fake.setScenario('groq', { text });
    const apiRequests = countApiRequests();
    const failure = await rejectionOf(groqCompletion(groqRequest(), context(), () => {}));
    expect(failure.message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect(apiRequests()).toBe(1);
    expect(callsTo('groq')).toBe(0);
    expect(retries).toEqual([]);
  });

  it('an ended session (401) and an invalid request (400): /api is asked once each', async () => {
    const apiRequests = countApiRequests();
    const expired = await rejectionOf(
      claudeCompletion(claudeRequest, context({ accessToken: 'not-a-token' })),
    );
    expect(expired.message).toBe('Session expired. Please sign in again.');
    const invalid = await rejectionOf(
      perplexityAgent({ ...agentRequest, model: 'sonar-pro' as 'perplexity/sonar' }, context()),
    );
    expect(invalid.message).toBe('The model "sonar-pro" is not available for Perplexity on this server.');
    expect(apiRequests()).toBe(2);
    expect(fake.requests).toHaveLength(0);
    expect(retries).toEqual([]);
  });
});

describe('a stream that has begun is never started again', () => {
  it('Groq: an error after some text keeps the text shown and fails, with one request', async () => {
    fake.setScenario('groq', { text, midStreamError: 3, ...fast });
    const shown: string[] = [];
    const failure = await rejectionOf(
      groqCompletion(groqRequest(), context(), (cumulative) => shown.push(cumulative)),
    );
    expect(failure.message).toBe(streamFailedMessage);
    expect(shown.at(-1)).toBe('A post that ');
    expect(callsTo('groq')).toBe(1);
    expect(retries).toEqual([]);
  });

  it('Groq: a cut connection keeps every word sent before it, says so, with one request', async () => {
    fake.setScenario('groq', { text, disconnectAfterChunks: 3, ...fast });
    const shown: string[] = [];
    const failure = await rejectionOf(
      groqCompletion(groqRequest(), context(), (cumulative) => shown.push(cumulative)),
    );
    expect(failure.message).toBe(streamInterruptedMessage);
    expect(shown.at(-1)).toBe('A post that ');
    expect(callsTo('groq')).toBe(1);
    expect(retries).toEqual([]);
  });

  it('Claude: an overloaded error after some text, and a cut connection, each with one request', async () => {
    fake.setScenario('anthropic', { text, midStreamError: 3, ...fast });
    const shown: string[] = [];
    const overloaded = await rejectionOf(
      claudeCompletion(claudeRequest, context(), (cumulative) => shown.push(cumulative)),
    );
    expect(overloaded.message).toBe('Overloaded');
    expect(shown.at(-1)).toBe('A post that ');

    fake.setScenario('anthropic', { text, disconnectAfterChunks: 2, ...fast });
    const cut = await rejectionOf(claudeCompletion(claudeRequest, context()));
    expect(cut.message).toBe('The AI provider closed the connection before finishing. Please try again.');
    expect(callsTo('anthropic')).toBe(2);
    expect(retries).toEqual([]);
  });
});
