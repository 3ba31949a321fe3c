import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { checkPgdata, damagedMessage, DamagedDataDirError } from './check-pgdata.ts';
import { verifyIntegrity } from './integrity-manifest.ts';

/** An old PGlite database, opened on a copy of its folder; close() also removes the copy. */
export interface PgliteWorkingCopy {
  db: PGlite;
  close(): Promise<void>;
}

/**
 * Opens a copy of an old PGlite data directory (`DATA_DIR/pgdata` of a release before
 * PostgreSQL). Opening writes to the folder (crash recovery, a checkpoint on close), and the old
 * folder is the user's backup of everything, so PGlite only ever sees the copy and the original
 * is only read. A folder that is not a whole database, or differs from the record of its last
 * clean shutdown, is refused before anything is copied: PGlite would initialise an empty
 * database over a folder that lost its PG_VERSION, and reads a cut-short table as fewer rows.
 */
export async function openPgliteWorkingCopy(
  pgliteDir: string,
  workDir = tmpdir(),
): Promise<PgliteWorkingCopy> {
  const state = await checkPgdata(pgliteDir);
  if (state.kind === 'absent') {
    throw new DamagedDataDirError(
      damagedMessage(pgliteDir, ['it holds no database (the folder is empty or missing)']),
    );
  }
  await verifyIntegrity(pgliteDir);
  const dir = await mkdtemp(path.join(workDir, 'pglite-import-'));
  try {
    const copy = path.join(dir, 'pgdata');
    await cp(pgliteDir, copy, { recursive: true });
    const db = await PGlite.create({ dataDir: copy, extensions: { pgcrypto } }).catch((error: unknown) => {
      // PGlite reports most failures to open as a bare "Aborted()": say what it most likely means.
      const reason = error instanceof Error ? error.message : String(error);
      throw new DamagedDataDirError(
        damagedMessage(pgliteDir, [
          `the PGlite database engine could not open a copy of it (${reason}); files may be damaged`,
        ]),
        { cause: error },
      );
    });
    return {
      db,
      close: async () => {
        await db.close().catch(() => {});
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
