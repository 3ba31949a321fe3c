import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { inject } from 'vitest';
import { createHttpApp } from '../../server/embedded/http-app.ts';
import { loadProjectKeys, type ProjectKeys } from '../../server/embedded/keys/project-keys.ts';
import { loadCatalog, type Catalog } from '../../server/embedded/rest/catalog.ts';
import { ObjectFiles } from '../../server/embedded/storage/object-files.ts';
import { createHostedDatabase, type HostedDatabase } from './hosted-database.ts';
import { PostgresDatabase } from '../../server/embedded/db/postgres-database.ts';
import { testAuthOptions } from './test-server.ts';

export interface RealPostgresServer {
  url: string;
  port: number;
  keys: ProjectKeys;
  db: PostgresDatabase;
  database: HostedDatabase;
  reloadSchemaCache(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The embedded server's auth and REST layers (createHttpApp, as startEmbeddedServer wires them)
 * on a real PostgreSQL database: a fresh copy of the hosted-like template with the migrations
 * applied as `postgres`. supabase-js talks to it exactly as to the embedded server. It connects
 * as supabase_admin, a superuser like the embedded server's postgres, and every REST request drops to its API
 * role with SET LOCAL ROLE, as PostgREST does, so row-level security applies the same way.
 */
export async function startRealPostgresServer(): Promise<RealPostgresServer> {
  const database = await createHostedDatabase(inject('realPostgres'), { migrate: true });
  const db = await PostgresDatabase.connect({
    connection: database.connection('supabase_admin'),
    statementTimeouts: { anon: 3000, authenticated: 8000, service_role: 8000 },
  }).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  const keysDir = await mkdtemp(path.join(tmpdir(), 'real-postgres-keys-'));
  try {
    const keys = await loadProjectKeys(keysDir, { newInstall: true, log: () => {} });
    let catalog: Catalog = await loadCatalog(db);
    const app = createHttpApp({
      db,
      keys,
      getCatalog: () => catalog,
      auth: { ...testAuthOptions, jwtExpiry: 3600 },
      maxRows: 1000,
      // Storage's files beside the keys; its rows and policies are the real database's.
      storage: {
        files: await ObjectFiles.open(keysDir),
        maxFileBytes: 50 * 1024 * 1024,
        quotaBytesPerUser: 1024 * 1024 * 1024,
      },
      appConfig: () => ({}),
      distDir: null,
    });
    const server = createServer(getRequestListener(app.fetch));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    let closing: Promise<void> | null = null;
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      keys,
      db,
      database,
      reloadSchemaCache: async () => {
        catalog = await loadCatalog(db);
      },
      close: () => {
        closing ??= (async () => {
          server.closeAllConnections();
          await new Promise<void>((resolve) => server.close(() => resolve()));
          await db.close();
          await database.drop();
          await rm(keysDir, { recursive: true, force: true });
        })();
        return closing;
      },
    };
  } catch (error) {
    await db.close();
    await database.drop();
    await rm(keysDir, { recursive: true, force: true });
    throw error;
  }
}
