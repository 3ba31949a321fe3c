import { describe, expect, it } from 'vitest';
import { createAiQuota } from './ai-quota.ts';
import { ApiError } from './api-error.ts';

function fakeClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** The 429 a call throws, or null when it was allowed. */
function refusal(take: () => void): ApiError | null {
  try {
    take();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
}

describe('createAiQuota (per user and per client address)', () => {
  it('throws a 429 with Retry-After and the user message when the user is over their limit', () => {
    const quota = createAiQuota({ requests: 1, windowMs: 30_000 }, fakeClock().now);
    quota.take('a', null);
    expect(refusal(() => quota.take('a', null))).toMatchObject({
      status: 429,
      message: 'Too many requests. Please wait 30 seconds and try again.',
      type: 'rate_limit',
      code: 'rate_limited',
      headers: { 'retry-after': '30' },
    });
  });

  it('stops many users from one address at the per-address limit, and not another address', () => {
    const clock = fakeClock();
    const quota = createAiQuota({ requests: 2, windowMs: 60_000, requestsPerIp: 3 }, clock.now);
    quota.take('a', '203.0.113.7');
    quota.take('a', '203.0.113.7');
    clock.advance(15_000);
    quota.take('b', '203.0.113.7');
    expect(refusal(() => quota.take('c', '203.0.113.7'))).toMatchObject({
      status: 429,
      // The first request from the address (at 0 s) leaves the window at 60 s; it is now 15 s.
      message: 'Too many requests from your network. Please wait 45 seconds and try again.',
      type: 'rate_limit',
      code: 'rate_limited_ip',
      headers: { 'retry-after': '45' },
    });
    expect(refusal(() => quota.take('c', '198.51.100.1'))).toBeNull();
  });

  it('charges neither budget for a refused request', () => {
    const clock = fakeClock();
    const quota = createAiQuota({ requests: 2, windowMs: 10_000, requestsPerIp: 2 }, clock.now);
    quota.take('a', '203.0.113.7');
    quota.take('b', '203.0.113.7');
    // Refused by the address: user c keeps both of their requests for elsewhere.
    expect(refusal(() => quota.take('c', '203.0.113.7'))?.code).toBe('rate_limited_ip');
    quota.take('c', '198.51.100.1');
    quota.take('c', '198.51.100.2');
    // Refused by the user: the address is not charged either.
    expect(refusal(() => quota.take('c', '198.51.100.3'))?.code).toBe('rate_limited');
    quota.take('d', '198.51.100.3');
    quota.take('e', '198.51.100.3');
  });

  it('counts an IPv6 /64 as one address, and an IPv4-mapped address as its IPv4 one', () => {
    const quota = createAiQuota({ requests: 10, windowMs: 60_000, requestsPerIp: 2 }, fakeClock().now);
    quota.take('a', '2001:db8:1:2::1');
    quota.take('b', '2001:db8:1:2:ffff::9');
    expect(refusal(() => quota.take('c', '2001:0db8:0001:0002:0:0:0:77'))?.code).toBe('rate_limited_ip');
    expect(refusal(() => quota.take('c', '2001:db8:1:3::1'))).toBeNull();

    quota.take('a', '192.0.2.1');
    quota.take('b', '::ffff:192.0.2.1');
    expect(refusal(() => quota.take('c', '192.0.2.1'))?.code).toBe('rate_limited_ip');
  });

  it('defaults the per-address limit to twice the per-user one', () => {
    const quota = createAiQuota({ requests: 2, windowMs: 60_000 }, fakeClock().now);
    for (const user of ['a', 'a', 'b', 'b']) quota.take(user, '203.0.113.7');
    expect(refusal(() => quota.take('c', '203.0.113.7'))?.code).toBe('rate_limited_ip');
  });

  it('applies only the per-user limit when the address is unknown', () => {
    const quota = createAiQuota({ requests: 2, windowMs: 60_000, requestsPerIp: 1 }, fakeClock().now);
    for (const user of ['a', 'a', 'b', 'b', 'c']) quota.take(user, null);
    expect(refusal(() => quota.take('a', null))?.code).toBe('rate_limited');
  });
});
