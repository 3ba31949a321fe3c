import { addressKey } from '../cross-runtime/address-key.ts';

/**
 * Client addresses for the per-address AI quota. The address comes from outside the app
 * (createApiApp's `clientAddress`): the socket's remote address under the embedded Node server,
 * or on Supabase Edge Functions the first X-Forwarded-For entry, which the gateway sets. A header
 * is only trusted where the deployment says so: anyone can send X-Forwarded-For to a bare server.
 */

/** The first X-Forwarded-For entry, when it is an IP address. */
export function forwardedForAddress(request: Request): string | null {
  const first = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? '';
  return addressKey(first) === null ? null : first;
}
