import { describe, expect, it } from 'vitest';
import { forwardedForAddress } from './client-address.ts';

describe('forwardedForAddress', () => {
  const request = (headers: Record<string, string>) => new Request('http://edge.test/api', { headers });

  it('reads the first X-Forwarded-For entry', () => {
    expect(forwardedForAddress(request({ 'x-forwarded-for': '203.0.113.7, 10.0.0.1' }))).toBe('203.0.113.7');
    expect(forwardedForAddress(request({ 'x-forwarded-for': ' 2001:db8::1 ' }))).toBe('2001:db8::1');
  });

  it('gives null without the header or with something that is not an address', () => {
    expect(forwardedForAddress(request({}))).toBeNull();
    expect(forwardedForAddress(request({ 'x-forwarded-for': 'unknown, 203.0.113.7' }))).toBeNull();
  });
});
