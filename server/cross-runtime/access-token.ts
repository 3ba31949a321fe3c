// Runtime-agnostic (Node and Deno): no node:* imports.
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';

export interface AccessTokenKeys {
  /** The project's public signing keys: a JWKS, or where to fetch one (cached, refetched for a new `kid`). */
  jwks: JSONWebKeySet | URL;
  /** The legacy HS256 secret, only where it is still configured; otherwise HS256 tokens are refused. */
  legacySecret?: Uint8Array | null;
  /**
   * When set, tokens must carry exactly one of these `iss` values (hosted: `${SUPABASE_URL}/auth/v1`;
   * the CLI's local stack adds its own, server/api/token-issuers.ts). Never empty when set.
   */
  issuers?: readonly string[];
}

export type Claims = JWTPayload & Record<string, unknown>;

export type TokenCheck =
  | { ok: true; claims: Claims }
  /** `unavailable`: the keys could not be fetched; the caller answers 503, never "signed out". */
  | { ok: false; reason: 'expired' | 'invalid' | 'unavailable'; message: string };

const asymmetric = ['ES256', 'RS256'];

/**
 * The one check of a Supabase access token, for the embedded server (REST, Auth, realtime, /api)
 * and for the hosted Edge Function alike (docs/decisions/011): the signature against the
 * project's JWKS (or, only where configured, the legacy HS256 secret), `exp`, and optionally `iss`.
 * `alg: none` and any algorithm outside that list are refused.
 */
export function accessTokenVerifier(keys: AccessTokenKeys): (token: string) => Promise<TokenCheck> {
  const keySet: JWTVerifyGetKey =
    keys.jwks instanceof URL
      ? createRemoteJWKSet(keys.jwks, {
          timeoutDuration: 5_000,
          cooldownDuration: 30_000,
          cacheMaxAge: 10 * 60_000,
        })
      : createLocalJWKSet(keys.jwks);
  const claims = keys.issuers ? { issuer: [...keys.issuers] } : {};

  return async (token) => {
    let alg: unknown;
    try {
      alg = decodeProtectedHeader(token).alg;
    } catch {
      return { ok: false, reason: 'invalid', message: 'The token is not a JWT' };
    }
    try {
      if (alg === 'HS256') {
        if (!keys.legacySecret) {
          return {
            ok: false,
            reason: 'invalid',
            message: 'HS256 tokens are not accepted: this project signs with its JWKS keys',
          };
        }
        const { payload } = await jwtVerify(token, keys.legacySecret, { algorithms: ['HS256'], ...claims });
        return { ok: true, claims: payload as Claims };
      }
      const { payload } = await jwtVerify(token, keySet, { algorithms: asymmetric, ...claims });
      return { ok: true, claims: payload as Claims };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' };
      if (keysUnavailable(error)) {
        return { ok: false, reason: 'unavailable', message: 'The signing keys could not be fetched' };
      }
      return {
        ok: false,
        reason: 'invalid',
        message: error instanceof Error ? error.message : 'invalid token',
      };
    }
  };
}

/** A JWKS that could not be fetched (network, timeout, a non-200 answer), as opposed to a bad token. */
function keysUnavailable(error: unknown): boolean {
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return true;
  if (error instanceof errors.JOSEError) return /JSON Web Key Set HTTP response/.test(error.message);
  // fetch itself failed (refused, DNS, TLS): not a JOSE error at all.
  return error instanceof TypeError;
}
