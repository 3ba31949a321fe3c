import { mkdir } from 'node:fs/promises';
import { PostgresDatabase } from '../db/postgres-database.ts';
import { findPostgresBinaries } from '../postgres/postgres-binaries.ts';
import { serverOsUser } from '../postgres/os-user.ts';
import { startPostgresServer, type PgConnection, type PostgresServer } from '../postgres/postgres-server.ts';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { requireFreeSpace } from './disk-space.ts';
import { enforceOwnerOnly } from './owner-only-permissions.ts';
import { importLegacyDatabase } from './pglite-import/import-legacy-database.ts';
import { placeDatabaseFiles, postgresLayout, serverOwnedNames } from './postgres-layout.ts';

export interface OpenDataDirOptions {
  /** Refuse to start with less free space than this on the data directory's disk. */
  minFreeBytes: number;
  database?: {
    statementTimeouts?: Partial<Record<string, number>>;
    maxConnections?: number;
    maxConnectionsPerOwner?: number;
  };
  /**
   * A database to use instead of the cluster in DATA_DIR (tests: one database per test file,
   * copied from a template on a shared server). Keys and stored files still live in DATA_DIR.
   */
  external?: PgConnection;
  /** The migrations, for importing a database of a release before PostgreSQL 17. */
  migrationsDir: string;
  /** Durable commits (default true; only throwaway test clusters turn them off). */
  durable?: boolean;
  /**
   * `tcp`: the cluster listens on 127.0.0.1 rather than its private socket, for a process that is
   * not this one (the benchmark's Edge Function, as a hosted function reaches its database).
   */
  listen?: 'socket' | 'tcp';
  log: (message: string) => void;
}

export interface OpenedDataDir {
  dataDir: string;
  db: PostgresDatabase;
  /** The database server this start runs (null with `external`). */
  server: PostgresServer | null;
  /** True when the database was created by this start (a new install). */
  created: boolean;
  lock: DataDirLock;
  /** Closes the connections, stops the database server cleanly, and unlocks. */
  close(): Promise<void>;
}

/**
 * Opens the install's data directory: private to this user, locked (one app server per folder),
 * enough disk, then the PostgreSQL server on its cluster (created on first start) and a pool of
 * connections to it (docs/decisions/008-durability.md).
 */
export async function openDataDir(dataDir: string, options: OpenDataDirOptions): Promise<OpenedDataDir> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const lock = await lockDataDir(dataDir);
  let server: PostgresServer | null = null;
  try {
    const runAs = options.external ? null : await serverOsUser(process.env.POSTGRES_OS_USER);
    // As root the server's own account must be able to pass through DATA_DIR (but not list it).
    const repaired = await enforceOwnerOnly(dataDir, {
      skip: serverOwnedNames,
      ...(runAs ? { topMode: 0o711 } : {}),
    });
    if (repaired > 0)
      options.log(`Made ${repaired} files and folders in ${dataDir} private to this user (0600/0700).`);
    await requireFreeSpace(dataDir, options.minFreeBytes);
    let connection = options.external;
    let closing: Promise<void> | null = null;
    let restarting: Promise<void> | null = null;
    let imported = false;
    if (!connection) {
      const placed = await placeDatabaseFiles(dataDir, runAs);
      if (placed) {
        options.log(
          `The database's account (${runAs?.name}) cannot enter the folders above ${dataDir}, so the database files live in ${placed} (DATA_DIR/postgres-location says so).`,
        );
      }
      const layout = postgresLayout(dataDir);
      const serverOptions = {
        ...layout,
        binaries: await findPostgresBinaries(),
        runAs,
        durable: options.durable ?? true,
        ...(options.listen ? { listen: options.listen } : {}),
        log: options.log,
      };
      imported = await importLegacyDatabase(layout, serverOptions, options.migrationsDir, options.log);
      server = await startPostgresServer(serverOptions);
      connection = server.connection;
      // A database server that dies under the app (killed, out of memory) is started again: it
      // recovers from its write-ahead log, and the pool opens new connections to it.
      const supervise = (running: PostgresServer) => {
        void running.exited.then(() => {
          if (closing || server !== running) return;
          options.log(
            'The database server stopped unexpectedly; starting it again (it recovers from its write-ahead log).',
          );
          restarting = startAgain(() =>
            startPostgresServer({ ...serverOptions, port: running.connection.port }),
          ).then(
            (next) => {
              server = next;
              supervise(next);
            },
            (error: unknown) =>
              options.log(
                `The database server could not be started again: ${error instanceof Error ? error.message : String(error)}`,
              ),
          );
        });
      };
      supervise(server);
    }
    const db = await PostgresDatabase.connect({
      connection,
      log: options.log,
      ...options.database,
    });
    const created = (server?.created ?? false) && !imported;
    return {
      dataDir,
      db,
      get server() {
        return server;
      },
      created,
      lock,
      close: () => {
        closing ??= (async () => {
          await db.close().catch(() => {});
          await restarting;
          await server?.stop();
          await lock.release();
        })();
        return closing;
      },
    };
  } catch (error) {
    await server?.stop().catch(() => {});
    await lock.release();
    throw error;
  }
}

/**
 * Starts the server again after it died. Its backends notice the postmaster's death and exit on
 * their own, but until the last one has, PostgreSQL refuses to start ("pre-existing shared memory
 * block is still in use"): that answer is retried for up to a minute.
 */
async function startAgain(start: () => Promise<PostgresServer>): Promise<PostgresServer> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return await start();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!/shared memory block|still in use|lock file/i.test(message) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
