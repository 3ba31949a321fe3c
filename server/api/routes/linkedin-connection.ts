import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiContext } from '../api-context.ts';
import { ApiError } from '../api-error.ts';
import { LinkedInError, linkedinClient } from '../linkedin/linkedin-client.ts';
import { linkedinScopesOf } from '../linkedin/linkedin-config.ts';
import { requireLinkedIn, type LinkedInContext } from '../linkedin/linkedin-api.ts';
import type { StoredConnection } from '../linkedin/publisher.ts';
import { sha256Hex, toBase64Url } from '../linkedin/encoding.ts';
import { encryptToken } from '../linkedin/token-cipher.ts';
import { readJsonBody } from '../read-json-body.ts';
import { authenticateLive } from '../live-session.ts';

/** What the browser learns about the user's LinkedIn: never the token. */
export interface LinkedInStatus {
  configured: boolean;
  /** Variables the server owner still has to set (names only). */
  missing: string[];
  connection: { name: string; connectedAt: string; expiresAt: string; needsReconnect: boolean } | null;
}

function statusOf(connection: StoredConnection | null): LinkedInStatus['connection'] {
  if (!connection) return null;
  return {
    name: connection.member_name,
    connectedAt: connection.connected_at,
    expiresAt: connection.expires_at,
    needsReconnect: connection.status !== 'active' || Date.parse(connection.expires_at) <= Date.now(),
  };
}

async function currentStatus(linkedin: LinkedInContext, userId: string): Promise<LinkedInStatus> {
  return {
    configured: true,
    missing: [],
    connection: statusOf(await linkedin.publisher.connectionOf(userId)),
  };
}

/** GET /linkedin/status */
export function linkedinStatus(api: ApiContext) {
  return async (c: Context): Promise<Response> => {
    const { userId } = await authenticateLive(c.req.raw, api);
    c.header('cache-control', 'no-store');
    const linkedin = api.linkedin.ready;
    if (!linkedin) return c.json({ configured: false, missing: api.linkedin.missing, connection: null });
    return c.json(await currentStatus(linkedin, userId));
  };
}

/**
 * POST /linkedin/connect → { url }: the LinkedIn sign-in page to send the browser to. Its `state`
 * is stored (hashed) for this user and this session, for ten minutes, to be used once.
 */
export function linkedinConnect(api: ApiContext) {
  return async (c: Context): Promise<Response> => {
    const { userId, sessionId } = await authenticateLive(c.req.raw, api);
    const linkedin = requireLinkedIn(api.linkedin);
    const state = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
    await linkedin.service.rpc('linkedin_begin_connect', {
      p_user_id: userId,
      p_session_id: sessionId,
      p_state_hash: await sha256Hex(state),
    });
    c.header('cache-control', 'no-store');
    return c.json({
      url: linkedinClient(linkedin.config, api.fetch).authorizeUrl(state, linkedinScopesOf(linkedin.config)),
    });
  };
}

const callbackBody = z.object({
  state: z.string().min(1).max(200),
  code: z.string().min(1).max(2000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/**
 * POST /linkedin/callback {state, code | error}: what LinkedIn sent the browser back with, posted by
 * the signed-in app. The state must be this session's and unused; then the code is exchanged, the
 * member read, and the token stored encrypted.
 */
export function linkedinCallback(api: ApiContext) {
  return async (c: Context): Promise<Response> => {
    const { userId, sessionId } = await authenticateLive(c.req.raw, api);
    const linkedin = requireLinkedIn(api.linkedin);
    const body = await readJsonBody(c.req.raw, callbackBody, 8 * 1024);
    const fresh = await linkedin.service.rpc<boolean>('linkedin_take_state', {
      p_state_hash: await sha256Hex(body.state),
      p_user_id: userId,
      p_session_id: sessionId,
    });
    if (!fresh) {
      throw new ApiError(
        400,
        'This LinkedIn sign-in was not started here, has expired or was already used. Start again with Connect LinkedIn.',
        'invalid_request_error',
        'linkedin_state_invalid',
      );
    }
    if (body.error || !body.code) {
      throw new ApiError(
        400,
        body.error === 'user_cancelled_authorize' || body.error === 'user_cancelled_login'
          ? 'You cancelled the LinkedIn sign-in, so LinkedIn is not connected.'
          : `LinkedIn did not connect: ${body.error_description ?? body.error ?? 'no sign-in code came back'}.`,
        'invalid_request_error',
        'linkedin_denied',
      );
    }
    const client = linkedinClient(linkedin.config, api.fetch);
    try {
      const token = await client.exchangeCode(body.code);
      const member = await client.member(token.accessToken);
      await linkedin.service.rpc('linkedin_save_connection', {
        p_user_id: userId,
        p_member_id: member.sub,
        p_member_name: member.name,
        p_access_token: await encryptToken(linkedin.config.tokenKey, userId, token.accessToken),
        p_scopes: token.scopes,
        p_expires_at: new Date(Date.now() + token.expiresInSeconds * 1000).toISOString(),
      });
    } catch (error) {
      if (!(error instanceof LinkedInError)) throw error;
      throw new ApiError(
        502,
        `LinkedIn did not complete the sign-in (${error.message}). Try Connect LinkedIn again.`,
        'api_error',
        'linkedin_exchange_failed',
      );
    }
    return c.json(await currentStatus(linkedin, userId));
  };
}

/** DELETE /linkedin/connection: forgets the token. Planned posts stay planned (they remind instead). */
export function linkedinDisconnect(api: ApiContext) {
  return async (c: Context): Promise<Response> => {
    const { userId } = await authenticateLive(c.req.raw, api);
    const linkedin = requireLinkedIn(api.linkedin);
    await linkedin.service.rpc('linkedin_disconnect', { p_user_id: userId });
    return c.json(await currentStatus(linkedin, userId));
  };
}
