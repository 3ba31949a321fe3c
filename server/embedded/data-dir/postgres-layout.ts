import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OsUser } from '../postgres/os-user.ts';

/** Where the database server's files live. */
export interface PostgresLayout {
  /** The PostgreSQL 17 cluster (owned by the server's account, mode 0700). */
  pgdata: string;
  /** Its private Unix socket folder. */
  socketDir: string;
  /** The server binaries copied where an unprivileged account can read them (Node as root only). */
  runtimeDir: string;
  /** The cluster superuser's password (owner-only, always in DATA_DIR). */
  passwordFile: string;
  /** The database of releases before PostgreSQL 17 (PGlite), until it has been imported. */
  legacyPgdata: string;
}

/** Names the folder holding the database server's files when it is not DATA_DIR itself. */
const locationFileName = 'postgres-location';

/** Where the database files of `dataDir` are: in it, or where its postgres-location file says. */
export function postgresLayout(dataDir: string): PostgresLayout {
  const base = readLocation(dataDir) ?? dataDir;
  return {
    pgdata: path.join(base, 'postgres'),
    socketDir: path.join(base, 'postgres-socket'),
    runtimeDir: path.join(base, 'postgres-runtime'),
    passwordFile: path.join(dataDir, 'postgres-password'),
    legacyPgdata: path.join(dataDir, 'pgdata'),
  };
}

function readLocation(dataDir: string): string | null {
  try {
    return readFileSync(path.join(dataDir, locationFileName), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Where database files go when the server's account cannot enter DATA_DIR (root-only parents). */
export const sharedDatabaseRoot = '/var/lib/ai-post-writer-db';

/**
 * Run as root, PostgreSQL runs as an unprivileged account, which must be able to enter every
 * folder above its files. A DATA_DIR inside a root-only folder (`/root/app/.data`, a 0700
 * temporary folder) cannot be reached: the database's files then live in a folder of their own
 * under /var/lib, named after DATA_DIR, and DATA_DIR/postgres-location records it. Returns that
 * folder when it was chosen now.
 */
export async function placeDatabaseFiles(dataDir: string, runAs: OsUser | null): Promise<string | null> {
  if (!runAs || readLocation(dataDir) || existsSync(path.join(dataDir, 'postgres'))) return null;
  if (canEnterParents(dataDir, runAs)) return null;
  const id = createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 16);
  const base = path.join(sharedDatabaseRoot, id);
  await mkdir(base, { recursive: true, mode: 0o711 });
  await chmod(sharedDatabaseRoot, 0o711);
  await chmod(base, 0o711);
  await writeFile(path.join(dataDir, locationFileName), `${base}\n`, { mode: 0o600 });
  return base;
}

/** True when `runAs` may pass through every folder above `dir`. */
function canEnterParents(dir: string, runAs: OsUser): boolean {
  let current = path.dirname(realpathSync(dir));
  for (;;) {
    const { mode, uid, gid } = statSync(current);
    const bit = uid === runAs.uid ? 0o100 : gid === runAs.gid ? 0o010 : 0o001;
    if ((mode & bit) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/** Folders the server's own account owns or reads: the owner-only sweep leaves them alone. */
export const serverOwnedNames = [
  'postgres',
  'postgres-socket',
  'postgres-runtime',
  'postgres.initdb-partial',
];
