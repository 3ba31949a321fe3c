import { readServerEnv } from '../server/config/server-env.ts';
import { startEmbeddedServer, type EmbeddedServer } from '../server/embedded/start-embedded-server.ts';
import { migrationsDir } from './paths.ts';

const megabyte = 1024 * 1024;

/**
 * The embedded backend in-process, as `npm start` opens it: its PostgreSQL cluster on disk in
 * `dataDir` (durable: fsync and synchronous_commit on), with npm start's default limits and pool
 * (DB_CONNECTIONS in all, DB_CONNECTIONS_PER_USER per user; server/config/server-env.ts).
 * With `databaseOnTcp`, its PostgreSQL listens on 127.0.0.1 (for an Edge Function under Deno).
 * Only the auth rate limits never bite (many sign-ups from one address), and no SPA is served.
 */
export async function startDurableServer(
  dataDir: string,
  options: { databaseOnTcp?: boolean } = {},
): Promise<EmbeddedServer> {
  const env = readServerEnv({});
  return startEmbeddedServer({
    ...(options.databaseOnTcp ? { databaseListen: 'tcp' as const } : {}),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    migrationsDir,
    statementTimeouts: {
      anon: env.STATEMENT_TIMEOUT_ANON_MS,
      authenticated: env.STATEMENT_TIMEOUT_MS,
      service_role: env.STATEMENT_TIMEOUT_MS,
    },
    minFreeDiskBytes: env.MIN_FREE_DISK_MB * megabyte,
    databaseConnections: { total: env.DB_CONNECTIONS, perOwner: env.DB_CONNECTIONS_PER_USER },
    distDir: null,
    jwtExpiry: env.JWT_EXPIRY,
    maxRows: env.MAX_ROWS,
    auth: {
      passwordMinLength: env.AUTH_PASSWORD_MIN_LENGTH,
      tokenRateLimit: 1_000_000,
      signupRateLimit: 1_000_000,
      rateLimitBurst: 100_000,
      rateLimitHeader: null,
      refreshTokenReuseInterval: env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL,
      passwordHashConcurrency: env.AUTH_PASSWORD_HASH_CONCURRENCY,
    },
  });
}
