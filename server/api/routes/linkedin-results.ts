import type { Context } from 'hono';
import type { ApiContext } from '../api-context.ts';
import { ApiError } from '../api-error.ts';
import { requireLinkedIn } from '../linkedin/linkedin-api.ts';
import { LinkedInError } from '../linkedin/linkedin-client.ts';
import { postUrnOf, readPostFigures, resultsDue } from '../linkedin/post-analytics.ts';
import { decryptToken } from '../linkedin/token-cipher.ts';
import { authenticateLive } from '../live-session.ts';
import { requireActiveConnection } from './linkedin-active-connection.ts';

interface ResultsPostRow {
  post_id: string;
  linkedin_post_url: string;
  published_at: string;
  api_read_at: string | null;
}

/** At most this many posts are read per refresh (five calls each): LinkedIn's daily limits are small. */
const maxPostsPerRefresh = 20;

/**
 * POST /linkedin/results/refresh → { read, due, waiting }: reads LinkedIn's figures for the user's
 * posts published through the app that are due (the polite schedule of post-analytics.ts), with
 * their stored LinkedIn token, and stores them (source 'api') in one call. When LinkedIn refuses
 * (403: the operator's app lacks r_member_postAnalytics; 429: too many calls), nothing is stored
 * and the answer says which: the last results stay.
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
    const rows = await linkedin.service.rpc<ResultsPostRow[]>('api_results_posts', { p_user_id: userId });
    const now = new Date();
    const due = rows.filter(
      (row) =>
        postUrnOf(row.linkedin_post_url) !== null &&
        resultsDue(new Date(row.published_at), row.api_read_at ? new Date(row.api_read_at) : null, now),
    );
    const results = [];
    try {
      for (const row of due.slice(0, maxPostsPerRefresh)) {
        const figures = await readPostFigures(
          linkedin.config,
          api.fetch,
          token,
          postUrnOf(row.linkedin_post_url)!,
        );
        const { reactions, comments, reshares } = figures;
        const engagements =
          reactions !== null && comments !== null && reshares !== null
            ? reactions + comments + reshares
            : null;
        results.push({ post_id: row.post_id, ...figures, engagements, read_at: now.toISOString() });
      }
    } catch (error) {
      if (!(error instanceof LinkedInError)) throw error;
      if (error.status === 403 || error.status === 401) {
        throw new ApiError(
          403,
          "LinkedIn's API does not give this app your posts' results (it needs LinkedIn's r_member_postAnalytics permission). Import LinkedIn's analytics export instead; your last results are kept.",
          'service_unavailable',
          'linkedin_analytics_unavailable',
        );
      }
      if (error.status === 429) {
        throw new ApiError(
          429,
          "LinkedIn's API has had too many requests for results today. Try again later; your last results are kept.",
          'rate_limit',
          'linkedin_rate_limited',
        );
      }
      throw new ApiError(
        502,
        `LinkedIn's API did not give your posts' results (${error.status ?? 'no answer'}). Your last results are kept.`,
        'api_error',
        'linkedin_analytics_failed',
      );
    }
    const read = results.length
      ? await linkedin.service.rpc<number>('store_api_post_results', { p_user_id: userId, results })
      : 0;
    return c.json({ read, due: due.length, waiting: rows.length - due.length });
  };
}
