/** GoTrue expresses its per-IP limits as requests per 5 minutes. */
export const rateLimitPeriodMs = 5 * 60_000;

/**
 * A token bucket per key (a client IP), as GoTrue's limiters (tollbooth): a key may send `burst`
 * requests at once, then one more every `periodMs / rate`. Kept as the "theoretical arrival time"
 * of the next request (GCRA), which is the same bucket with exact integer arithmetic.
 *
 * `take` is synchronous, so a request reserves its slot before any await: concurrent requests
 * cannot all pass a check that is only recorded after slow work (such as a password hash).
 */
export class RateLimiter {
  private readonly nextAllowedAt = new Map<string, number>();
  private readonly intervalMs: number;
  private readonly toleranceMs: number;
  private sweepAbove = 10_000;

  constructor(
    rate: number,
    burst: number,
    private readonly now: () => number = Date.now,
    periodMs: number = rateLimitPeriodMs,
  ) {
    this.intervalMs = periodMs / rate;
    this.toleranceMs = this.intervalMs * burst;
  }

  /** Takes one request's slot for `key`: 0 if granted, otherwise milliseconds until one frees up. */
  take(key: string): number {
    const now = this.now();
    const next = Math.max(this.nextAllowedAt.get(key) ?? now, now) + this.intervalMs;
    const overBy = next - now - this.toleranceMs;
    if (overBy > 0) return overBy;
    this.nextAllowedAt.set(key, next);
    if (this.nextAllowedAt.size > this.sweepAbove) this.sweep(now);
    return 0;
  }

  /** Forgets keys whose bucket has refilled, so a spray of addresses cannot grow the map for ever. */
  private sweep(now: number): void {
    for (const [key, next] of this.nextAllowedAt) {
      if (next <= now) this.nextAllowedAt.delete(key);
    }
    this.sweepAbove = Math.max(10_000, this.nextAllowedAt.size * 2);
  }
}
