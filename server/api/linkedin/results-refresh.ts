import { LinkedInError } from './linkedin-client.ts';
import type { LinkedInConfig } from './linkedin-config.ts';
import { postUrnOf, readPostFigures, resultsDue } from './post-analytics.ts';
import type { ServiceClient } from './service-backend.ts';
import { decryptToken } from './token-cipher.ts';

interface ResultsPostRow {
  post_id: string;
  linkedin_post_url: string;
  published_at: string;
  api_read_at: string | null;
}

/** How a member's refresh ended: every due post read (or as many as allowed), or why it stopped. */
export type MemberRefreshStop =
  /** LinkedIn refused the token post analytics (403, or 401): remembered until the member connects again. */
  | { kind: 'refused'; status: number }
  /** LinkedIn's 429: remembered until `until`. */
  | { kind: 'rate-limited'; until: Date }
  /** Any other failure of LinkedIn's (its status, or null when no answer came). */
  | { kind: 'failed'; status: number | null }
  /** The caller's time ran out (its signal aborted) before every due post was read. */
  | { kind: 'out-of-time' };

export interface MemberRefresh {
  /** Posts whose figures were stored. */
  read: number;
  /** Posts due by the polite schedule (post-analytics.ts), read or not. */
  due: number;
  /** Posts published through the app that are not due yet. */
  waiting: number;
  /** Why it stopped before reading every post it could; null when it did not. */
  stopped: MemberRefreshStop | null;
}

/** At most this many posts are read per member and refresh (five calls each): LinkedIn's daily limits are small. */
export const maxPostsPerMemberRefresh = 20;
/**
 * After LinkedIn's 429 a member is left alone for its Retry-After, or an hour without one, and
 * never less than 15 minutes (its limits are counted per day).
 */
const defaultPauseSeconds = 3600;
const minPauseSeconds = 900;

/**
 * Reading a member's post results from LinkedIn's API (issue 28, docs/decisions/028), shared by
 * "Refresh from LinkedIn" (routes/linkedin-results.ts) and the background refresh after each
 * scheduled publishing run (refreshDue below).
 */
