import { addressKey } from '../shared/address-key.ts';
import { ApiError } from './api-error.ts';
import { unauthenticated } from './verify-access-token.ts';

export interface AiQuotaLimits {
  /** AI requests allowed per user within the window. */
  requests: number;
  windowSeconds: number;
  /** AI requests allowed per client address within the window; twice `requests` by default. */
  requestsPerAddress?: number | undefined;
}

/** Where the quota lives: the project's REST API (hosted Supabase, or the embedded server in-process). */
export interface QuotaBackend {
  /** The Supabase URL whose `/rest/v1/rpc/…` answers (for the embedded server, any URL its fetch routes). */
  supabaseUrl: string;
  publishableKey: string;
  /** The secret key: the per-address budget is counted with it. Without it only the user's budget applies. */
  secretKey: string | null;
  fetch: typeof fetch;
}

export interface AiQuota {
  /** Counts one paid AI call for the user (with their own token) and their address; throws 429, 401 or 503. */
  take(call: { token: string; clientAddress: string | null }): Promise<void>;
}

// A household or an office shares one address; a few people at once should not notice the limit.
const defaultAddressMultiple = 2;

interface QuotaRow {
  allowed: boolean;
  retry_after_seconds: number;
}

/**
 * The budget of the routes that spend the server's provider keys, kept in Postgres
 * (`consume_ai_quota` / `consume_ai_address_quota`, docs/decisions/012), so it holds across
 * Edge Function isolates, processes and restarts. Per user, and per client address: accounts are
 * free, so a per-user budget alone lets one machine spend as fast as it can sign up. The user's
 * call also refuses a token whose session has ended. Both run at once; a request refused by one
 * budget still counts against the other.
 */
export function postgresAiQuota(backend: QuotaBackend, limits: AiQuotaLimits): AiQuota {
  const rpc = (name: string, key: string, bearer: string, args: Record<string, unknown>) =>
    backend.fetch(`${backend.supabaseUrl}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: key, authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
  const window = { window_seconds: limits.windowSeconds };
  const perAddress = limits.requestsPerAddress ?? limits.requests * defaultAddressMultiple;

  return {
    async take({ token, clientAddress }) {
      const address = clientAddress === null ? null : addressKey(clientAddress);
      const [user, network] = await Promise.all([
        answer(
          rpc('consume_ai_quota', backend.publishableKey, token, {
            request_limit: limits.requests,
            ...window,
          }),
        ),
        address !== null && backend.secretKey !== null
          ? answer(
              rpc('consume_ai_address_quota', backend.secretKey, backend.secretKey, {
                client_address: address,
                request_limit: perAddress,
                ...window,
              }),
            )
          : Promise.resolve(null),
      ]);
      if (!user.allowed)
        throw tooManyRequests(user.retry_after_seconds, 'Too many requests.', 'rate_limited');
      if (network && !network.allowed) {
        throw tooManyRequests(
          network.retry_after_seconds,
          'Too many requests from your network.',
          'rate_limited_ip',
        );
      }
    },
  };
}

async function answer(pending: Promise<Response>): Promise<QuotaRow> {
  let response: Response;
  try {
    response = await pending;
  } catch {
    throw quotaUnavailable();
  }
  // A signed-out session, or a token the database does not accept: not a user any more.
  if (response.status === 401 || response.status === 403) {
    void response.body?.cancel().catch(() => {});
    throw unauthenticated();
  }
  if (!response.ok) {
    void response.body?.cancel().catch(() => {});
    throw quotaUnavailable();
  }
  const rows = (await response.json().catch(() => null)) as QuotaRow[] | null;
  const row = rows?.[0];
  if (!row || typeof row.allowed !== 'boolean') throw quotaUnavailable();
  return row;
}

function quotaUnavailable(): ApiError {
  return new ApiError(
    503,
    'Could not check your usage limit. Please try again.',
    'service_unavailable',
    'quota_unavailable',
  );
}

function tooManyRequests(seconds: number, what: string, code: string): ApiError {
  return new ApiError(429, `${what} Please wait ${seconds} seconds and try again.`, 'rate_limit', code, {
    'retry-after': String(seconds),
  });
}
