import type { JSONWebKeySet } from 'jose';
import type { AccessTokenKeys } from '../cross-runtime/access-token.ts';
import { tokenIssuers } from './token-issuers.ts';

/** What the `api` Edge Function needs from the environment a hosted Supabase project gives it. */
export interface HostedConfig {
  supabaseUrl: string;
  /** How access tokens are checked: the project's JWKS (inline or fetched), its issuers, legacy only if set. */
  tokenKeys: AccessTokenKeys;
  /** For calls made on a user's behalf (with their token): the publishable key, else the legacy anon key. */
  publishableKey: string;
  /** For calls the function makes as itself (the per-address quota): the secret key, else legacy service_role. */
  secretKey: string | null;
  /**
   * Every secret key of the project, for checking a caller that says it is the project (pg_cron's
   * call to /linkedin/publish-due): all of SUPABASE_SECRET_KEYS whatever their names, plus
   * SUPABASE_SECRET_KEY and the legacy service_role key when set. The owner may schedule with any.
   */
  secretKeys: string[];
}

type Env = Record<string, string | undefined>;

/**
 * Reads the Edge Function environment (docs/decisions/011): `SUPABASE_URL`,
 * `SUPABASE_PUBLISHABLE_KEYS` / `SUPABASE_SECRET_KEYS` (JSON objects of named keys) with the legacy
 * `SUPABASE_ANON_KEY` / `SUPABASE_SERVICE_ROLE_KEY` as fallbacks, and `SUPABASE_JWKS` (or the
 * project's JWKS URL); the token issuers accepted come from token-issuers.ts. HS256 tokens are accepted only when `LEGACY_JWT_SECRET` is set: functions
 * cannot read the project's legacy secret, and users cannot set `SUPABASE_*` secrets themselves.
 * Throws one message naming everything that is missing.
 */
export function readHostedEnv(env: Env): HostedConfig {
  const problems: string[] = [];
  const supabaseUrl = env.SUPABASE_URL?.trim().replace(/\/+$/, '') ?? '';
  if (!/^https?:\/\/\S+$/.test(supabaseUrl))
    problems.push('SUPABASE_URL is not set (Supabase sets it for deployed functions)');
  const publishableKey =
    namedKey(env.SUPABASE_PUBLISHABLE_KEYS, 'SUPABASE_PUBLISHABLE_KEYS', problems) ??
    text(env.SUPABASE_PUBLISHABLE_KEY) ??
    text(env.SUPABASE_ANON_KEY);
  if (!publishableKey) {
    problems.push('no API key: SUPABASE_PUBLISHABLE_KEYS (or the legacy SUPABASE_ANON_KEY) is not set');
  }
  const secretKey =
    namedKey(env.SUPABASE_SECRET_KEYS, 'SUPABASE_SECRET_KEYS', problems) ??
    text(env.SUPABASE_SECRET_KEY) ??
    text(env.SUPABASE_SERVICE_ROLE_KEY) ??
    null;
  const secretKeys = [
    ...allKeys(env.SUPABASE_SECRET_KEYS),
    text(env.SUPABASE_SECRET_KEY),
    text(env.SUPABASE_SERVICE_ROLE_KEY),
  ].filter((key, index, keys): key is string => key !== undefined && keys.indexOf(key) === index);
  const jwks = inlineJwks(env.SUPABASE_JWKS, problems);
  const issuers = tokenIssuers(supabaseUrl, env, problems);
  const legacy = text(env.LEGACY_JWT_SECRET);
  if (legacy !== undefined && legacy.length < 32)
    problems.push('LEGACY_JWT_SECRET is shorter than 32 characters');
  if (problems.length > 0) throw new Error(`The api function cannot start:\n  - ${problems.join('\n  - ')}`);
  return {
    supabaseUrl,
    tokenKeys: {
      jwks: jwks ?? new URL(`${supabaseUrl}/auth/v1/.well-known/jwks.json`),
      issuers,
      legacySecret: legacy ? new TextEncoder().encode(legacy) : null,
    },
    publishableKey: publishableKey as string,
    secretKey,
    secretKeys,
  };
}

function text(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** `{"default":"sb_…","web":"sb_…"}` → the `default` key, else the first one. */
function namedKey(json: string | undefined, name: string, problems: string[]): string | undefined {
  const raw = text(json);
  if (raw === undefined) return undefined;
  try {
    const keys = JSON.parse(raw) as Record<string, unknown>;
    const chosen = keys.default ?? Object.values(keys)[0];
    if (typeof chosen === 'string' && chosen !== '') return chosen;
  } catch {
    // reported below
  }
  problems.push(`${name} is not a JSON object of named keys`);
  return undefined;
}

/** Every non-empty key of a named-key object; a malformed one is reported by namedKey. */
function allKeys(json: string | undefined): string[] {
  try {
    const keys = JSON.parse(text(json) ?? '{}') as unknown;
    if (typeof keys !== 'object' || keys === null) return [];
    return Object.values(keys).filter((key): key is string => typeof key === 'string' && key !== '');
  } catch {
    return [];
  }
}

/** `{"keys":[…]}` or a bare `[…]`, as Supabase provides SUPABASE_JWKS. */
function inlineJwks(json: string | undefined, problems: string[]): JSONWebKeySet | undefined {
  const raw = text(json);
  if (raw === undefined) return undefined;
  try {
    const parsed = JSON.parse(raw) as unknown;
    const keys = Array.isArray(parsed) ? parsed : (parsed as { keys?: unknown }).keys;
    if (Array.isArray(keys) && keys.length > 0) return { keys } as JSONWebKeySet;
  } catch {
    // reported below
  }
  problems.push('SUPABASE_JWKS is not a JSON Web Key Set');
  return undefined;
}
