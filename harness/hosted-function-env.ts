import type { ProjectKeys } from '../server/embedded/keys/project-keys.ts';
import type { PgConnection } from '../server/embedded/postgres/postgres-server.ts';

/** Provider keys the function is given: test strings the fake providers accept, and look for. */
export const edgeProviderKeys = {
  GROQ_API_KEY: 'gsk_edge_test_key',
  ANTHROPIC_API_KEY: 'sk-ant-edge-test-key',
  PERPLEXITY_API_KEY: 'pplx-edge-test-key',
  YOUTUBE_API_KEY: 'yt-edge-test-key',
};

/**
 * The environment hosted Supabase gives the `api` function (docs/decisions/011), with the embedded
 * server standing in for the project: its URL, its publishable and secret keys as named-key JSON,
 * its JWKS inline; plus the provider keys and base URLs that `supabase secrets set` would add,
 * pointing at the fake providers. Tests drop or change entries to see what the function does then.
 */
export function hostedFunctionEnv(
  project: {
    url: string;
    keys: Pick<ProjectKeys, 'publishableKey' | 'secretKey' | 'jwks'>;
    db?: { connection: PgConnection };
  },
  providersUrl: string,
  limits: { requests: number; requestsPerAddress: number },
): Record<string, string> {
  return {
    SUPABASE_URL: project.url,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: project.keys.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: project.keys.secretKey }),
    SUPABASE_JWKS: JSON.stringify(project.keys.jwks),
    ...databaseUrlOf(project.db?.connection),
    ...edgeProviderKeys,
    GROQ_BASE_URL: providersUrl,
    ANTHROPIC_BASE_URL: providersUrl,
    PERPLEXITY_BASE_URL: providersUrl,
    YOUTUBE_BASE_URL: providersUrl,
    API_RATE_LIMIT_REQUESTS: String(limits.requests),
    API_RATE_LIMIT_REQUESTS_PER_IP: String(limits.requestsPerAddress),
    API_RATE_LIMIT_WINDOW_SECONDS: '60',
    // As behind Supabase's gateway, which sets X-Forwarded-For; lets a test act as one network.
    API_TRUST_FORWARDED_FOR: 'true',
  };
}

/**
 * SUPABASE_DB_URL, which hosted Supabase gives every function: the project's database as a URL,
 * when it listens on TCP (the function may reach 127.0.0.1 only, not a Unix socket).
 */
function databaseUrlOf(connection: PgConnection | undefined): { SUPABASE_DB_URL?: string } {
  if (!connection || connection.host.startsWith('/')) return {};
  const user = encodeURIComponent(connection.user);
  const password = encodeURIComponent(connection.password);
  const database = encodeURIComponent(connection.database);
  return {
    SUPABASE_DB_URL: `postgres://${user}:${password}@${connection.host}:${connection.port}/${database}`,
  };
}
