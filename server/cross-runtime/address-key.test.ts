import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key.ts';

describe('addressKey', () => {
  it.each([
    ['an IPv4 address', '203.0.113.7', '203.0.113.7'],
    ['an IPv4-mapped IPv6 address', '::ffff:203.0.113.7', '203.0.113.7'],
    ['an IPv6 address, by its /64', '2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['a compressed IPv6 address', '2001:db8::1', '2001:db8:0:0::/64'],
    ['IPv6 with leading zeros and upper case', '2001:0DB8:0001:0002::9', '2001:db8:1:2::/64'],
    ['IPv6 loopback', '::1', '0:0:0:0::/64'],
    ['IPv6 with a zone', 'fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('keys %s', (_name, address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  it.each(['', 'unknown', '999.1.1.1', '1.2.3', '2001:db8::1::2', 'gggg::1', '1:2:3:4:5:6:7:8:9'])(
    'has no key for %j',
    (address) => {
      expect(addressKey(address)).toBeNull();
    },
  );
});
