import type { Context } from 'hono';
import { findUserById } from './accounts.ts';
import type { AuthServices } from './auth-services.ts';
import { GoTrueError } from './gotrue-error.ts';
import { consumeFlowState, findFlowStateByAuthCode, verifierMatches } from './pkce.ts';
import { readJsonBody, stringField } from './request-body.ts';

/** GoTrue's minimum (and default) FLOW_STATE_EXPIRY_DURATION. */
const defaultFlowStateExpirySeconds = 300;

// Auth codes are UUIDs; anything else cannot match and is not looked up.
const authCodeFormat = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () =>
  new GoTrueError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');

/**
 * POST /token?grant_type=pkce (GoTrue's PKCE grant, token.go): exchanges the auth code from a
 * confirmation link, with the verifier the browser kept, for a session. As in GoTrue: a wrong
 * verifier is 400 `bad_code_verifier` and leaves the code usable; a code used once is gone (404
 * `flow_state_not_found`); past the flow state's lifetime, counted from the sign-up as GoTrue
 * counts it for `email/signup`, it is 422 `flow_state_expired`.
 */
export async function pkceGrant(c: Context, auth: AuthServices): Promise<Record<string, unknown>> {
  const body = await readJsonBody(c);
  const authCode = stringField(body, 'auth_code');
  const codeVerifier = stringField(body, 'code_verifier');
  if (authCode === '' || codeVerifier === '') {
    throw new GoTrueError(
      400,
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  if (!authCodeFormat.test(authCode)) throw notFound();
  const flowState = await findFlowStateByAuthCode(auth.db, authCode);
  // A code /verify has not handed out yet cannot be known to anyone; it is refused like a wrong one.
  if (!flowState?.user_id || !flowState.auth_code_issued_at) throw notFound();
  const expiryMs = (auth.options.flowStateExpiry ?? defaultFlowStateExpirySeconds) * 1000;
  if (flowState.created_at.getTime() + expiryMs < auth.now()) {
    throw new GoTrueError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  }
  const user = await findUserById(auth.db, flowState.user_id);
  if (!user) throw notFound();
  if (!verifierMatches(flowState.code_challenge, flowState.code_challenge_method, codeVerifier)) {
    throw new GoTrueError(
      400,
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    );
  }
  // Claimed before the session is issued, so two exchanges of one code cannot both succeed.
  if (!(await consumeFlowState(auth.db, flowState.id))) throw notFound();
  return auth.newSession(c, user);
}
