import { readFile } from 'node:fs/promises';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import WebSocket from 'ws';
import { startEmbeddedServer, type EmbeddedServer, type EmbeddedServerOptions } from '../../server/embedded/start-embedded-server.ts';
import { migrationsDir } from './database-template.ts';

let templateBlob: Promise<Blob> | null = null;

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

/** Starts the embedded backend in-process on a free port, on an in-memory copy of the migrated template. */
export async function startTestServer(overrides: Partial<EmbeddedServerOptions> = {}): Promise<EmbeddedServer> {
  templateBlob ??= readFile(inject('databaseTemplate')).then((bytes) => new Blob([bytes]));
  return startEmbeddedServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: null,
    loadDataDir: await templateBlob,
    migrationsDir,
    distDir: null,
    jwtExpiry: 3600,
    maxRows: 1000,
    auth: testAuthOptions,
    ...overrides,
  });
}

/** A real, unmodified supabase-js client for Node (realtime needs a WebSocket class on Node 20). */
export function supabaseClient(server: Pick<EmbeddedServer, 'url' | 'keys'>, key = server.keys.anonKey): SupabaseClient {
  return createClient(server.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

let counter = 0;

/** Signs a fresh user up and returns a client holding their session. */
export async function signedInClient(server: EmbeddedServer, password = 'correct horse battery') {
  counter += 1;
  const email = `user${counter}-${Date.now()}@example.com`;
  const client = supabaseClient(server);
  const { data, error } = await client.auth.signUp({ email, password });
  if (error || !data.user || !data.session) throw new Error(`sign-up failed: ${error?.message}`);
  return { client, user: data.user, session: data.session, email, password };
}
