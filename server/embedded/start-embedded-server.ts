import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AuthOptions } from './auth/auth-routes.ts';
import { createBackupRoute } from './admin/backup-route.ts';
import { backupDatabase } from './data-dir/backup-database.ts';
import { openDataDir } from './data-dir/open-data-dir.ts';
import type { Database } from './db/database.ts';
import type { PostgresDatabase } from './db/postgres-database.ts';
import type { PgConnection } from './postgres/postgres-server.ts';
import { prepareSchema } from './db/prepare-schema.ts';
import { createHttpApp } from './http-app.ts';
import { eventStreamsAtOnce } from './http/event-streams-at-once.ts';
import { refuseUpgrade } from './http/upgrade-guard.ts';
import { loadProjectKeys, type ProjectKeys } from './keys/project-keys.ts';
import { RealtimeServer } from './realtime/realtime-socket.ts';
import { loadCatalog, type Catalog } from './rest/catalog.ts';
import { ObjectFiles } from './storage/object-files.ts';
import { referencedVersions } from './storage/object-rows.ts';

type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface EmbeddedServerOptions {
  port: number;
  host: string;
  /** Where the database, its backups and the install's JWT secret live. */
  dataDir: string;
  migrationsDir: string;
  /** SQL time limit of a request per role, in ms (Supabase: anon 3 s, authenticated 8 s). */
  statementTimeouts: { anon: number; authenticated: number; service_role: number };
  /** Refuse to start with less free disk space than this (bytes). */
  minFreeDiskBytes: number;
  /** Host names (besides localhost and IP addresses) requests may be addressed to; others get 403. */
  allowedHosts?: readonly string[];
  /** Origins besides the app's own whose pages may call the APIs from a browser. */
  corsAllowedOrigins?: readonly string[];
  /** Connections to the database, in all and per user (default 24 and 3). */
  databaseConnections?: { total: number; perOwner: number };
  /** A database to use instead of DATA_DIR's own server (tests: a copy of a migrated template). */
  externalDatabase?: PgConnection;
  /** Where DATA_DIR's own server listens: its private socket (default), or 127.0.0.1 (the benchmarks). */
  databaseListen?: 'socket' | 'tcp';
  /** Where operational messages go (default: console.warn). */
  log?: (message: string) => void;
  distDir: string | null;
  jwtExpiry: number;
  maxRows: number | null;
  /** Storage limits: the largest file, and each user's total (default 50 MB and 1 GB). */
  storage?: { maxFileBytes: number; quotaBytesPerUser: number };
  auth: Omit<AuthOptions, 'db' | 'keys' | 'jwtExpiry'>;
  /** Extra fields for /app-config.json (for example which AI engines are configured). */
  appConfig?: () => Record<string, unknown>;
  /**
   * Builds the /api functions app once the keys are known. `restFetch` reaches this server's own
   * REST API in-process (the /api app calls Postgres functions through it, as on hosted Supabase).
   */
  createApi?: (context: {
    keys: ProjectKeys;
    db: Database;
    restFetch: typeof fetch;
    supabaseUrl: string;
  }) => Hono;
  /** Vite's dev middleware: it gets every request that is not an API path. */
  devMiddleware?: NodeMiddleware;
}

export interface EmbeddedServer {
  url: string;
  port: number;
  db: PostgresDatabase;
  keys: ProjectKeys;
  /** Re-reads tables and functions from pg_catalog, like PostgREST's schema cache reload (NOTIFY pgrst). */
  reloadSchemaCache(): Promise<void>;
  close(): Promise<void>;
}

/** Requests the server makes to itself in-process carry this origin (an address the Host check accepts). */
const internalUrl = 'http://127.0.0.1';

const apiPathPattern = /^\/(auth|rest|storage|realtime|api|embedded)\/|^\/app-config\.json/;

