import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AuthOptions } from './auth/auth-routes.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { applyMigrations, bootstrapDatabase } from './db/apply-migrations.ts';
import { openDatabase, type Database } from './db/open-database.ts';
import { createHttpApp } from './http-app.ts';
import { loadProjectKeys, type ProjectKeys } from './keys/project-keys.ts';
import { RealtimeServer } from './realtime/realtime-socket.ts';
import { loadCatalog, type Catalog } from './rest/catalog.ts';

type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface EmbeddedServerOptions {
  port: number;
  host: string;
  /** Where the database and the install's JWT secret live; null keeps everything in memory. */
  dataDir: string | null;
  /** A migrated template (dumpDataDir) to start an in-memory database from, skipping initdb. */
  loadDataDir?: Blob;
  migrationsDir: string;
  distDir: string | null;
  jwtExpiry: number;
  maxRows: number | null;
  auth: Omit<AuthOptions, 'db' | 'keys' | 'jwtExpiry'>;
  /** Extra fields for /app-config.json (for example which AI engines are configured). */
  appConfig?: () => Record<string, unknown>;
  /** Builds the /api functions app once the keys are known. */
  createApi?: (context: { keys: ProjectKeys; db: Database }) => Hono;
  /** Vite's dev middleware: it gets every request that is not an API path. */
  devMiddleware?: NodeMiddleware;
}

export interface EmbeddedServer {
  url: string;
  port: number;
  db: Database;
  keys: ProjectKeys;
  /** Re-reads tables and functions from pg_catalog, like PostgREST's schema cache reload (NOTIFY pgrst). */
  reloadSchemaCache(): Promise<void>;
  close(): Promise<void>;
}

const apiPathPattern = /^\/(auth|rest|realtime|api)\/|^\/app-config\.json/;

/** Starts the whole embedded backend on one port (DESIGN.md §3). */
export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const unlock = options.dataDir ? await lockDataDir(options.dataDir) : async () => {};
  let db: Database | undefined;
  try {
    db = await openDatabase({
      ...(options.dataDir ? { dataDir: path.join(options.dataDir, 'pgdata') } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    await bootstrapDatabase(db);
    await applyMigrations(db, options.migrationsDir);
    const database = db;
    const keys = await loadProjectKeys(options.dataDir ?? undefined);
    let catalog: Catalog = await loadCatalog(database);
    const app = createHttpApp({
      db: database,
      keys,
      getCatalog: () => catalog,
      auth: { ...options.auth, jwtExpiry: options.jwtExpiry },
      maxRows: options.maxRows,
      distDir: options.devMiddleware ? null : options.distDir,
      appConfig: () => ({ supabaseUrl: null, supabaseAnonKey: keys.anonKey, apiBaseUrl: '/api', ...options.appConfig?.() }),
      ...(options.createApi ? { api: options.createApi({ keys, db: database }) } : {}),
    });
    const honoListener = getRequestListener(app.fetch);
    const dev = options.devMiddleware;
    const server = createServer((req, res) => {
      if (dev && !apiPathPattern.test(req.url ?? '/')) dev(req, res, () => void honoListener(req, res));
      else void honoListener(req, res);
    });
    const realtime = new RealtimeServer(keys);
    server.on('upgrade', (request, socket, head) => {
      // In development Vite owns the other upgrade paths (its HMR socket).
      if (!realtime.handleUpgrade(request, socket, head) && !dev) socket.destroy();
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const shownHost = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
    let closing: Promise<void> | null = null;
    return {
      url: `http://${shownHost}:${port}`,
      port,
      db: database,
      keys,
      reloadSchemaCache: async () => {
        catalog = await loadCatalog(database);
      },
      close: () => {
        closing ??= (async () => {
          await realtime.close();
          server.closeAllConnections();
          await new Promise<void>((resolve) => server.close(() => resolve()));
          await database.close();
          await unlock();
        })();
        return closing;
      },
    };
  } catch (error) {
    await db?.close().catch(() => {});
    await unlock();
    throw error;
  }
}
