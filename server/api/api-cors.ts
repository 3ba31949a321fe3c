import { cors } from 'hono/cors';

/**
 * CORS for the functions app when it is served on its own origin (Supabase Edge Functions): the
 * browser calls it cross-origin with supabase-js-style and groq-sdk headers (docs/wire-formats.md §1.3, §7.5).
 * The embedded server applies its own policy to /api/* instead.
 */
/** What groq-sdk (x-stainless-*) and our fetches send to /api cross-origin. */
export const apiRequestHeaders = [
  'authorization',
  'apikey',
  'content-type',
  'accept',
  'x-client-info',
  'x-stainless-arch',
  'x-stainless-lang',
  'x-stainless-os',
  'x-stainless-package-version',
  'x-stainless-retry-count',
  'x-stainless-runtime',
  'x-stainless-runtime-version',
  'x-stainless-timeout',
];

export function apiCors() {
  return cors({
    origin: '*',
    allowHeaders: apiRequestHeaders,
    allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    // The browser's AI clients read these to decide on a retry (shared/ai-retry-policy.ts).
    exposeHeaders: ['Retry-After', 'Retry-After-Ms', 'X-Should-Retry', 'X-Request-Id'],
    maxAge: 86400,
  });
}
