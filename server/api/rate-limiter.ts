import { ApiError } from './api-error.ts';

export interface RateLimitOptions {
  /** Requests allowed per user within the window. */
  requests: number;
  windowMs: number;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one request for the user, unless they are over the limit. */
  hit(userId: string): RateLimitDecision;
}

// Sweep idle users now and then so the map does not grow with every user ever seen.
const sweepEvery = 1_000;

/**
 * An in-memory sliding-window limiter keyed by user id: a user may make `requests` requests in any
 * `windowMs`. Per process: on Supabase Edge Functions each isolate counts on its own, which still
 * stops one browser from hammering a provider with the server's key.
 */
export function createRateLimiter(options: RateLimitOptions, now: () => number = Date.now): RateLimiter {
  const hits = new Map<string, number[]>();
  let calls = 0;

  return {
    hit(userId) {
      const at = now();
      const windowStart = at - options.windowMs;
      if (++calls % sweepEvery === 0) {
        for (const [user, times] of hits) if ((times.at(-1) ?? 0) <= windowStart) hits.delete(user);
      }
      const recent = (hits.get(userId) ?? []).filter((time) => time > windowStart);
      if (recent.length >= options.requests) {
        hits.set(userId, recent);
        const oldest = recent[recent.length - options.requests] ?? at;
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + options.windowMs - at) / 1000)),
        };
      }
      recent.push(at);
      hits.set(userId, recent);
      return { allowed: true };
    },
  };
}

/** 429 with `Retry-After` when the user is over the limit. */
export function enforceRateLimit(limiter: RateLimiter, userId: string): void {
  const decision = limiter.hit(userId);
  if (decision.allowed) return;
  const seconds = decision.retryAfterSeconds;
  throw new ApiError(
    429,
    `Too many requests. Please wait ${seconds} seconds and try again.`,
    'rate_limit',
    'rate_limited',
    {
      'retry-after': String(seconds),
    },
  );
}
