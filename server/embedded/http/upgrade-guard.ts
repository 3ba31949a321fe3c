import type { IncomingMessage } from 'node:http';
import { isAllowedHost } from './host-check.ts';
import { isSameOrigin } from './origin-policy.ts';

export interface UpgradePolicy {
  allowedHosts?: readonly string[];
  corsAllowedOrigins?: readonly string[];
}

/**
 * The same Host and Origin rules as the HTTP routes (host-check.ts, origin-policy.ts), for the
 * WebSocket upgrade that bypasses the Hono app. Browsers send an Origin on every WebSocket handshake
 * and CORS does not apply to WebSockets, so this check is the only thing that stops another site's
 * page from opening the realtime socket. Returns the reason to refuse, or null to accept.
 */
export function refuseUpgrade(request: IncomingMessage, policy: UpgradePolicy = {}): string | null {
  let url: URL;
  try {
    url = new URL(request.url ?? '/', `http://${request.headers.host ?? ''}`);
  } catch {
    return 'Invalid Host header';
  }
  if (!isAllowedHost(url.hostname, policy.allowedHosts)) return `${url.hostname} is not an allowed host name`;
  const origin = request.headers.origin;
  if (origin === undefined) return null;
  const listed = (policy.corsAllowedOrigins ?? []).map((entry) => entry.trim().replace(/\/$/, ''));
  if (listed.includes(origin) || isSameOrigin(origin, url.href)) return null;
  return `Cross-origin WebSocket from ${origin} is not allowed`;
}
