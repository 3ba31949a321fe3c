import type { VerifyToken } from './verify-access-token.ts';

export interface SupabaseAuthVerifierOptions {
  supabaseUrl: string;
  anonKey: string;
  fetch?: typeof fetch;
  /** How long a positive answer is reused (default 60 s); never beyond the token's own expiry. */
  cacheMs?: number;
  now?: () => number;
}

const maxCachedTokens = 10_000;

/**
 * Verifies access tokens against hosted Supabase Auth (`GET /auth/v1/user`), which works whatever
 * signing keys the project uses. Positive answers are cached briefly, keyed by a SHA-256 of the
 * token so the cache never holds the tokens themselves. A 4xx from Auth means "not a user" (null);
 * a network failure or 5xx throws, so the caller answers 503 instead of signing the user out.
 */
export function supabaseAuthVerifier(options: SupabaseAuthVerifierOptions): VerifyToken {
  const userUrl = `${options.supabaseUrl.replace(/\/+$/, '')}/auth/v1/user`;
  const cacheMs = options.cacheMs ?? 60_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { userId: string; until: number }>();

  return async (token) => {
    const key = await sha256Hex(token);
    const cached = cache.get(key);
    if (cached && cached.until > now()) return { userId: cached.userId };
    if (cached) cache.delete(key);

    const fetchImpl = options.fetch ?? globalThis.fetch;
    const response = await fetchImpl(userUrl, {
      headers: { authorization: `Bearer ${token}`, apikey: options.anonKey, accept: 'application/json' },
    });
    if (response.status >= 500) throw new Error(`Supabase Auth answered ${response.status}`);
    if (!response.ok) {
      void response.body?.cancel().catch(() => {});
      return null;
    }
    const user = (await response.json()) as { id?: unknown; role?: unknown };
    if (typeof user.id !== 'string' || user.id === '') return null;

    const expiresAt = tokenExpiryMs(token);
    const until = Math.min(now() + cacheMs, expiresAt ?? Number.POSITIVE_INFINITY);
    if (cache.size >= maxCachedTokens) sweep(cache, now());
    if (cache.size >= maxCachedTokens) cache.delete(cache.keys().next().value as string);
    cache.set(key, { userId: user.id, until });
    return { userId: user.id };
  };
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The `exp` claim of a JWT, read without verifying it (Auth has just vouched for the token). */
function tokenExpiryMs(token: string): number | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

function sweep(cache: Map<string, { until: number }>, at: number): void {
  for (const [key, entry] of cache) if (entry.until <= at) cache.delete(key);
}
