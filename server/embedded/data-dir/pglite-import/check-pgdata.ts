import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export type PgdataState = { kind: 'absent' } | { kind: 'complete'; version: string };

/** What every initialised Postgres data directory has; a missing one means it is damaged. */
const requiredEntries = [
  { name: 'PG_VERSION', type: 'file' },
  { name: 'global/pg_control', type: 'file' },
  { name: 'global/pg_filenode.map', type: 'file' },
  { name: 'base', type: 'directory' },
  { name: 'pg_wal', type: 'directory' },
  { name: 'pg_xact', type: 'directory' },
  { name: 'pg_multixact', type: 'directory' },
] as const;

/** Postgres's control file is exactly one 8 kB block. */
const controlFileBytes = 8192;

/** Raised when the data directory exists but is not a whole database: never initialised over. */
export class DamagedDataDirError extends Error {
  override name = 'DamagedDataDirError';
}

/**
 * Tells an empty or missing data directory (a new install: initdb will create it) from a whole
 * database, and refuses anything in between. PGlite would run initdb over a directory that lost
 * its PG_VERSION, silently replacing every account with an empty database.
 */
export async function checkPgdata(pgdata: string): Promise<PgdataState> {
  const entries = await readdir(pgdata).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (entries === null || entries.length === 0) return { kind: 'absent' };

  const problems: string[] = [];
  for (const entry of requiredEntries) {
    const stats = await stat(path.join(pgdata, entry.name)).catch(() => null);
    if (!stats) problems.push(`${entry.name} is missing`);
    else if (entry.type === 'directory' && !stats.isDirectory())
      problems.push(`${entry.name} is not a directory`);
    else if (entry.type === 'file' && !stats.isFile()) problems.push(`${entry.name} is not a file`);
  }
  const control = await stat(path.join(pgdata, 'global/pg_control')).catch(() => null);
  if (control?.isFile() && control.size !== controlFileBytes) {
    problems.push(`global/pg_control is ${control.size} bytes instead of ${controlFileBytes}`);
  }
  const xact = await readdir(path.join(pgdata, 'pg_xact')).catch(() => null);
  if (xact && xact.length === 0) problems.push('pg_xact holds no transaction status files');
  const version = (await readFile(path.join(pgdata, 'PG_VERSION'), 'utf8').catch(() => '')).trim();
  if (version !== '' && !/^\d+$/.test(version))
    problems.push(`PG_VERSION holds "${version.slice(0, 20)}" instead of a version number`);

  if (problems.length > 0) throw new DamagedDataDirError(damagedMessage(pgdata, problems));
  return { kind: 'complete', version };
}

/** How to explain a damaged data directory: what is wrong, that nothing was changed, how to restore. */
export function damagedMessage(pgdata: string, problems: string[]): string {
  const dataDir = path.dirname(pgdata);
  return [
    `The database in ${pgdata} is damaged, so the server will not start (nothing was changed):`,
    ...problems.slice(0, 10).map((problem) => `  - ${problem}`),
    ...(problems.length > 10 ? [`  - and ${problems.length - 10} more`] : []),
    'To recover:',
    `  - restore a backup: npm run restore -- <backup file> (backups are kept in ${path.join(dataDir, 'backups')})`,
    `  - or move ${dataDir} away to start with an empty database.`,
  ].join('\n');
}
