import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** Who sent a request (its address) and the signal that says they went away. */
export function requestOrigin(c: Context): { client: string; signal: AbortSignal } {
  let client = 'unknown';
  try {
    client = getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No socket (app.request in unit tests).
  }
  return { client, signal: c.req.raw.signal };
}
