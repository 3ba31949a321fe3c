import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JSONWebKeySet, type JWK } from 'jose';

/**
 * The keys of an install, as a new hosted Supabase project has them (docs/decisions/011):
 * an asymmetric signing key for access tokens (ES256, public half served as a JWKS), and
 * opaque API keys: a publishable one for browsers and a secret one for servers.
 */
export interface ProjectKeys {
  /** Signs access tokens; `kid` names it in the token header and the JWKS. */
  signing: { kid: string; privateKey: CryptoKey };
  /** The public keys that verify access tokens (what /auth/v1/.well-known/jwks.json serves). */
  jwks: JSONWebKeySet;
  /** Public: served to the browser in /app-config.json; requests with it act as `anon`. */
  publishableKey: string;
  /** Private: requests with it act as `service_role` (bypasses RLS); never leaves the server. */
  secretKey: string;
  /** Keys other install-wide secrets are derived from (refresh-token chains). */
  installSecret: Uint8Array;
  /**
   * The legacy HS256 secret and its JWT-shaped anon/service_role keys, only on installs that have
   * one (`DATA_DIR/jwt-secret`, from before 2026-11-23): their tokens keep working until the
   * owner deletes the file. New installs have none, like projects with legacy keys disabled.
   */
  legacy: { jwtSecret: Uint8Array; anonKey: string; serviceRoleKey: string } | null;
}

export interface LoadKeysOptions {
  /** True when this start created the database: new keys are then simply new. */
  newInstall: boolean;
  log: (message: string) => void;
}

const keysFileName = 'project-keys.json';
const legacySecretFileName = 'jwt-secret';
const minimumSecretLength = 32;

interface StoredKeys {
  version: 1;
  signing: { kid: string; privateJwk: JWK };
  publishableKey: string;
  secretKey: string;
  installSecret: string;
}

/** Loads the install's keys from `dataDir`, creating them (mode 0600) when there are none yet. */
export async function loadProjectKeys(dataDir: string, options: LoadKeysOptions): Promise<ProjectKeys> {
  const legacy = await loadLegacyKeys(dataDir);
  const stored =
    (await readStoredKeys(dataDir)) ?? (await createStoredKeys(dataDir, options, legacy !== null));
  const privateKey = (await importJWK(stored.signing.privateJwk, 'ES256')) as CryptoKey;
  const { d: _private, ...publicJwk } = stored.signing.privateJwk;
  return {
    signing: { kid: stored.signing.kid, privateKey },
    jwks: {
      keys: [{ ...publicJwk, kid: stored.signing.kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] }],
    },
    publishableKey: stored.publishableKey,
    secretKey: stored.secretKey,
    installSecret: Buffer.from(stored.installSecret, 'base64url'),
    legacy,
  };
}

async function readStoredKeys(dataDir: string): Promise<StoredKeys | null> {
  const file = path.join(dataDir, keysFileName);
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (text === null) return null;
  let parsed: StoredKeys;
  try {
    parsed = JSON.parse(text) as StoredKeys;
  } catch {
    throw damagedKeys(file, 'it is not valid JSON');
  }
  if (parsed.version !== 1 || !parsed.signing?.privateJwk?.d || !parsed.signing.kid)
    throw damagedKeys(file, 'the signing key is missing');
  if (!parsed.publishableKey?.startsWith('sb_publishable_') || !parsed.secretKey?.startsWith('sb_secret_')) {
    throw damagedKeys(file, 'an API key is missing');
  }
  if (Buffer.from(parsed.installSecret ?? '', 'base64url').length < 32)
    throw damagedKeys(file, 'the install secret is missing');
  return parsed;
}

function damagedKeys(file: string, reason: string): Error {
  return new Error(
    `${file} is damaged (${reason}). Restore it from a copy; deleting it generates new keys, and then ` +
      'everyone has to sign in again.',
  );
}

async function createStoredKeys(
  dataDir: string,
  options: LoadKeysOptions,
  hasLegacy: boolean,
): Promise<StoredKeys> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const stored: StoredKeys = {
    version: 1,
    signing: { kid: randomBytes(12).toString('base64url'), privateJwk: await exportJWK(privateKey) },
    publishableKey: `sb_publishable_${randomBytes(24).toString('base64url')}`,
    secretKey: `sb_secret_${randomBytes(32).toString('base64url')}`,
    installSecret: randomBytes(32).toString('base64url'),
  };
  await writeFile(path.join(dataDir, keysFileName), `${JSON.stringify(stored, null, 2)}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  if (!options.newInstall && !hasLegacy) {
    options.log(
      `Warning: ${path.join(dataDir, keysFileName)} was missing, so new keys were generated. Everyone has to ` +
        'sign in again, and the publishable key has changed (the web app reads it from /app-config.json).',
    );
  } else if (!options.newInstall) {
    options.log(
      'Generated ES256 signing keys and publishable/secret API keys for this install. Sessions and keys made with ' +
        `the legacy secret (${path.join(dataDir, legacySecretFileName)}) keep working until that file is deleted.`,
    );
  }
  return stored;
}

/** The legacy HS256 secret of an older install, if it has one; a damaged one is refused, never replaced. */
async function loadLegacyKeys(dataDir: string): Promise<ProjectKeys['legacy']> {
  const file = path.join(dataDir, legacySecretFileName);
  const existing = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (existing === null) return null;
  const secret = existing.trim();
  if (secret.length < minimumSecretLength) {
    throw new Error(
      `${file} holds ${secret.length} characters, fewer than the ${minimumSecretLength} this server writes: ` +
        'it may be damaged or replaced. Restore it from a copy, or delete it to stop accepting legacy keys ' +
        '(sessions made with it then end).',
    );
  }
  const jwtSecret = new TextEncoder().encode(secret);
  return {
    jwtSecret,
    anonKey: await signLegacyApiKey(jwtSecret, 'anon'),
    serviceRoleKey: await signLegacyApiKey(jwtSecret, 'service_role'),
  };
}

// Fixed times keep the legacy keys identical across restarts of the same install.
const legacyIssuedAt = 1_735_689_600; // 2025-01-01
const legacyExpiresAt = 4_102_444_800; // 2100-01-01

/** Legacy API keys are long-lived HS256 JWTs carrying only a role, like Supabase's anon/service_role keys. */
async function signLegacyApiKey(secret: Uint8Array, role: 'anon' | 'service_role'): Promise<string> {
  return new SignJWT({ iss: 'supabase', ref: 'embedded', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(legacyIssuedAt)
    .setExpirationTime(legacyExpiresAt)
    .sign(secret);
}
