import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Hono } from 'hono';
import WebSocket from 'ws';
import { loadCatalog } from '../../../server/embedded/rest/catalog.ts';
import { createRestRoutes, type RestOptions } from '../../../server/embedded/rest/rest-routes.ts';
import type { EmbeddedServer } from '../../../server/embedded/start-embedded-server.ts';

/**
 * supabase-js signed in as `token`, against REST routes built with non-default options on the
 * server's own database, in-process through supabase-js's `fetch` option.
 */
export async function restClientWithOptions(
  server: EmbeddedServer,
  token: string,
  options: Partial<RestOptions>,
): Promise<SupabaseClient> {
  const catalog = await loadCatalog(server.db);
  const app = new Hono().route(
    '/rest/v1',
    createRestRoutes({
      db: server.db,
      keys: server.keys,
      getCatalog: () => catalog,
      maxRows: 1000,
      maxBodyBytes: 1024 * 1024,
      ...options,
    }),
  );
  return createClient('http://127.0.0.1:1', server.keys.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    global: {
      headers: { Authorization: `Bearer ${token}` },
      fetch: async (input, init) => app.fetch(new Request(input, init)),
    },
  });
}
