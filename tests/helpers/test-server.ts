import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../src/lib/supabase/database.types.ts';
import { inject } from 'vitest';
import WebSocket from 'ws';
import {
  startEmbeddedServer,
  type EmbeddedServer,
  type EmbeddedServerOptions,
} from '../../server/embedded/start-embedded-server.ts';
import { loadProjectKeys } from '../../server/embedded/keys/project-keys.ts';
import { copyOfTemplate, migrationsDir } from './database-template.ts';

/** A fresh data directory with its own keys (as a new install); its database is a copy of the template. */
export async function copyTemplateDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'embedded-test-'));
  await loadProjectKeys(dataDir, { newInstall: true, log: () => {} });
  return dataDir;
}

/** The test database of a data directory made by copyTemplateDataDir (created on first use). */
export function templateCopyFor(dataDir: string): ReturnType<typeof copyOfTemplate> {
  return copyOfTemplate(inject('embeddedPostgres'), path.basename(dataDir).toLowerCase());
}

/** Every test file signs many users up from 127.0.0.1: limits that never bite, unless a test sets its own. */
export const testAuthOptions: EmbeddedServerOptions['auth'] = {
  passwordMinLength: 8,
  tokenRateLimit: 1_000_000,
  signupRateLimit: 1_000_000,
  rateLimitBurst: 100_000,
  rateLimitHeader: null,
  refreshTokenReuseInterval: 10,
  passwordHashConcurrency: 2,
};

/** What every test server has: a free port of 127.0.0.1, no SPA, hosted Supabase's time limits. */
function testServerOptions(dataDir: string): EmbeddedServerOptions {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    migrationsDir,
    distDir: null,
    jwtExpiry: 3600,
    maxRows: 1000,
    statementTimeouts: { anon: 3000, authenticated: 8000, service_role: 8000 },
    minFreeDiskBytes: 0,
    auth: testAuthOptions,
  };
}

/**
 * Starts the embedded backend in-process on a free port, on a copy of the migrated template
 * database on the test run's PostgreSQL server; close() removes both. With `dataDir` given, the
 * same data directory reaches the same database again (a restart).
 */
export async function startTestServer(
  overrides: Partial<EmbeddedServerOptions> = {},
): Promise<EmbeddedServer> {
  const dataDir = overrides.dataDir ?? (await copyTemplateDataDir());
  const database = overrides.externalDatabase ? null : await templateCopyFor(dataDir);
  const server = await startEmbeddedServer({
    ...testServerOptions(dataDir),
    ...(database ? { externalDatabase: database.connection } : {}),
    ...overrides,
  });
  if (overrides.dataDir) return server;
  return {
    ...server,
    close: async () => {
      await server.close();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the embedded backend as `npm start` does, with its own PostgreSQL server in `dataDir`
 * (initdb on first start, durable commits), for tests of the data directory itself. The caller
 * closes it and removes the folder.
 */
export function startServerWithOwnDatabase(
  dataDir: string,
  overrides: Partial<EmbeddedServerOptions> = {},
): Promise<EmbeddedServer> {
  return startEmbeddedServer({ ...testServerOptions(dataDir), log: () => {}, ...overrides });
}

/** A real, unmodified supabase-js client for Node (realtime needs a WebSocket class on Node 20). */
export function supabaseClient(
  server: Pick<EmbeddedServer, 'url' | 'keys'>,
  key = server.keys.publishableKey,
): SupabaseClient<Database> {
  return createClient<Database>(server.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

let counter = 0;

/** Signs a fresh user up and returns a client holding their session. */
export async function signedInClient(
  server: Pick<EmbeddedServer, 'url' | 'keys'>,
  password = 'correct horse battery',
) {
  counter += 1;
  const email = `user${counter}-${Date.now()}@example.com`;
  const client = supabaseClient(server);
  const { data, error } = await client.auth.signUp({ email, password });
  if (error || !data.user || !data.session) throw new Error(`sign-up failed: ${error?.message}`);
  return { client, user: data.user, session: data.session, email, password };
}
