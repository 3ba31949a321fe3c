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

/** What consume_ai_quotas is called with (docs/decisions/027): the server's limits, never the user's. */
export interface QuotaArgs {
  user_id: string;
  session_id: string | null;
  request_limit: number;
  /** The address as addressKey gives it, or null when unknown. */
  client_address: string | null;
  address_limit: number;
  window_seconds: number;
}

/** consume_ai_quotas: the user's budget, and the address's (allowed when no address was given). */
export interface QuotaRow {
  allowed: boolean;
  retry_after_seconds: number;
  address_allowed: boolean;
  address_retry_after_seconds: number;
}

/**
 * Calls consume_ai_quotas; throws `unauthenticated()` for an ended session and
 * `quotaUnavailable()` for anything else that keeps it from answering.
 */
export type QuotaCounter = (args: QuotaArgs) => Promise<QuotaRow>;

/** Who a paid AI call is for: the verified user and their network address. */
export type QuotaCall = VerifiedUser & { clientAddress: string | null };

export interface AiQuota {
  /** Counts one paid AI call for the verified user and their address; throws 429, 401 or 503. */
  take(call: QuotaCall): Promise<void>;
  /**
   * Whether this call is likely refused, from what this process saw: a refusal of the user or
   * the address whose Retry-After has not passed, or no way to count at all. Such a call is
   * counted before the provider is asked (counted-call.ts).
   */
  mayRefuse(call: QuotaCall): boolean;
}

// Refusals remembered at most; beyond it the expired ones are dropped, then the oldest.
const maxRemembered = 10_000;

/** Until when (ms) each user or address key was refused, in this process. */
function refusalMemory(now: () => number) {
  const until = new Map<string, number>();
  return {
    note(key: string, retryAfterSeconds: number) {
      if (until.size >= maxRemembered) {
        for (const [seen, end] of until) if (end <= now()) until.delete(seen);
        if (until.size >= maxRemembered) until.delete(until.keys().next().value as string);
      }
      until.set(key, now() + Math.max(1, retryAfterSeconds) * 1000);
    },
    holds(key: string | null): boolean {
      if (key === null) return false;
      const end = until.get(key);
      if (end === undefined) return false;
      if (end > now()) return true;
      until.delete(key);
      return false;
    },
  };
}

// As long as a signed-out session's access token can still pass its signature check.
const endedSessionMemorySeconds = 3600;

// A household or an office shares one address; a few people at once should not notice the limit.
const defaultAddressMultiple = 2;

/**
 * The budget of the routes that spend the server's provider keys, kept in Postgres
 * (`consume_ai_quotas`, docs/decisions/012 and 025), so it holds across Edge Function isolates,
 * processes and restarts. Per user, and per client address: accounts are free, so a per-user
 * budget alone lets one machine spend as fast as it can sign up. Called with the secret key and
 * this server's limits: a function the user's own token could call would let the browser name its
 * own limit. It also refuses a session that has ended. Both budgets are counted in one call; a
 * request refused by one still counts against the other. Refusals are remembered until their
 * Retry-After, for `mayRefuse`.
 */
export function postgresAiQuota(
  backend: QuotaBackend | QuotaCounter,
  limits: AiQuotaLimits,
  now: () => number = Date.now,
): AiQuota {
  const count = typeof backend === 'function' ? backend : restQuotaCounter(backend);
  const countable = typeof backend === 'function' || backend.secretKey !== null;
  const perAddress = limits.requestsPerAddress ?? limits.requests * defaultAddressMultiple;
  const refusals = refusalMemory(now);
  const userKey = (userId: string) => `user:${userId}`;
  const sessionKey = (sessionId: string) => `session:${sessionId}`;
  const addressKeyOf = (address: string | null) => (address === null ? null : `address:${address}`);
  const addressOf = (clientAddress: string | null) =>
    clientAddress === null ? null : addressKey(clientAddress);

  return {
    mayRefuse({ userId, sessionId, clientAddress }) {
      return (
        !countable ||
        refusals.holds(userKey(userId)) ||
        (sessionId !== null && refusals.holds(sessionKey(sessionId))) ||
        refusals.holds(addressKeyOf(addressOf(clientAddress)))
      );
    },
    async take({ userId, sessionId, clientAddress }) {
      const address = addressOf(clientAddress);
      const row = await count({
        user_id: userId,
        session_id: sessionId,
        request_limit: limits.requests,
        client_address: address,
        address_limit: perAddress,
        window_seconds: limits.windowSeconds,
      }).catch((error: unknown) => {
        // An ended session stays ended: its later calls are counted before any provider call.
        if (error instanceof ApiError && error.status === 401 && sessionId !== null) {
          refusals.note(sessionKey(sessionId), endedSessionMemorySeconds);
        }
        throw error;
      });
      // Without an address, consume_ai_quotas answers the address's budget as allowed.
      const networkKey = addressKeyOf(address);
      if (!row.allowed) refusals.note(userKey(userId), row.retry_after_seconds);
      if (!row.address_allowed && networkKey !== null) {
        refusals.note(networkKey, row.address_retry_after_seconds);
      }
      if (!row.allowed) throw tooManyRequests(row.retry_after_seconds, 'Too many requests.', 'rate_limited');
      if (!row.address_allowed) {
        throw tooManyRequests(
          row.address_retry_after_seconds,
          'Too many requests from your network.',
          'rate_limited_ip',
        );
      }
    },
  };
}

/** consume_ai_quotas through the project's REST API, with the secret key (hosted Supabase). */
export function restQuotaCounter(backend: QuotaBackend): QuotaCounter {
  return (args) => {
    const secretKey = backend.secretKey;
    if (secretKey === null) return Promise.reject(quotaUnavailable());
    return answer(
      backend.fetch(`${backend.supabaseUrl}/rest/v1/rpc/consume_ai_quotas`, {
        method: 'POST',
        headers: {
          apikey: secretKey,
          authorization: `Bearer ${secretKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(args),
      }),
    );
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
  return checkedRow(row);
}

/**
 * consume_ai_quotas' own refusal of an ended session, as a Postgres driver reports it: RAISE
 * SQLSTATE 'PGRST' whose message is PostgREST's JSON error with code session_not_found.
 */
export function endedSessionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code !== 'PGRST' || typeof message !== 'string') return false;
  try {
    return (JSON.parse(message) as { code?: unknown }).code === 'session_not_found';
  } catch {
    return false;
  }
}

/** The row consume_ai_quotas answered, or 503 when it is not one. */
export function checkedRow(row: QuotaRow | undefined): QuotaRow {
  if (!row || typeof row.allowed !== 'boolean' || typeof row.address_allowed !== 'boolean') {
    throw quotaUnavailable();
  }
  return row;
}

export function quotaUnavailable(): ApiError {
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
