import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { addressKey } from '../../cross-runtime/address-key.ts';

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

/** The key an address counts under (IPv6 by its /64); anything that is not an address counts as it is. */
export function rateLimitKey(address: string): string {
  return addressKey(address) ?? address;
}
