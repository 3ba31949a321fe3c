import { SignJWT } from 'jose';
import type { ProjectKeys } from './project-keys.ts';

/** Signs an access token as a new hosted project does: ES256 with the install's key, `kid` in the header. */
export async function signAccessToken(
  claims: Record<string, unknown>,
  signing: ProjectKeys['signing'],
  expiresInSeconds: number,
): Promise<{ token: string; issuedAt: number; expiresAt: number }> {
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + expiresInSeconds;
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: signing.kid })
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(signing.privateKey);
  return { token, issuedAt, expiresAt };
}