/** Starts the whole embedded backend on one port (docs/wire-formats.md §5). */
export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const log = options.log ?? ((message: string) => console.warn(message));
  const dataDir = await openDataDir(options.dataDir, {
    migrationsDir: options.migrationsDir,
    minFreeBytes: options.minFreeDiskBytes,
    database: {
      statementTimeouts: options.statementTimeouts,
      ...(options.databaseConnections
        ? {
            maxConnections: options.databaseConnections.total,
            maxConnectionsPerOwner: options.databaseConnections.perOwner,
          }
        : {}),
    },
    ...(options.externalDatabase ? { external: options.externalDatabase } : {}),
    ...(options.databaseListen ? { listen: options.databaseListen } : {}),
    log,
  });
  const database = dataDir.db;
  try {
    await prepareSchema(database, {
      dataDir: options.dataDir,
      migrationsDir: options.migrationsDir,
      statementTimeouts: options.statementTimeouts,
      backup: dataDir.server ? (file) => backupDatabase(dataDir, file) : null,
      log,
    });
    await database.reloadTypes();
    const files = await ObjectFiles.open(options.dataDir);
    const swept = await files.sweep((versions) => referencedVersions(database, versions));
    if (swept > 0)
      log(`Removed ${swept} stored files no object points to (an unfinished upload or replaced image).`);
    const keys = await loadProjectKeys(options.dataDir, { newInstall: dataDir.created, log });
    let catalog: Catalog = await loadCatalog(database);
    // The listen address counts as an allowed name when it is one (HOST=myhost.lan).
    const allowedHosts = [options.host, ...(options.allowedHosts ?? [])];
    const corsAllowedOrigins = options.corsAllowedOrigins ?? [];
    // The /api app reaches the REST API through this app itself, without a network hop.
    let self: Hono | null = null;
    const restFetch: typeof fetch = (input, init) => {
      if (!self) return Promise.reject(new Error('The server is not ready yet'));
      return Promise.resolve(self.fetch(new Request(input, init)));
    };
    const app = createHttpApp({
      allowedHosts,
      corsAllowedOrigins,
      db: database,
      keys,
      getCatalog: () => catalog,
      auth: { ...options.auth, jwtExpiry: options.jwtExpiry },
      maxRows: options.maxRows,
      storage: {
        files,
        maxFileBytes: options.storage?.maxFileBytes ?? 50 * 1024 * 1024,
        quotaBytesPerUser: options.storage?.quotaBytesPerUser ?? 1024 * 1024 * 1024,
      },
      distDir: options.devMiddleware ? null : options.distDir,
      appConfig: () => ({
        supabaseUrl: null,
        supabasePublishableKey: keys.publishableKey,
        apiBaseUrl: '/api',
        ...options.appConfig?.(),
      }),
      ...(options.createApi
        ? { api: options.createApi({ keys, db: database, restFetch, supabaseUrl: internalUrl }) }
        : {}),
      admin: createBackupRoute({ opened: dataDir, keys }),
    });
    self = app;
    const honoListener = getRequestListener(eventStreamsAtOnce(app.fetch));
    const dev = options.devMiddleware;
    const server = createServer((req, res) => {
      if (dev && !apiPathPattern.test(req.url ?? '/')) dev(req, res, () => void honoListener(req, res));
      else void honoListener(req, res);
    });
    const realtime = new RealtimeServer(keys);
    server.on('upgrade', (request, socket, head) => {
      // CORS does not cover WebSockets: the same Host and Origin rules are applied here.
      const refusal = refuseUpgrade(request, { allowedHosts, corsAllowedOrigins });
      if (refusal) {
        socket.end(
          `HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Type: text/plain\r\n\r\n${refusal}`,
        );
        return;
      }
      // In development Vite owns the other upgrade paths (its HMR socket).
      if (!realtime.handleUpgrade(request, socket, head) && !dev) socket.destroy();
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'EADDRINUSE'
            ? new Error(
                `Port ${options.port} on ${options.host} is already in use (another npm start, or another program). ` +
                  'Stop that one, or set PORT to another port.',
              )
            : error,
        ),
      );
      server.listen(options.port, options.host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const shownHost = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
    const url = `http://${shownHost}:${port}`;
    await dataDir.lock.setUrl(url);
    let closing: Promise<void> | null = null;
    return {
      url,
      port,
      db: database,
      keys,
      reloadSchemaCache: async () => {
        await database.reloadTypes();
        catalog = await loadCatalog(database);
      },
      close: () => {
        closing ??= (async () => {
          await realtime.close();
          server.closeAllConnections();
          await new Promise<void>((resolve) => server.close(() => resolve()));
          await dataDir.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await dataDir.close().catch(() => {});
    throw error;
  }
}
