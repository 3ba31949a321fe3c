import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress, rateLimitKey } from './client-address.ts';

describe('clientAddress', () => {
  // app.request has no socket, so the fallback reads 'unknown' here.
  const addressSeenWith = async (trustedHeader: string | null, headers: Record<string, string>) => {
    const app = new Hono().get('/', (c) => c.text(clientAddress(c, trustedHeader)));
    return (await app.request('/', { headers })).text();
  };

  it('ignores forwarding headers unless one is configured as set by a trusted proxy', async () => {
    expect(await addressSeenWith(null, { 'x-forwarded-for': '203.0.113.5' })).toBe('unknown');
    expect(await addressSeenWith('x-real-ip', { 'x-forwarded-for': '203.0.113.5' })).toBe('unknown');
  });

  it("uses the configured header's first value", async () => {
    expect(await addressSeenWith('x-real-ip', { 'x-real-ip': ' 203.0.113.5 , 10.0.0.1' })).toBe(
      '203.0.113.5',
    );
  });
});

describe('rateLimitKey', () => {
  it('counts IPv4 addresses as they are, also when IPv4-mapped', () => {
    expect(rateLimitKey('127.0.0.2')).toBe('127.0.0.2');
    expect(rateLimitKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts IPv6 addresses by their /64, whatever their spelling', () => {
    expect(rateLimitKey('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(rateLimitKey('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:1::/64');
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
  });
});
