import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  findPostgresBinaries,
  type PostgresBinaries,
} from '../../server/embedded/postgres/postgres-binaries.ts';
import { serverOsUser } from '../../server/embedded/postgres/os-user.ts';
import { startPostgresServer } from '../../server/embedded/postgres/postgres-server.ts';

/** A throwaway PostgreSQL 17 server on 127.0.0.1 for a test run. */
export interface PostgresCluster {
  host: string;
  port: number;
  superuser: string;
  password: string;
  binaries: PostgresBinaries;
  /** How long initdb and the first start took (ms). */
  startupMs: number;
  stop(): Promise<void>;
}

/**
 * initdb and start a private cluster in a temporary folder, with the same code `npm start` runs
 * (server/embedded/postgres), on a free port of 127.0.0.1 with password authentication. As root
 * it runs as the app's unprivileged database account. Durability is off: it lives for one test
 * run. stop() ends it and removes the folder.
 */
export async function startPostgresCluster(superuser = 'supabase_admin'): Promise<PostgresCluster> {
  const started = Date.now();
  const binaries = await findPostgresBinaries();
  const dir = await mkdtemp(path.join(tmpdir(), 'real-postgres-'));
  try {
    const runAs = await serverOsUser(process.env.POSTGRES_OS_USER);
    // The server's account passes through the folder to its cluster (not listing it).
    if (runAs) await chmod(dir, 0o711);
    const server = await startPostgresServer({
      pgdata: path.join(dir, 'data'),
      socketDir: path.join(dir, 'socket'),
      runtimeDir: path.join(dir, 'runtime'),
      passwordFile: path.join(dir, 'password'),
      binaries,
      runAs,
      superuser,
      durable: false,
      listen: 'tcp',
      settings: { max_connections: '300', shared_buffers: '32MB' },
      log: () => {},
    });
    let stopping: Promise<void> | null = null;
    return {
      host: server.connection.host,
      port: server.connection.port,
      superuser,
      password: server.connection.password,
      binaries,
      startupMs: Date.now() - started,
      stop: () => {
        stopping ??= (async () => {
          await server.stop();
          await rm(dir, { recursive: true, force: true });
        })();
        return stopping;
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
