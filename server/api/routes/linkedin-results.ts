import type { Context } from 'hono';
import type { ApiContext } from '../api-context.ts';
import { ApiError } from '../api-error.ts';
import { requireLinkedIn } from '../linkedin/linkedin-api.ts';
import { decryptToken } from '../linkedin/token-cipher.ts';
import { authenticateLive } from '../live-session.ts';
import { requireActiveConnection } from './linkedin-active-connection.ts';

/**
 * POST /linkedin/results/refresh → { read, due, waiting }: reads LinkedIn's figures for the user's
 * posts published through the app that are due (the polite schedule of post-analytics.ts), with
 * their stored LinkedIn token, and stores them (source 'api'): the same per-member refresh the
 * background runs after scheduled publishing (results-refresh.ts). When LinkedIn refuses (403: the
 * operator's app lacks r_member_postAnalytics; 429: too many calls), the answer says which, the
 * last results stay, and the refusal is remembered with the connection, so the background refresh
 * leaves the member alone too.
 */
export function linkedinResultsRefresh(api: ApiContext) {
  return async (c: Context): Promise<Response> => {
    const { userId } = await authenticateLive(c.req.raw, api);
    const linkedin = requireLinkedIn(api.linkedin);
    const connection = await requireActiveConnection(linkedin, userId);
    const token = await decryptToken(linkedin.config.tokenKey, userId, connection.access_token);
    if (token === null) {
      throw new ApiError(
        409,
        'Reconnect LinkedIn in Settings.',
        'invalid_request_error',
        'linkedin_reconnect',
      );
    }
    const { read, due, waiting, stopped } = await linkedin.results.refreshMember(userId, token);
    if (stopped?.kind === 'refused') {
      throw new ApiError(
        403,
        "LinkedIn's API does not give this app your posts' results (it needs LinkedIn's r_member_postAnalytics permission). Import LinkedIn's analytics export instead; your last results are kept.",
        'service_unavailable',
        'linkedin_analytics_unavailable',
      );
    }
    if (stopped?.kind === 'rate-limited') {
      throw new ApiError(
        429,
        "LinkedIn's API has had too many requests for results today. Try again later; your last results are kept.",
        'rate_limit',
        'linkedin_rate_limited',
      );
    }
    if (stopped) {
      const status = stopped.kind === 'failed' ? stopped.status : null;
      throw new ApiError(
        502,
        `LinkedIn's API did not give your posts' results (${status ?? 'no answer'}). Your last results are kept.`,
        'api_error',
        'linkedin_analytics_failed',
      );
    }
    return c.json({ read, due, waiting });
  };
}
