import { isIPv6 } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The key per-IP limits count against. By default the TCP peer: headers such as X-Forwarded-For
 * are set by the client itself and would let it pick a fresh "address" per request. Only when a
 * reverse proxy that overwrites it sits in front is `trustedHeader` set (GoTrue's RATE_LIMIT_HEADER),
 * and then its first value is used.
 */
export function clientAddress(c: Context, trustedHeader: string | null): string {
  if (trustedHeader) {
    const forwarded = c.req.header(trustedHeader)?.split(',')[0]?.trim();
    if (forwarded) return rateLimitKey(forwarded);
  }
  try {
    return rateLimitKey(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    return 'unknown';
  }
}

/**
 * One host on IPv6 usually holds a whole /64, so counting single addresses would give it
 * 2^64 buckets: IPv6 addresses count by their /64 prefix. IPv4 (also IPv4-mapped) counts as is.
 */
export function rateLimitKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array.from({ length: Math.max(missing, 0) }, () => '0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
