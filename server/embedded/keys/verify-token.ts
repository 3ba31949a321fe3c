import { accessTokenVerifier, type TokenCheck } from '../../cross-runtime/access-token.ts';
import type { ProjectKeys } from './project-keys.ts';

const verifiers = new WeakMap<ProjectKeys, (token: string) => Promise<TokenCheck>>();

/** Tokens whose signature was checked, until they expire: a signed-in client sends one for an hour. */
const verified = new WeakMap<ProjectKeys, Map<string, TokenCheck & { ok: true }>>();
const maxRemembered = 5_000;

/**
 * The install's access-token check: the same shared code the hosted Edge Function runs, given this
 * install's JWKS and, only on installs that still have one, the legacy HS256 secret.
 */
export async function verifyInstallToken(keys: ProjectKeys, token: string): Promise<TokenCheck> {
  let verify = verifiers.get(keys);
  let remembered = verified.get(keys);
  if (!verify || !remembered) {
    verify = accessTokenVerifier({ jwks: keys.jwks, legacySecret: keys.legacy?.jwtSecret ?? null });
    verifiers.set(keys, verify);
    remembered = new Map();
    verified.set(keys, remembered);
  }
  // A signature check costs about 0.1 ms of CPU on every request; a token already checked is
  // good until its `exp` (then checked again, and refused as expired). Whether its session is
  // still live is not the signature's business: Postgres checks that in every request.
  const known = remembered.get(token);
  const exp = typeof known?.claims.exp === 'number' ? known.claims.exp : 0;
  if (known && exp * 1000 > Date.now()) return known;
  if (known) remembered.delete(token);
  const check = await verify(token);
  if (check.ok && typeof check.claims.exp === 'number') {
    if (remembered.size >= maxRemembered) {
      const oldest = remembered.keys().next().value;
      if (oldest !== undefined) remembered.delete(oldest);
    }
    remembered.set(token, check);
  }
  return check;
}
