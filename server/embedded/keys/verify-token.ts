import { accessTokenVerifier, type TokenCheck } from '../../shared/access-token.ts';
import type { ProjectKeys } from './project-keys.ts';

const verifiers = new WeakMap<ProjectKeys, (token: string) => Promise<TokenCheck>>();

/**
 * The install's access-token check: the same shared code the hosted Edge Function runs, given this
 * install's JWKS and, only on installs that still have one, the legacy HS256 secret.
 */
export function verifyInstallToken(keys: ProjectKeys, token: string): Promise<TokenCheck> {
  let verify = verifiers.get(keys);
  if (!verify) {
    verify = accessTokenVerifier({ jwks: keys.jwks, legacySecret: keys.legacy?.jwtSecret ?? null });
    verifiers.set(keys, verify);
  }
  return verify(token);
}
