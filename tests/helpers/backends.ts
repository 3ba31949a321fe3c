import { afterAll, beforeAll } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { startRealPostgresServer } from './real-postgres-server.ts';
import { signedInClient, startTestServer, supabaseClient } from './test-server.ts';

export type Backend = Pick<EmbeddedServer, 'url' | 'keys' | 'close'> & {
  /** The database as its superuser, for a test to set what no API may (e.g. the age of a claim). */
  db: { query(sql: string, params?: unknown[]): Promise<unknown> };
};

/**
 * The two layouts a policy test runs on: the embedded server's own database, and the same auth,
 * REST and Storage code on a database laid out as a hosted project (migrations applied as the
 * non-superuser postgres). supabase-js must get the same answers from both.
 */
export const backends: { name: string; start: () => Promise<Backend> }[] = [
  { name: 'embedded', start: () => startTestServer() },
  { name: 'real PostgreSQL', start: () => startRealPostgresServer() },
];

export interface Party {
  client: SupabaseClient;
  id: string;
}

/** A started backend with two signed-in users (the owner of what is tested, and a stranger) and a client without a session. */
export async function startWithParties(
  start: () => Promise<Backend>,
): Promise<{ server: Backend; owner: Party; stranger: Party; anon: SupabaseClient }> {
  const server = await start();
  const [a, b] = [await signedInClient(server), await signedInClient(server)];
  return {
    server,
    owner: { client: a.client, id: a.user.id },
    stranger: { client: b.client, id: b.user.id },
    anon: supabaseClient(server),
  };
}

/**
 * startWithParties() for the tests of the enclosing describe: started before them, closed after.
 * Read the parties from the returned object inside tests (they exist once beforeAll has run).
 */
export function useParties(start: () => Promise<Backend>): Awaited<ReturnType<typeof startWithParties>> {
  const parties = {} as Awaited<ReturnType<typeof startWithParties>>;
  beforeAll(async () => {
    Object.assign(parties, await startWithParties(start));
  });
  afterAll(() => parties.server.close());
  return parties;
}
