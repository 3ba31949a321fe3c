import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';

/** The realtime socket supabase-js opens (start-embedded-server.ts answers the upgrade). */
const realtimePath = '/realtime/v1/websocket';

/**
 * Headers for every response. `strict-origin-when-cross-origin`, not `no-referrer`: under
 * `no-referrer` a browser sends `Origin: null` on same-origin POSTs, which the origin policy refuses.
 * The microphone stays available to the page itself for voice input.
 */
const everyResponse: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), geolocation=(), payment=(), usb=(), microphone=(self)',
};

/** JSON, scripts and other files are never meant to run as a page: if opened as one, nothing runs. */
const nonPagePolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * A module worker of the build (`/assets/<name>.worker-<hash>.js`) runs under the policy of its own
 * response: it may load the app's scripts and fetch from this origin (the carousel worker fetches
 * its font files, docs/decisions/029), and nothing else.
 */
export const workerPolicy =
  "default-src 'none'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** A fresh nonce for one page response (128 bits, as CSP recommends). */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The policy of the app page (index.html), for the page served to `host` (the vetted Host header).
 * - Scripts only from this origin: the Vite build has no inline script, and nothing needs eval.
 * - Styles from this origin, plus `<style>` elements carrying the page's nonce: react-hot-toast
 *   (goober) writes its CSS into one, with the nonce the page reads from `<meta property="csp-nonce">`.
 *   React's `style={…}` props go through CSSOM, which CSP does not restrict.
 * - Connections to this origin and its realtime socket; images from this origin only, so markdown or
 *   injected markup cannot send data out through an image URL.
 */
export function pageSecurityPolicy({ nonce, host }: { nonce: string; host: string }): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ws://${host}${realtimePath} wss://${host}${realtimePath}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Sets headers on the answer, copying it first when its headers are immutable (a proxied fetch). */
export function setResponseHeaders(c: Context, headers: Record<string, string>): void {
  try {
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  }
}

/** The headers of `everyResponse` on every answer; a policy that runs nothing unless the page set its own. */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const policy: Record<string, string> = c.res.headers.has('Content-Security-Policy')
      ? {}
      : { 'Content-Security-Policy': nonPagePolicy };
    // A route that means its answer to be embedded elsewhere (a signed Storage link) says so itself.
    const resourcePolicy = c.res.headers.get('Cross-Origin-Resource-Policy');
    setResponseHeaders(c, {
      ...everyResponse,
      ...policy,
      ...(resourcePolicy ? { 'Cross-Origin-Resource-Policy': resourcePolicy } : {}),
    });
  };
}
