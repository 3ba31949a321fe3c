import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The operating-system account the database server runs as when Node runs as root. */
export interface OsUser {
  name: string;
  uid: number;
  gid: number;
}

export const defaultServerUser = 'ai-post-writer-db';

/**
 * PostgreSQL refuses to run as root. As root (containers, CI) the server runs as a dedicated
 * unprivileged account, created here when missing (a system account without a login shell or
 * home); elsewhere it runs as the user who started Node, and this returns null.
 */
export async function serverOsUser(name = defaultServerUser): Promise<OsUser | null> {
  if (process.platform === 'win32' || process.getuid?.() !== 0) return null;
  const existing = await lookUp(name);
  if (existing) return existing;
  const created = await run('useradd', [
    '--system',
    '--user-group',
    '--no-create-home',
    '--home-dir',
    '/nonexistent',
    '--shell',
    '/usr/sbin/nologin',
    '--comment',
    'AI Post Writer database server',
    name,
  ]).then(
    () => null,
    (error: unknown) => error,
  );
  // Another server starting at the same moment may have created it first.
  const user = await lookUp(name);
  if (user) return user;
  const reason = created instanceof Error ? created.message : 'useradd did not create it';
  throw new Error(
    `Running as root, and PostgreSQL refuses to run as root: the unprivileged account "${name}" for the ` +
      `database server could not be created (${reason.trim()}). Create it (useradd --system ${name}), ` +
      'set POSTGRES_OS_USER to an existing unprivileged account, or start the app as a normal user.',
  );
}

async function lookUp(name: string): Promise<OsUser | null> {
  const entry = await run('getent', ['passwd', name]).then(
    ({ stdout }) => stdout.trim().split(':'),
    () => null,
  );
  if (!entry || entry.length < 4) return null;
  const uid = Number(entry[2]);
  if (uid === 0)
    throw new Error(`POSTGRES_OS_USER "${name}" is root; PostgreSQL needs an unprivileged account.`);
  return { name, uid, gid: Number(entry[3]) };
}
