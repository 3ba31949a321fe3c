/**
 * When an AI call is tried again (docs/product.md §13.9, spec §9): the one place that says so, for
 * the /api functions (which mark each error answer) and the browser's clients (which obey the mark).
 *
 * - Only a provider's transient failure is retried: 408, 409, any 5xx, a 429 whose Retry-After is
 *   short, and a provider that could not be reached at all. Never this app's own refusals (quota,
 *   session, validation, "not configured"): /api marks every error answer `x-should-retry: true` or
 *   `false`, and an answer without the mark is final.
 * - At most {@link aiRetryPolicy.retries} retries, after exponential backoff with jitter
 *   (0.5 s, 1 s, … at most 8 s, each shortened by up to a quarter), or after the provider's own
 *   Retry-After / retry-after-ms when it gives one.
 * - "Short" means at most {@link aiRetryPolicy.longestRetryAfterMs}: a provider that asks for a longer
 *   pause is not retried, whatever the status; the user reads "Try again in …" instead.
 *
 * Web APIs only: this file runs in the browser, under Node and in the Deno function.
 */
export const aiRetryPolicy = {
  retries: 2,
  firstDelayMs: 500,
  maxDelayMs: 8000,
  /** Up to this fraction of a backoff delay is taken off at random, so clients do not retry in step. */
  jitter: 0.25,
  longestRetryAfterMs: 10_000,
} as const;

/** The mark /api puts on every error answer (the header groq-sdk and other Stainless clients obey too). */
export const shouldRetryHeader = 'x-should-retry';

/** The pause a response asks for, in ms: `retry-after-ms`, else `Retry-After` (seconds or an HTTP date). */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  // Headers.get has already trimmed the values.
  const milliseconds = headers.get('retry-after-ms');
  if (milliseconds && /^\d+(\.\d+)?$/.test(milliseconds)) return Number(milliseconds);
  const value = headers.get('retry-after');
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  // An HTTP date names its day and month; Date.parse would read "-3" as a year.
  const date = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The backoff before retry number `retriesSoFar + 1`: 0.5 s doubled each time, at most 8 s, with jitter. */
export function backoffMs(retriesSoFar: number, random: () => number = Math.random): number {
  const { firstDelayMs, maxDelayMs, jitter } = aiRetryPolicy;
  const delay = Math.min(firstDelayMs * 2 ** retriesSoFar, maxDelayMs);
  return delay * (1 - jitter * Math.min(Math.max(random(), 0), 1));
}

/**
 * Whether a provider's error answer is worth trying again (what /api marks it). The status is the
 * provider's own, before /api maps it (an Anthropic 529 reaches the browser as 502).
 */
export function isTransientProviderFailure(status: number, headers: Headers): boolean {
  const pause = retryAfterMs(headers);
  if (pause !== null && pause > aiRetryPolicy.longestRetryAfterMs) return false;
  if (status === 429) return pause !== null;
  return status === 408 || status === 409 || status >= 500;
}

/** An answer from /api that was not OK, or null when no answer came at all (a network error). */
export type FailedTry = { status: number; headers: Headers } | null;

/**
 * The browser's side: how long to wait before trying again after `failure`, or null for "do not".
 * An answer is retried only when /api marked it `x-should-retry: true` (and any pause it asks for is
 * short); a request that got no answer at all is retried too.
 */
export function retryDelayMs(
  failure: FailedTry,
  retriesSoFar: number,
  random: () => number = Math.random,
): number | null {
  if (retriesSoFar >= aiRetryPolicy.retries) return null;
  if (failure === null) return backoffMs(retriesSoFar, random);
  if (failure.headers.get(shouldRetryHeader)?.trim().toLowerCase() !== 'true') return null;
  const pause = retryAfterMs(failure.headers);
  if (pause === null) return backoffMs(retriesSoFar, random);
  return pause <= aiRetryPolicy.longestRetryAfterMs ? pause : null;
}