export function postResultsRefresher(options: {
  config: LinkedInConfig;
  service: ServiceClient;
  fetch: typeof fetch;
  now?: () => Date;
}) {
  const { config, service } = options;
  const now = options.now ?? (() => new Date());

  /**
   * Reads the due posts' figures (the polite schedule, at most `maxPosts`) of one member with their
   * decrypted token, and stores what was read in one call (source 'api'), also when LinkedIn stops
   * it part-way: those figures were read and are not asked for again. LinkedIn's 403/401 and 429
   * are remembered with the connection (note_results_refresh), and a read that gets through clears
   * them. Throws only when our own database fails.
   */
  async function refreshMember(
    userId: string,
    token: string,
    limits: { maxPosts?: number; signal?: AbortSignal } = {},
  ): Promise<MemberRefresh> {
    const rows = await service.rpc<ResultsPostRow[]>('api_results_posts', { p_user_id: userId });
    const at = now();
    const due = rows.filter(
      (row) =>
        postUrnOf(row.linkedin_post_url) !== null &&
        resultsDue(new Date(row.published_at), row.api_read_at ? new Date(row.api_read_at) : null, at),
    );
    const results = [];
    let stopped: MemberRefreshStop | null = null;
    for (const row of due.slice(0, limits.maxPosts ?? maxPostsPerMemberRefresh)) {
      if (limits.signal?.aborted) {
        stopped = { kind: 'out-of-time' };
        break;
      }
      try {
        const figures = await readPostFigures(
          config,
          options.fetch,
          token,
          postUrnOf(row.linkedin_post_url)!,
          limits.signal,
        );
        const { reactions, comments, reshares } = figures;
        const engagements =
          reactions !== null && comments !== null && reshares !== null
            ? reactions + comments + reshares
            : null;
        results.push({ post_id: row.post_id, ...figures, engagements, read_at: at.toISOString() });
      } catch (error) {
        if (!(error instanceof LinkedInError)) throw error;
        stopped = stopOf(error, limits.signal);
        break;
      }
    }
    const read = results.length
      ? await service.rpc<number>('store_api_post_results', { p_user_id: userId, results })
      : 0;
    if (stopped?.kind === 'refused') {
      await service.rpc('note_results_refresh', { p_user_id: userId, p_outcome: 'refused' });
    } else if (stopped?.kind === 'rate-limited') {
      await service.rpc('note_results_refresh', {
        p_user_id: userId,
        p_outcome: 'rate-limited',
        p_until: stopped.until.toISOString(),
      });
    } else if (results.length > 0) {
      await service.rpc('note_results_refresh', { p_user_id: userId, p_outcome: 'read' });
    }
    return { read, due: due.length, waiting: rows.length - due.length, stopped };
  }

  function stopOf(error: LinkedInError, signal: AbortSignal | undefined): MemberRefreshStop {
    if (error.status === 403 || error.status === 401) return { kind: 'refused', status: error.status };
    if (error.status === 429) {
      const seconds = Math.max(error.retryAfterSeconds ?? defaultPauseSeconds, minPauseSeconds);
      return { kind: 'rate-limited', until: new Date(now().getTime() + seconds * 1000) };
    }
    if (error.status === null && signal?.aborted) return { kind: 'out-of-time' };
    return { kind: 'failed', status: error.status };
  }

  /**
   * The background refresh, run after each scheduled publishing run: takes members one at a time
   * (take_results_refresh_member: a live connection carrying r_member_postAnalytics, not refused,
   * not paused, not taken within `memberGapSeconds`) and reads their due posts, within the limits:
   * at most `maxMembers` members and `maxPosts` posts in all, and `budgetMs` of time (an unfinished
   * read is aborted). A 429 ends the run (LinkedIn's limits may be the app's, not only the
   * member's); a 403 or any other failure stops that member only. Never throws: a fault of our own
   * database ends the run, and is logged without any token.
   */
  async function refreshDue(limits: {
    maxMembers: number;
    maxPosts: number;
    budgetMs: number;
    memberGapSeconds: number;
    log: (message: string) => void;
  }): Promise<BackgroundRefresh> {
    const outcome: BackgroundRefresh = { members: 0, read: 0, refused: 0, rateLimited: false };
    const signal = AbortSignal.timeout(limits.budgetMs);
    try {
      while (outcome.members < limits.maxMembers && outcome.read < limits.maxPosts && !signal.aborted) {
        const [member] = await service.rpc<{ user_id: string; access_token: string }[]>(
          'take_results_refresh_member',
          { min_gap_seconds: limits.memberGapSeconds },
        );
        if (!member) break;
        outcome.members += 1;
        const token = await decryptToken(config.tokenKey, member.user_id, member.access_token);
        // A token that no longer decrypts (the key changed): the member's next connection fixes it.
        if (token === null) continue;
        const refreshed = await refreshMember(member.user_id, token, {
          maxPosts: limits.maxPosts - outcome.read,
          signal,
        });
        outcome.read += refreshed.read;
        if (refreshed.stopped?.kind === 'refused') outcome.refused += 1;
        if (refreshed.stopped?.kind === 'rate-limited') {
          outcome.rateLimited = true;
          break;
        }
      }
    } catch (error) {
      limits.log(
        `Reading post results in the background stopped: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return outcome;
  }

  return { refreshMember, refreshDue };
}

/** What one background refresh did (in the publish-due answer). */
export interface BackgroundRefresh {
  /** Members taken. */
  members: number;
  /** Posts whose figures were stored. */
  read: number;
  /** Members LinkedIn refused post analytics (403/401), now left alone until they connect again. */
  refused: number;
  /** Whether LinkedIn said 429, which ended the run. */
  rateLimited: boolean;
}

export type PostResultsRefresher = ReturnType<typeof postResultsRefresher>;
