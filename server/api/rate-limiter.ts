export interface RateLimitOptions {
  /** Requests allowed per key within the window. */
  requests: number;
  windowMs: number;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Whether one more request for the key fits, without counting it. */
  check(key: string): RateLimitDecision;
  /** Counts one request for the key. */
  record(key: string): void;
  /** Counts one request for the key, unless it is over the limit. */
  hit(key: string): RateLimitDecision;
}

// Sweep idle keys now and then so the map does not grow with every key ever seen.
const sweepEvery = 1_000;

/**
 * An in-memory sliding-window limiter: a key (a user id, a client address) may make `requests`
 * requests in any `windowMs`. Per process: on Supabase Edge Functions each isolate counts on its
 * own, which still stops one browser from hammering a provider with the server's key.
 */
export function createRateLimiter(options: RateLimitOptions, now: () => number = Date.now): RateLimiter {
  const hits = new Map<string, number[]>();
  let calls = 0;

  const recent = (key: string, windowStart: number) =>
    (hits.get(key) ?? []).filter((time) => time > windowStart);

  const check = (key: string): RateLimitDecision => {
    const at = now();
    const windowStart = at - options.windowMs;
    if (++calls % sweepEvery === 0) {
      for (const [known, times] of hits) if ((times.at(-1) ?? 0) <= windowStart) hits.delete(known);
    }
    const times = recent(key, windowStart);
    hits.set(key, times);
    if (times.length < options.requests) return { allowed: true };
    const oldest = times[times.length - options.requests] ?? at;
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((oldest + options.windowMs - at) / 1000)),
    };
  };

  const record = (key: string): void => {
    const at = now();
    const times = recent(key, at - options.windowMs);
    times.push(at);
    hits.set(key, times);
  };

  return {
    check,
    record,
    hit(key) {
      const decision = check(key);
      if (decision.allowed) record(key);
      return decision;
    },
  };
}
