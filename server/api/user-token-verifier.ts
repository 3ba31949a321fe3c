import { accessTokenVerifier, type AccessTokenKeys, type TokenCheck } from '../cross-runtime/access-token.ts';
import type { VerifiedUser, VerifyToken } from './verify-access-token.ts';

// A verified token is remembered this long at most (never past its own `exp`): no longer than
// the JWKS itself is cached (access-token.ts), so a key taken out of the set is not trusted longer.
const rememberMs = 60_000;
const rememberedTokens = 1000;

/**
 * A signed-in user's access token, checked locally against the project's signing keys (the shared
 * check the embedded server uses too). Only a user counts: role `authenticated` and a subject; the
 * API keys are not users. Throws when the keys cannot be fetched, so the caller answers 503 rather
 * than "signed out". A token that passed is remembered for a minute, within its lifetime
 * (docs/decisions/011, 027): the signature check is the largest part of what /api does in front
 * of a provider call, and a browser sends the same token with each call. Whether its session
 * still exists is asked of the database on every call, never remembered here.
 */
export function userTokenVerifier(
  keys: AccessTokenKeys,
  now: () => number = Date.now,
  verify: (token: string) => Promise<TokenCheck> = accessTokenVerifier(keys),
): VerifyToken {
  const passed = new Map<string, { user: VerifiedUser; until: number }>();
  return async (token) => {
    const known = passed.get(token);
    if (known && known.until > now()) return known.user;
    if (known) passed.delete(token);
    const result = await verify(token);
    if (!result.ok) {
      if (result.reason === 'unavailable') throw new Error(result.message);
      return null;
    }
    const { role, sub, session_id: sessionId, exp } = result.claims;
    if (role !== 'authenticated' || typeof sub !== 'string' || sub === '') return null;
    const user = { userId: sub, sessionId: typeof sessionId === 'string' ? sessionId : null };
    const until = Math.min(now() + rememberMs, typeof exp === 'number' ? exp * 1000 : 0);
    if (until > now()) {
      if (passed.size >= rememberedTokens) passed.delete(passed.keys().next().value as string);
      passed.set(token, { user, until });
    }
    return user;
  };
}
