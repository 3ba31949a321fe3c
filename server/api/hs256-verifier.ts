import { jwtVerify } from 'jose';
import type { VerifyToken } from './verify-access-token.ts';

/**
 * Verifies access tokens issued by the embedded backend (HS256 with the install's secret). Only a
 * signed-in user's token counts: role `authenticated` and a subject. The anon and service-role keys
 * are valid JWTs too, but they are not users, so they are refused.
 */
export function hs256Verifier(secret: Uint8Array): VerifyToken {
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
      if (payload.role !== 'authenticated' || typeof payload.sub !== 'string' || payload.sub === '')
        return null;
      return { userId: payload.sub };
    } catch {
      return null;
    }
  };
}
