import { addressKey } from '../cross-runtime/address-key.ts';
import { ApiError } from './api-error.ts';
import { unauthenticated, type VerifiedUser } from './verify-access-token.ts';

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
  /**
   * The secret key: both budgets are counted with it, since only the server may name a limit.
   * Without it (a hosted project missing SUPABASE_SECRET_KEYS) every paid call answers 503: better
   * than spending the provider keys unmetered.
   */
  secretKey: string | null;
  fetch: typeof fetch;
}

export interface AiQuota {
  /** Counts one paid AI call for the verified user and their address; throws 429, 401 or 503. */
  take(call: VerifiedUser & { clientAddress: string | null }): Promise<void>;
}

// A household or an office shares one address; a few people at once should not notice the limit.
const defaultAddressMultiple = 2;

interface QuotaRow {
  allowed: boolean;
  retry_after_seconds: number;
}

/**
 * The budget of the routes that spend the server's provider keys, kept in Postgres
 * (`consume_ai_user_quota` / `consume_ai_address_quota`, docs/decisions/012), so it holds across
 * Edge Function isolates, processes and restarts. Per user, and per client address: accounts are
 * free, so a per-user budget alone lets one machine spend as fast as it can sign up. Both are
 * called with the secret key and this server's limits: a function the user's own token could call
 * would let the browser name its own limit. The user's call also refuses a session that has ended.
 * Both run at once; a request refused by one budget still counts against the other.
 */
export function postgresAiQuota(backend: QuotaBackend, limits: AiQuotaLimits): AiQuota {
  const perAddress = limits.requestsPerAddress ?? limits.requests * defaultAddressMultiple;

  return {
    async take({ userId, sessionId, clientAddress }) {
      const secretKey = backend.secretKey;
      if (secretKey === null) throw quotaUnavailable();
      const rpc = (name: string, args: Record<string, unknown>) =>
        answer(
          backend.fetch(`${backend.supabaseUrl}/rest/v1/rpc/${name}`, {
            method: 'POST',
            headers: {
              apikey: secretKey,
              authorization: `Bearer ${secretKey}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ ...args, window_seconds: limits.windowSeconds }),
          }),
        );
      const address = clientAddress === null ? null : addressKey(clientAddress);
      const [user, network] = await Promise.all([
        rpc('consume_ai_user_quota', {
          user_id: userId,
          session_id: sessionId,
          request_limit: limits.requests,
        }),
        address === null
          ? Promise.resolve(null)
          : rpc('consume_ai_address_quota', { client_address: address, request_limit: perAddress }),
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
  // A signed-out session: not a user any more. Any other refusal (a wrong secret key, a missing
  // grant) is the server's own problem, not a reason to sign the user out.
  if (response.status === 401) {
    const error = (await response.json().catch(() => null)) as { code?: unknown } | null;
    throw error?.code === 'session_not_found' ? unauthenticated() : quotaUnavailable();
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
