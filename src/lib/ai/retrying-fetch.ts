import { aiRetryPolicy, retryDelayMs } from '@shared/ai-retry-policy';

/** One retry about to happen: the user may be told ("Retrying… 1 of 2"). */
export interface AiRetry {
  /** 1 for the first retry. */
  retry: number;
  /** How many retries there can be at most. */
  of: number;
  /** How long the client waits before it (backoff, or the provider's short Retry-After). */
  delayMs: number;
  /** The status /api answered, or null when no answer came at all. */
  status: number | null;
}

/** Waits `ms` before a retry; rejects with the signal's reason when it aborts first. */
export type RetryWait = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RetryOptions {
  /** Called before each retry's wait (docs/product.md §13.9). */
  onRetry?: ((retry: AiRetry) => void) | undefined;
  /** How a retry waits; tests pass one that returns at once. Default {@link waitFor}. */
  retryWait?: RetryWait | undefined;
  /** For the jitter; Math.random by default. */
  random?: (() => number) | undefined;
  /** The fetch tried; the global one, looked up on each call, by default. */
  fetch?: typeof fetch | undefined;
}

/** A timer that an abort cancels, as fetch itself would be. */
export const waitFor: RetryWait = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * fetch for a call to our /api's AI routes that tries again as shared/ai-retry-policy.ts says: an
 * answer /api marked `x-should-retry: true` (a provider's transient failure), or no answer at all,
 * at most twice. Everything else, including every answer that is OK, comes back at once, so a
 * stream is only ever retried before its first byte. The last failed answer comes back as it is
 * (the caller reads its error); the last network error is thrown. An abort is never retried.
 * `input` is a URL: the init's body (a string) is sent again on each try.
 */
export function retryingFetch(options: RetryOptions = {}): typeof fetch {
  return async (input, init) => {
    const fetchOnce = options.fetch ?? ((url, request) => globalThis.fetch(url, request));
    const signal = init?.signal ?? undefined;
    for (let retriesSoFar = 0; ; retriesSoFar += 1) {
      let response: Response | null = null;
      let networkError: unknown = null;
      try {
        response = await fetchOnce(input, init);
      } catch (error) {
        if (signal?.aborted) throw error;
        networkError = error;
      }
      if (response?.ok) return response;
      const failure = response ? { status: response.status, headers: response.headers } : null;
      const delayMs = retryDelayMs(failure, retriesSoFar, options.random);
      if (delayMs === null) {
        if (response) return response;
        throw networkError;
      }
      // Nobody reads this answer: let its connection go.
      void response?.body?.cancel().catch(() => {});
      options.onRetry?.({
        retry: retriesSoFar + 1,
        of: aiRetryPolicy.retries,
        delayMs,
        status: response?.status ?? null,
      });
      await (options.retryWait ?? waitFor)(delayMs, signal);
    }
  };
}
