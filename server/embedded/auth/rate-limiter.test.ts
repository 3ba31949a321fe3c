import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter.ts';

describe('RateLimiter (a token bucket per key, as GoTrue)', () => {
  it('allows a burst, then one request per period/rate, and says how long to wait', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(150, 30, () => now); // 150 per 5 minutes: one every 2 s
    for (let index = 0; index < 30; index += 1) expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(2_000);
    now += 1_999;
    expect(limiter.take('a')).toBe(1);
    now += 1;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(2_000);
  });

  it('keeps keys apart and refills to the burst, not beyond', () => {
    let now = 0;
    const limiter = new RateLimiter(30, 3, () => now); // one every 10 s
    for (let index = 0; index < 3; index += 1) expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBeGreaterThan(0);
    expect(limiter.take('b')).toBe(0);
    now += 60 * 60_000;
    for (let index = 0; index < 3; index += 1) expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(10_000);
  });

  it('refused requests do not use up the bucket', () => {
    let now = 0;
    const limiter = new RateLimiter(30, 1, () => now);
    expect(limiter.take('a')).toBe(0);
    for (let index = 0; index < 100; index += 1) expect(limiter.take('a')).toBe(10_000);
    now += 10_000;
    expect(limiter.take('a')).toBe(0);
  });
});
