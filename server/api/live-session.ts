import { authenticate, authUnavailable, unauthenticated, type VerifiedUser } from './verify-access-token.ts';

/**
 * Whether the session of a signed-in user's access token still exists. A signed-out token keeps a
 * valid signature until it expires, so only the database can say (auth.sessions). Throws when it
 * cannot answer, so the caller says 503 rather than "signed out".
 */
export type SessionCheck = (token: string) => Promise<boolean>;

/**
 * Asks the project's REST API, with the user's own token, through `public.session_is_live()`
 * (supabase/migrations/20261128000300_signed_out_sessions.sql): the same question on hosted
 * Supabase (the Edge Function has PostgREST, not the database) and on the embedded server, which
 * row-level security asks for the writes that plan or publish a post.
 */
export function postgresSessionCheck(backend: {
  supabaseUrl: string;
  publishableKey: string;
  fetch: typeof fetch;
}): SessionCheck {
  return async (token) => {
    const response = await backend.fetch(`${backend.supabaseUrl}/rest/v1/rpc/session_is_live`, {
      method: 'POST',
      headers: {
        apikey: backend.publishableKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    // The database refuses the token itself: not a signed-in user any more.
    if (response.status === 401 || response.status === 403) {
      void response.body?.cancel().catch(() => {});
      return false;
    }
    if (!response.ok) {
      void response.body?.cancel().catch(() => {});
      throw new Error(`session_is_live answered ${response.status}`);
    }
    const live: unknown = await response.json();
    if (typeof live !== 'boolean') throw new Error('session_is_live did not answer true or false');
    return live;
  };
}

/**
 * `authenticate`, and the token's session must still exist: for the routes that act for the user
 * beyond one paid AI call (LinkedIn: connect, publish, disconnect …). The AI routes need not ask:
 * their quota call (consume_ai_quota) refuses an ended session in the same round trip. 401 for an
 * ended session, 503 when the check cannot be made.
 */
export async function authenticateLive(
  request: Request,
  api: { verifyToken: Parameters<typeof authenticate>[1]; sessionIsLive: SessionCheck },
): Promise<VerifiedUser & { token: string }> {
  const user = await authenticate(request, api.verifyToken);
  // A user's token without a session (none that Auth issues) has nothing to end; the database
  // answers the same (session_is_live is true without a session_id).
  if (user.sessionId === null) return user;
  let live: boolean;
  try {
    live = await api.sessionIsLive(user.token);
  } catch {
    throw authUnavailable();
  }
  if (!live) throw unauthenticated();
  return user;
}
