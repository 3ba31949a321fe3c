type Env = Record<string, string | undefined>;

/** Where the Supabase CLI's API gateway listens by default ([api] port in config.toml). */
const cliDefaultApiPort = '54321';

/**
 * The `iss` values the function accepts on a user's access token (docs/decisions/019): an
 * allow-list, never "any issuer", all of them still checked against the project's signing keys.
 *
 * - `${SUPABASE_URL}/auth/v1`: what hosted Supabase issues, where the function reaches the project
 *   at the same URL as the browser.
 * - Under the CLI's local stack (`supabase start` + `supabase functions serve`) the function reaches
 *   the gateway at http://kong:8000, inside Docker, while Auth issues tokens for the address the
 *   browser uses: `http://127.0.0.1:<[api] port>/auth/v1` (older CLIs: localhost). The CLI gives the
 *   port as SUPABASE_INTERNAL_HOST_PORT. Only a SUPABASE_URL whose host is `kong` gets these:
 *   hosted projects never do.
 * - `API_JWT_ISSUERS`: a comma-separated list for what neither rule knows, such as `[auth]
 *   jwt_issuer` or `[api] external_url` in config.toml (CLI) or a custom domain. Not `SUPABASE_*`:
 *   the CLI and `supabase secrets set` refuse secrets with that prefix.
 *
 * Problems are pushed onto `problems` (the caller refuses to start, naming them all).
 */
export function tokenIssuers(supabaseUrl: string, env: Env, problems: string[]): string[] {
  const issuers = [`${supabaseUrl}/auth/v1`];
  if (isCliGateway(supabaseUrl)) {
    const port = env.SUPABASE_INTERNAL_HOST_PORT?.trim() || cliDefaultApiPort;
    if (/^\d{1,5}$/.test(port)) {
      issuers.push(`http://127.0.0.1:${port}/auth/v1`, `http://localhost:${port}/auth/v1`);
    } else {
      problems.push('SUPABASE_INTERNAL_HOST_PORT is not a port number');
    }
  }
  const named = (env.API_JWT_ISSUERS ?? '')
    .split(',')
    .map((issuer) => issuer.trim())
    .filter((issuer) => issuer !== '');
  if (named.some((issuer) => !/^https?:\/\/[^\s,/]+(\/\S*)?$/.test(issuer))) {
    problems.push('API_JWT_ISSUERS must list http(s) URLs, separated by commas (each an exact `iss`)');
  } else {
    issuers.push(...named);
  }
  return [...new Set(issuers)];
}

/** The CLI's local stack, as the function sees it: the gateway container `kong`. */
function isCliGateway(supabaseUrl: string): boolean {
  try {
    return new URL(supabaseUrl).hostname === 'kong';
  } catch {
    return false;
  }
}
