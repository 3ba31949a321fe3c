import { describe, expect, it } from 'vitest';
import type { AiQuota, QuotaCall } from './ai-quota.ts';
import { ApiError } from './api-error.ts';
import { countedCall } from './counted-call.ts';

const call: QuotaCall = { userId: 'user-1', sessionId: 'session-1', clientAddress: '198.51.100.7' };
const refusal = () => new ApiError(429, 'Too many requests.', 'rate_limit', 'rate_limited');

/** A quota whose answer the test gives, recording what happened in which order. */
function quotaAnswering(options: { refuses?: boolean; knownRefused?: boolean } = {}) {
  const events: string[] = [];
  let answer: () => void = () => {};
  const quota: AiQuota = {
    mayRefuse: () => options.knownRefused ?? false,
    take: () => {
      events.push('counting');
      return new Promise<void>((resolve, reject) => {
        answer = () => (options.refuses ? reject(refusal()) : resolve());
      });
    },
  };
  return { quota, events, answer: () => answer() };
}

function provider(events: string[]) {
  let signal: AbortSignal | null = null;
  let cancelled = false;
  const start = (given: AbortSignal) => {
    signal = given;
    events.push('provider asked');
    const body = new ReadableStream<Uint8Array>({
      cancel() {
        cancelled = true;
      },
    });
    return Promise.resolve(new Response(body, { status: 200 }));
  };
  return { start, signal: () => signal, cancelled: () => cancelled };
}

describe('countedCall', () => {
  it('asks the provider while the request is counted, and answers only once it was allowed', async () => {
    const { quota, events, answer } = quotaAnswering();
    const groq = provider(events);
    let answered = false;
    const pending = countedCall(quota, call, new AbortController().signal, groq.start).then((response) => {
      answered = true;
      return response;
    });
    await Promise.resolve();
    expect(events).toEqual(['counting', 'provider asked']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answered).toBe(false);
    answer();
    expect((await pending).status).toBe(200);
    expect(groq.signal()?.aborted).toBe(false);
  });

  it('aborts the provider request and throws the refusal when the budget is spent', async () => {
    const { quota, events, answer } = quotaAnswering({ refuses: true });
    const groq = provider(events);
    const pending = countedCall(quota, call, new AbortController().signal, groq.start);
    answer();
    await expect(pending).rejects.toMatchObject({ status: 429 });
    expect(groq.signal()?.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(groq.cancelled()).toBe(true);
  });

  it('counts first, and never asks the provider, for a caller already refused', async () => {
    const { quota, events, answer } = quotaAnswering({ refuses: true, knownRefused: true });
    const groq = provider(events);
    const pending = countedCall(quota, call, new AbortController().signal, groq.start);
    answer();
    await expect(pending).rejects.toMatchObject({ status: 429 });
    expect(events).toEqual(['counting']);
  });

  it('aborts the provider request when the browser leaves', async () => {
    const { quota, events, answer } = quotaAnswering();
    const groq = provider(events);
    const browser = new AbortController();
    const pending = countedCall(quota, call, browser.signal, groq.start);
    browser.abort();
    expect(groq.signal()?.aborted).toBe(true);
    answer();
    await pending;
  });
});
