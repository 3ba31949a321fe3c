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

/**
 * Loads the install's JWT secret from `dataDir`, creating it (mode 0600) on first start.
 * Without a data dir (tests, in-memory databases) a fresh secret is made per process.
 */
export async function loadProjectKeys(dataDir: string | undefined): Promise<ProjectKeys> {
  const secret = dataDir ? await readOrCreateSecret(dataDir) : randomBytes(48).toString('base64url');
  const jwtSecret = new TextEncoder().encode(secret);
  return {
    jwtSecret,
    anonKey: await signApiKey(jwtSecret, 'anon'),
    serviceRoleKey: await signApiKey(jwtSecret, 'service_role'),
  };
}

async function readOrCreateSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, secretFileName);
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
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
