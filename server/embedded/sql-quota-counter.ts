import {
  checkedRow,
  endedSessionError,
  quotaUnavailable,
  type QuotaCounter,
  type QuotaRow,
} from '../api/ai-quota.ts';
import { unauthenticated } from '../api/verify-access-token.ts';
import type { Database } from './db/database.ts';

/**
 * consume_ai_quotas in the embedded server's own PostgreSQL, one statement on its pool: the same
 * function, limits and answers as through REST (restQuotaCounter, which hosted Supabase uses),
 * without an HTTP request, a role switch and a transaction of its own in front of every paid AI
 * call (docs/decisions/027). The function is SECURITY DEFINER and executable by the secret key's
 * role alone; the pool's owner role may call it as the /api functions would with that key.
 */
export function sqlQuotaCounter(db: Database): QuotaCounter {
  return async (args) => {
    let row: QuotaRow | undefined;
    try {
      const result = await db.query<QuotaRow>(
        'select * from public.consume_ai_quotas($1::uuid, $2::uuid, $3::integer, $4::text, $5::integer, $6::integer)',
        [
          args.user_id,
          args.session_id,
          args.request_limit,
          args.client_address,
          args.address_limit,
          args.window_seconds,
        ],
        // One round trip: a statement of its own (no transaction around it to carry a time
        // limit); it waits at most for the same budget's other calls, each one row update.
        { owner: `user:${args.user_id}` },
      );
      row = result.rows[0];
    } catch (error) {
      throw endedSessionError(error) ? unauthenticated() : quotaUnavailable();
    }
    return checkedRow(row);
  };
}
