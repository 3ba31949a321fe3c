import type { Context } from 'hono';
import type { PostgrestError } from './postgrest-error.ts';

/** A computed answer: status, headers and the body text (null: none). */
export interface Outcome {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export const jsonContentType = 'application/json; charset=utf-8';

export function respond(c: Context, outcome: Outcome): Response {
  const headers = { ...outcome.headers };
  if (c.req.method === 'HEAD' || outcome.body === null)
    return new Response(null, { status: outcome.status, headers });
  return new Response(outcome.body, { status: outcome.status, headers });
}

export function errorOutcome(error: PostgrestError, headers: Record<string, string> = {}): Outcome {
  const all: Record<string, string> = { ...headers, ...error.headers, 'Content-Type': jsonContentType };
  if (error.status === 401) {
    all['WWW-Authenticate'] =
      `Bearer error="invalid_token", error_description="${error.message.replaceAll('"', "'")}"`;
  }
  return { status: error.status, headers: all, body: JSON.stringify(error.toJSON()) };
}

/** Preference-Applied, when any preference was honoured. */
export function withApplied(headers: Record<string, string>, applied: string | null): Record<string, string> {
  return applied ? { ...headers, 'Preference-Applied': applied } : headers;
}

/** Haskell's urlEncode True (the query string of a Location header): space is `+`, the rest %XX. */
export function encodeQueryComponent(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replaceAll('%20', '+');
}
