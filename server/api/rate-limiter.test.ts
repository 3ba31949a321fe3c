import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter.ts';

function fakeClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('createRateLimiter (sliding window per user)', () => {
  it('allows the budget, then refuses with the seconds until a slot frees up', () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ requests: 3, windowMs: 60_000 }, clock.now);
    expect(limiter.hit('a')).toEqual({ allowed: true });
    clock.advance(10_000);
    expect(limiter.hit('a')).toEqual({ allowed: true });
    clock.advance(10_000);
    expect(limiter.hit('a')).toEqual({ allowed: true });
    clock.advance(5_000);
    // The first request (at 0 s) leaves the window at 60 s; it is now 25 s.
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 35 });
  });

  it('slides: a slot frees exactly when the oldest request leaves the window', () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ requests: 2, windowMs: 1_000 }, clock.now);
    limiter.hit('a');
    clock.advance(400);
    limiter.hit('a');
    clock.advance(599);
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock.advance(1);
    expect(limiter.hit('a')).toEqual({ allowed: true });
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('does not count refused requests against the user', () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ requests: 1, windowMs: 10_000 }, clock.now);
    limiter.hit('a');
    for (let index = 0; index < 5; index += 1) {
      clock.advance(1_000);
      expect(limiter.hit('a').allowed).toBe(false);
    }
    clock.advance(5_000);
    expect(limiter.hit('a')).toEqual({ allowed: true });
  });

  it('check does not count a request; record does', () => {
    const limiter = createRateLimiter({ requests: 1, windowMs: 60_000 }, fakeClock().now);
    expect(limiter.check('a')).toEqual({ allowed: true });
    expect(limiter.check('a')).toEqual({ allowed: true });
    limiter.record('a');
    expect(limiter.check('a')).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it('keeps each user’s budget separate', () => {
    const limiter = createRateLimiter({ requests: 1, windowMs: 60_000 }, fakeClock().now);
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(false);
    expect(limiter.hit('b').allowed).toBe(true);
  });
});
