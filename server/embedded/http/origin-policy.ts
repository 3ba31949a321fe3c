import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { apiRequestHeaders } from '../../api/api-cors.ts';

// What supabase-js (docs/wire-formats.md §1.2, storage-js §9) and groq-sdk send, for origins on the allow-list.
const allowedHeaders = [
  ...apiRequestHeaders,
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'x-supabase-api-version',
  'x-retry-count',
  'cache-control',
  'content-encoding',
  'x-metadata',
  'x-upsert',
];

/**
 * Whether `origin` is the origin this request was addressed to. Compared by host and port (the
 * Host header, which the host check has vetted), so a TLS proxy in front (Origin https://…, the
 * request itself plain http) still counts as the same origin.
 */
export function isSameOrigin(origin: string, requestUrl: string): boolean {
  try {
    const from = new URL(origin);
    if (from.protocol !== 'http:' && from.protocol !== 'https:') return false;
    // Parsed with the origin's scheme, so `host:443` and `host` compare equal under https.
    const to = new URL(`${from.protocol}//${new URL(requestUrl).host}`);
    return from.host === to.host;
  } catch {
    return false;
  }
}

/**
 * The API is for the page this server serves: browsers may call it from that origin and from the
 * origins listed in `allowedOrigins` (CORS_ALLOWED_ORIGINS, exact `scheme://host[:port]`). Any other
 * Origin is refused with 403 before the route runs. Refusing, not just withholding CORS headers,
 * also stops "simple" cross-site POSTs (text/plain, no preflight) that the browser sends anyway.
 * Requests without an Origin (server-side clients, same-origin GETs) pass.
 */
export function originPolicy(allowedOrigins: readonly string[]): MiddlewareHandler {
  const listed = new Set(allowedOrigins.map((origin) => origin.trim().replace(/\/$/, '')).filter(Boolean));
  const allowed = (origin: string, requestUrl: string) =>
    listed.has(origin) || isSameOrigin(origin, requestUrl);
  const grant = cors({
    origin: (origin, c) => (allowed(origin, c.req.url) ? origin : null),
    allowHeaders: allowedHeaders,
    allowMethods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
    exposeHeaders: [
      'Content-Range',
      // return=headers-only answers with the new row's Location, as PostgREST does.
      'Location',
      'X-Supabase-Api-Version',
      'Preference-Applied',
      'Retry-After',
      'Range-Unit',
      // /api's retry mark and a provider's pause, read by the browser's AI clients (shared/ai-retry-policy.ts).
      'Retry-After-Ms',
      'X-Should-Retry',
    ],
    maxAge: 86400,
  });
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && !allowed(origin, c.req.url)) {
      const message = `Cross-origin requests from ${origin} are not allowed. Add the origin to CORS_ALLOWED_ORIGINS to allow it.`;
      return c.json({ code: 'origin_not_allowed', message }, 403);
    }
    return grant(c, next);
  };
}
