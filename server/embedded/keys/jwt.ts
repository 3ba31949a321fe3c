import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';

export type VerifiedToken = { ok: true; claims: JWTPayload & Record<string, unknown> };
export type RejectedToken = { ok: false; reason: 'expired' | 'invalid'; message: string };

/**
 * Verifies an HS256 token with the install's secret. Only HS256 is accepted, so `alg: none` and
 * algorithm-confusion tokens are rejected; `exp` is enforced (no clock tolerance beyond 0 s).
 */
export async function verifyJwt(token: string, secret: Uint8Array): Promise<VerifiedToken | RejectedToken> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    return { ok: true, claims: payload as VerifiedToken['claims'] };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' };
    const message = error instanceof Error ? error.message : 'invalid token';
    return { ok: false, reason: 'invalid', message };
  }
}

export async function signJwt(
  claims: Record<string, unknown>,
  secret: Uint8Array,
  expiresInSeconds: number,
): Promise<{ token: string; issuedAt: number; expiresAt: number }> {
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + expiresInSeconds;
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(secret);
  return { token, issuedAt, expiresAt };
}
