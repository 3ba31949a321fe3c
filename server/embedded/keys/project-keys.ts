import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT } from 'jose';

/** The per-install signing secret and the two API keys derived from it, as a Supabase project has. */
export interface ProjectKeys {
  jwtSecret: Uint8Array;
  /** Public: served to the browser in /app-config.json. */
  anonKey: string;
  /** Private: bypasses row-level security; never leaves the server. */
  serviceRoleKey: string;
}

const secretFileName = 'jwt-secret';
// Fixed times keep the keys identical across restarts of the same install.
const apiKeyIssuedAt = 1_735_689_600; // 2025-01-01
const apiKeyExpiresAt = 4_102_444_800; // 2100-01-01

export interface LoadKeysOptions {
  /** True when this start created the database: a missing secret is then simply new. */
  newInstall: boolean;
  log: (message: string) => void;
}

const minimumSecretLength = 32;

/**
 * Loads the install's JWT secret from `dataDir`, creating it (mode 0600) for a new install.
 * An existing install whose secret is missing gets a new one, loudly (every session and the
 * anon key change); one whose secret is too short to be ours is refused, never replaced.
 */
export async function loadProjectKeys(dataDir: string, options: LoadKeysOptions): Promise<ProjectKeys> {
  const jwtSecret = new TextEncoder().encode(await readOrCreateSecret(dataDir, options));
  return {
    jwtSecret,
    anonKey: await signApiKey(jwtSecret, 'anon'),
    serviceRoleKey: await signApiKey(jwtSecret, 'service_role'),
  };
}

async function readOrCreateSecret(dataDir: string, options: LoadKeysOptions): Promise<string> {
  const file = path.join(dataDir, secretFileName);
  const existing = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (existing !== null) {
    const secret = existing.trim();
    if (secret.length >= minimumSecretLength) return secret;
    throw new Error(
      `${file} holds ${secret.length} characters, fewer than the ${minimumSecretLength} this server writes: ` +
        'it may be damaged or replaced. Restore it from a copy, or delete it to generate a new one ' +
        '(everyone will have to sign in again).',
    );
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  if (!options.newInstall) {
    options.log(
      `Warning: ${file} was missing, so a new signing secret was generated. Every user has to sign in again, ` +
        'and the anon key has changed (the web app reads the new one from /app-config.json).',
    );
  }
  return secret;
}

/** API keys are long-lived JWTs carrying only a role, exactly like Supabase's legacy anon/service keys. */
async function signApiKey(secret: Uint8Array, role: 'anon' | 'service_role'): Promise<string> {
  return new SignJWT({ iss: 'supabase', ref: 'embedded', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(apiKeyIssuedAt)
    .setExpirationTime(apiKeyExpiresAt)
    .sign(secret);
}
