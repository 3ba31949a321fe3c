import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { PgConnection } from '../postgres/postgres-server.ts';
import { postgresLayout } from './postgres-layout.ts';

/** What a backup needs of the running install: its cluster folder and a superuser connection. */
export interface BackupSource {
  dataDir: string;
  server: { connection: PgConnection } | null;
}

/** Files and folders of a cluster that a base backup leaves out (PostgreSQL's own list). */
const skippedFiles = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map']);
/** Folders whose contents are rebuilt at start; they are kept empty. pg_wal is copied at the end. */
const emptiedDirs = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);

/** The cluster copy inside a backup folder. */
export const backupClusterDir = (backup: string) => path.join(backup, 'postgres');

/**
 * A consistent copy of the running cluster, taken while it serves requests: PostgreSQL's
 * non-exclusive base backup (pg_backup_start, copy the files, pg_backup_stop, then the WAL
 * written meanwhile). Started from the copy, the server replays that WAL and opens exactly as
 * the database was when the backup ended. The superuser's password file goes along, so a
 * restored cluster opens with the password it was made with.
 */
export async function backupDatabase(source: BackupSource, target: string): Promise<void> {
  if (!source.server)
    throw new Error('This server does not run its own database: back that database up where it runs.');
  const layout = postgresLayout(source.dataDir);
  const client = new pg.Client(source.server.connection);
  client.on('error', () => {});
  await client.connect();
  const partial = `${target}.partial`;
  try {
    await rm(partial, { recursive: true, force: true });
    const cluster = backupClusterDir(partial);
    await mkdir(cluster, { recursive: true, mode: 0o700 });
    const started = await client.query<{ lsn: string; wal: string }>(
      `select lsn::text, pg_walfile_name(lsn) as wal from pg_backup_start('ai-post-writer backup', true) as lsn`,
    );
    let stopped = false;
    try {
      await copyCluster(layout.pgdata, cluster);
      const end = await client.query<{
        lsn: string;
        labelfile: string;
        spcmapfile: string | null;
        wal: string;
      }>(`select lsn::text, labelfile, spcmapfile, pg_walfile_name(lsn) as wal from pg_backup_stop(false)`);
      stopped = true;
      const stop = end.rows[0];
      const start = started.rows[0];
      if (!stop || !start) throw new Error('PostgreSQL did not report where the backup started and ended');
      await writeFile(path.join(cluster, 'backup_label'), stop.labelfile, { mode: 0o600 });
      if (stop.spcmapfile)
        await writeFile(path.join(cluster, 'tablespace_map'), stop.spcmapfile, { mode: 0o600 });
      await copyWal(layout.pgdata, cluster, start.wal, stop.wal);
      await copyFile(layout.passwordFile, path.join(partial, 'postgres-password'));
      await writeFile(
        path.join(partial, 'backup.json'),
        JSON.stringify({
          kind: 'postgres-base-backup',
          startLsn: start.lsn,
          stopLsn: stop.lsn,
          takenAt: new Date().toISOString(),
        }),
        { mode: 0o600 },
      );
    } finally {
      if (!stopped) await client.query('select pg_backup_stop(false)').catch(() => {});
    }
    await rm(target, { recursive: true, force: true });
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

async function copyCluster(from: string, to: string, relative = ''): Promise<void> {
  for (const entry of await readdir(path.join(from, relative), { withFileTypes: true })) {
    const name = path.join(relative, entry.name);
    if (entry.isDirectory()) {
      await mkdir(path.join(to, name), { recursive: true, mode: 0o700 });
      if (relative === '' && emptiedDirs.has(entry.name)) continue;
      await copyCluster(from, to, name);
    } else if (entry.isFile()) {
      if (relative === '' && skippedFiles.has(entry.name)) continue;
      if (entry.name.startsWith('pgsql_tmp')) continue;
      // A file dropped while the copy runs (a table removed) is not needed: the WAL says so.
      await copyFile(path.join(from, name), path.join(to, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
  }
}

/** WAL segments from the one holding the backup's start to the one holding its end. */
async function copyWal(pgdata: string, cluster: string, first: string, last: string): Promise<void> {
  const wal = path.join(pgdata, 'pg_wal');
  await mkdir(path.join(cluster, 'pg_wal', 'archive_status'), { recursive: true, mode: 0o700 });
  const segments = (await readdir(wal)).filter(
    (name) => /^[0-9A-F]{24}$/.test(name) && name >= first && name <= last,
  );
  if (!segments.includes(first) || !segments.includes(last)) {
    throw new Error(
      'The write-ahead log the backup needs was recycled while it was copied: try the backup again.',
    );
  }
  for (const name of segments) await copyFile(path.join(wal, name), path.join(cluster, 'pg_wal', name));
  for (const name of await readdir(wal)) {
    if (name.endsWith('.history')) await copyFile(path.join(wal, name), path.join(cluster, 'pg_wal', name));
  }
}

/** True when `backup` is a folder made by backupDatabase. */
export function isClusterBackup(backup: string): boolean {
  return (
    existsSync(path.join(backup, 'backup.json')) &&
    existsSync(path.join(backupClusterDir(backup), 'backup_label'))
  );
}
