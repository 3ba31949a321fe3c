import { accessTokenVerifier, type AccessTokenKeys } from '../cross-runtime/access-token.ts';
import type { VerifyToken } from './verify-access-token.ts';

/**
 * A signed-in user's access token, checked locally against the project's signing keys (the shared
 * check the embedded server uses too). Only a user counts: role `authenticated` and a subject; the
 * API keys are not users. Throws when the keys cannot be fetched, so the caller answers 503 rather
 * than "signed out". Nothing is cached beyond the JWKS itself (docs/decisions/011).
 */
export function userTokenVerifier(keys: AccessTokenKeys): VerifyToken {
  const verify = accessTokenVerifier(keys);
  return async (token) => {
    const result = await verify(token);
    if (!result.ok) {
      if (result.reason === 'unavailable') throw new Error(result.message);
      return null;
    }
    const { role, sub, session_id: sessionId } = result.claims;
    if (role !== 'authenticated' || typeof sub !== 'string' || sub === '') return null;
    return { userId: sub, sessionId: typeof sessionId === 'string' ? sessionId : null };
  };
}
