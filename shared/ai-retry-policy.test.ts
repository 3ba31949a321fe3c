import { describe, expect, it } from 'vitest';
import {
  aiRetryPolicy,
  backoffMs,
  isTransientProviderFailure,
  retryAfterMs,
  retryDelayMs,
  shouldRetryHeader,
} from './ai-retry-policy.ts';

const headers = (values: Record<string, string> = {}) => new Headers(values);
const marked = (value: 'true' | 'false', extra: Record<string, string> = {}) =>
  headers({ [shouldRetryHeader]: value, ...extra });
const noJitter = () => 0;
const fullJitter = () => 1;

describe('which provider failures /api marks as worth another try', () => {
  it.each([408, 409, 500, 502, 503, 504, 529])('%i', (status) => {
    expect(isTransientProviderFailure(status, headers())).toBe(true);
  });

  it.each([400, 401, 403, 404, 413, 422])('not %i', (status) => {
    expect(isTransientProviderFailure(status, headers())).toBe(false);
  });

  it('a 429 only with a Retry-After of at most 10 s', () => {
    expect(isTransientProviderFailure(429, headers({ 'retry-after': '1' }))).toBe(true);
    expect(isTransientProviderFailure(429, headers({ 'retry-after': '10' }))).toBe(true);
    expect(isTransientProviderFailure(429, headers({ 'retry-after-ms': '2500' }))).toBe(true);
    expect(isTransientProviderFailure(429, headers({ 'retry-after': '11' }))).toBe(false);
    expect(isTransientProviderFailure(429, headers({ 'retry-after': '120' }))).toBe(false);
    expect(isTransientProviderFailure(429, headers())).toBe(false);
    expect(isTransientProviderFailure(429, headers({ 'retry-after': 'soon' }))).toBe(false);
  });

  it('no status at all when the provider asks for a pause longer than 10 s', () => {
    expect(isTransientProviderFailure(503, headers({ 'retry-after': '30' }))).toBe(false);
    expect(isTransientProviderFailure(503, headers({ 'retry-after': '5' }))).toBe(true);
  });
});

describe('Retry-After', () => {
  it('reads retry-after-ms first, then seconds, then an HTTP date', () => {
    const now = Date.parse('2026-11-30T10:00:00Z');
    expect(retryAfterMs(headers({ 'retry-after-ms': '1500', 'retry-after': '9' }))).toBe(1500);
    expect(retryAfterMs(headers({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterMs(headers({ 'retry-after': '0.5' }))).toBe(500);
    expect(retryAfterMs(headers({ 'retry-after': 'Mon, 30 Nov 2026 10:00:07 GMT' }), now)).toBe(7000);
    // A date already past means "now", never a negative wait.
    expect(retryAfterMs(headers({ 'retry-after': 'Mon, 30 Nov 2026 09:59:00 GMT' }), now)).toBe(0);
  });

  it('reads only whole numbers (with decimals) as a pause, spaces aside', () => {
    expect(retryAfterMs(headers({ 'retry-after-ms': ' 1500 ' }))).toBe(1500);
    expect(retryAfterMs(headers({ 'retry-after-ms': '2.75' }))).toBe(2.75);
    expect(retryAfterMs(headers({ 'retry-after': ' 2 ' }))).toBe(2000);
    expect(retryAfterMs(headers({ 'retry-after': '1.25' }))).toBe(1250);
    // Not a number of milliseconds: Retry-After is read instead.
    expect(retryAfterMs(headers({ 'retry-after-ms': '15s', 'retry-after': '3' }))).toBe(3000);
    expect(retryAfterMs(headers({ 'retry-after-ms': 'x15', 'retry-after': '3' }))).toBe(3000);
    expect(retryAfterMs(headers({ 'retry-after': '2 seconds' }))).toBeNull();
  });

  it('ignores what it cannot read', () => {
    expect(retryAfterMs(headers())).toBeNull();
    expect(retryAfterMs(headers({ 'retry-after': '' }))).toBeNull();
    expect(retryAfterMs(headers({ 'retry-after': 'later' }))).toBeNull();
    expect(retryAfterMs(headers({ 'retry-after': '-3' }))).toBeNull();
    expect(retryAfterMs(headers({ 'retry-after-ms': 'x', 'retry-after': '3' }))).toBe(3000);
  });
});

describe('backoff', () => {
  it('doubles from 0.5 s and never passes 8 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((n) => backoffMs(n, noJitter))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });

  it('takes off at most a quarter at random, so the cap holds with jitter too', () => {
    expect(backoffMs(0, fullJitter)).toBe(375);
    expect(backoffMs(1, () => 0.5)).toBe(875);
    expect(backoffMs(20, fullJitter)).toBe(6000);
    for (const random of [0, 0.1, 0.5, 0.99, 1, 7, -2]) {
      const delay = backoffMs(30, () => random);
      expect(delay).toBeGreaterThanOrEqual(6000);
      expect(delay).toBeLessThanOrEqual(aiRetryPolicy.maxDelayMs);
    }
  });
});

describe('what the browser does with a failed try', () => {
  it('retries an answer /api marked x-should-retry: true, at most twice, with backoff', () => {
    const failure = { status: 500, headers: marked('true') };
    expect(retryDelayMs(failure, 0, noJitter)).toBe(500);
    expect(retryDelayMs(failure, 1, noJitter)).toBe(1000);
    expect(retryDelayMs(failure, 2, noJitter)).toBeNull();
    expect(aiRetryPolicy.retries).toBe(2);
  });

  it('waits the pause the provider asked for instead, when it is short', () => {
    expect(retryDelayMs({ status: 429, headers: marked('true', { 'retry-after': '1' }) }, 0)).toBe(1000);
    expect(retryDelayMs({ status: 429, headers: marked('true', { 'retry-after-ms': '250' }) }, 1)).toBe(250);
    expect(retryDelayMs({ status: 429, headers: marked('true', { 'retry-after': '10' }) }, 0)).toBe(10_000);
    expect(retryDelayMs({ status: 429, headers: marked('true', { 'retry-after': '11' }) }, 0)).toBeNull();
    expect(retryDelayMs({ status: 503, headers: marked(' TRUE ' as 'true') }, 0, noJitter)).toBe(500);
  });

  it('never retries an answer marked false or not marked at all, whatever its status', () => {
    for (const status of [429, 500, 502, 503, 408]) {
      expect(retryDelayMs({ status, headers: marked('false') }, 0)).toBeNull();
      expect(retryDelayMs({ status, headers: headers({ 'retry-after': '1' }) }, 0)).toBeNull();
    }
  });

  it('retries a request that got no answer at all, at most twice', () => {
    expect(retryDelayMs(null, 0, noJitter)).toBe(500);
    expect(retryDelayMs(null, 1, fullJitter)).toBe(750);
    expect(retryDelayMs(null, 2, noJitter)).toBeNull();
  });
});
