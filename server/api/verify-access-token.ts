import { ApiError } from './api-error.ts';

/** Checks a Supabase access token; null means "not a signed-in user". May throw when the check itself fails. */
export type VerifyToken = (token: string) => Promise<VerifiedUser | null>;

export interface VerifiedUser {
  userId: string;
  /** The token's `session_id` claim: which sign-in it belongs to (null on tokens without one). */
  sessionId: string | null;
}

const bearerPattern = /^Bearer\s+(\S+)\s*$/i;

/**
 * The signed-in user behind a request, from `Authorization: Bearer <access token>` (what supabase-js
 * and groq-sdk send). 401 when the token is missing, malformed, expired or not a user's token.
 */
export async function authenticate(
  request: Request,
  verifyToken: VerifyToken,
): Promise<VerifiedUser & { token: string }> {
  const token = bearerPattern.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) throw unauthenticated();
  let verified: VerifiedUser | null;
  try {
    verified = await verifyToken(token);
  } catch {
    // The verifier could not reach an answer (for example the auth server is down): not the user's fault.
    throw authUnavailable();
  }
  if (!verified) throw unauthenticated();
  return { ...verified, token };
}

/** 503 when the session could not be checked: not the user's fault, so not "sign in again". */
export function authUnavailable(): ApiError {
  return new ApiError(
    503,
    'Could not verify your session. Please try again.',
    'service_unavailable',
    'auth_unavailable',
  );
}

/** 401 for a missing, bad or ended session: the browser asks the user to sign in again. */
export function unauthenticated(): ApiError {
  return new ApiError(
    401,
    'Authentication required. Please sign in again.',
    'authentication_error',
    'invalid_token',
    {
      'www-authenticate': 'Bearer',
    },
  );
}
