import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { EmbeddedDatabase, type DatabaseOptions } from '../db/database.ts';
import { syncFileSystem } from '../db/sync-file-system.ts';
import { checkPgdata, damagedMessage, DamagedDataDirError } from './check-pgdata.ts';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { requireFreeSpace } from './disk-space.ts';
import {
  markOpen,
  recordCleanShutdown,
  verifyIntegrity,
  type IntegrityResult,
} from './integrity-manifest.ts';
import { enforceOwnerOnly } from './owner-only-permissions.ts';

export interface OpenDataDirOptions {
  /** Refuse to start with less free space than this on the data directory's disk. */
  minFreeBytes: number;
  database?: Omit<DatabaseOptions, 'pgdata' | 'log'>;
  log: (message: string) => void;
}

export interface OpenedDataDir {
  dataDir: string;
  pgdata: string;
  db: EmbeddedDatabase;
  /** True when the database was created by this start (a new install). */
  created: boolean;
  integrity: IntegrityResult;
  lock: DataDirLock;
  /** Closes the database cleanly, records its files for the next start's check, and unlocks. */
  close(): Promise<void>;
}

/**
 * Opens the install's data directory the careful way: private to this user, locked, enough
 * disk, and never a damaged database: a directory that is neither empty nor a whole database,
 * or whose files differ from the record of the last clean shutdown, is refused with a message
 * saying what is wrong and how to restore (docs/decisions/008-durability.md).
 */
export async function openDataDir(dataDir: string, options: OpenDataDirOptions): Promise<OpenedDataDir> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const lock = await lockDataDir(dataDir);
  try {
    const repaired = await enforceOwnerOnly(dataDir);
    if (repaired > 0)
      options.log(`Made ${repaired} files and folders in ${dataDir} private to this user (0600/0700).`);
    await requireFreeSpace(dataDir, options.minFreeBytes);
    const pgdata = path.join(dataDir, 'pgdata');
    const state = await checkPgdata(pgdata);
    const integrity = state.kind === 'complete' ? await verifyIntegrity(pgdata) : 'no-record';
    if (integrity === 'after-crash') {
      options.log(
        'The server did not shut down cleanly last time: the database recovers from its write-ahead log.',
      );
    }
    await mkdir(pgdata, { recursive: true, mode: 0o700 });
    await markOpen(pgdata);
    const db = await EmbeddedDatabase.open({ ...options.database, pgdata, log: options.log }).catch(
      (error: unknown) => {
        throw startFailure(pgdata, state.kind === 'absent', error);
      },
    );
    if (state.kind === 'absent') {
      // initdb runs in its own WebAssembly module, outside the durable file system: flush what it
      // wrote and make its files owner-only too.
      await syncFileSystem(pgdata);
      await enforceOwnerOnly(dataDir);
    }
    let closing: Promise<void> | null = null;
    return {
      dataDir,
      pgdata,
      db,
      created: state.kind === 'absent',
      integrity,
      lock,
      close: () => {
        closing ??= (async () => {
          await db.close();
          await recordCleanShutdown(pgdata);
          await lock.release();
        })();
        return closing;
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** PGlite reports most start failures as a bare "Aborted()": say what it most likely means. */
function startFailure(pgdata: string, creating: boolean, error: unknown): Error {
  const reason = error instanceof Error ? error.message : String(error);
  if (error instanceof DamagedDataDirError) return error;
  if (creating) {
    return new Error(
      `Could not create the database in ${pgdata}: ${reason}. Check that the disk has free space and is writable.`,
      {
        cause: error,
      },
    );
  }
  return new DamagedDataDirError(
    damagedMessage(pgdata, [
      `the database engine could not open it (${reason}); the disk may be full, or files are damaged`,
    ]),
    { cause: error },
  );
}
