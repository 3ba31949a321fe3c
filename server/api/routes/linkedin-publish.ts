import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiContext } from '../api-context.ts';
import { ApiError } from '../api-error.ts';
import { requireLinkedIn } from '../linkedin/linkedin-api.ts';
import { isProjectKey } from '../linkedin/project-key.ts';
import type { PublishedPostRow } from '../linkedin/published-post-row.ts';
import { readJsonBody } from '../read-json-body.ts';
import { authenticateLive } from '../live-session.ts';
import { requireActiveConnection } from './linkedin-active-connection.ts';

const publishBody = z.object({ postId: z.string().uuid() });

/**
 * POST /linkedin/publish {postId} → { post }: publishes the user's post now (also "Retry"). The
 * answer is the post as stored afterwards: published with its link, scheduled for another try,
 * or failed with the reason. Refused before anything changes when LinkedIn is not connected.
 */
export function linkedinPublish(api: ApiContext) {
  return async (c: Context): Promise<Response> => {
    const { userId } = await authenticateLive(c.req.raw, api);
    const linkedin = requireLinkedIn(api.linkedin);
    const { postId } = await readJsonBody(c.req.raw, publishBody, 4 * 1024);
    await requireActiveConnection(linkedin, userId);
    const [claimed] = await linkedin.service.rpc<PublishedPostRow[]>('claim_post_for_publishing', {
      p_user_id: userId,
      p_post_id: postId,
    });
    if (!claimed) {
      throw new ApiError(
        409,
        'This post is already published or on its way to LinkedIn (or it was deleted). Reload to see it.',
        'invalid_request_error',
        'post_not_publishable',
      );
    }
    return c.json({ post: await linkedin.publisher.publishClaimed(claimed) });
  };
}

const dueBody = z.object({ stale_after_seconds: z.number().int().min(0).max(86_400).optional() });

/**
 * The background refresh of post results after each publishing run: a few members and posts per
 * run, within its own time (LinkedIn's daily limits are small, and pg_cron's call waits 55 s).
 */
export const backgroundResultsLimits = {
  maxMembers: 5,
  maxPosts: 20,
  budgetMs: 20_000,
  /** A member is taken at most once an hour (a post's shortest gap between two reads is 4 hours). */
  memberGapSeconds: 3600,
  /** No refresh when publishing took longer than this, and none past `runDeadlineMs` into the run. */
  startBeforeMs: 30_000,
  runDeadlineMs: 45_000,
} as const;

/**
 * POST /linkedin/publish-due: publishes every post whose time has come, then reads due post results
 * from LinkedIn in the background (results-refresh.ts). Called every minute by the embedded
 * server's timer, and by pg_cron + pg_net on hosted Supabase, with any of the project's secret keys
 * (supabase/schedule-publishing.sql). Each run that gets through is recorded, so the app can tell
 * its users when the schedule stops reaching the server (a refused call cannot be). Publishing
 * always comes first and its outcome stands whatever the refresh does; the refresh has its own
 * time budget and is skipped when publishing took most of the run.
 */
export function linkedinPublishDue(api: ApiContext) {
  return async (c: Context): Promise<Response> => {
    const started = Date.now();
    const linkedin = requireLinkedIn(api.linkedin);
    const presented =
      c.req.header('apikey') ?? /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (!(await isProjectKey(presented, linkedin.scheduleKeys))) {
      throw new ApiError(
        401,
        'Only the project itself runs due posts.',
        'authentication_error',
        'invalid_token',
      );
    }
    const text = await c.req.raw.clone().text();
    const body = text.trim() ? await readJsonBody(c.req.raw, dueBody, 1024) : {};
    const outcome = await linkedin.publisher.publishDue(
      body.stale_after_seconds ?? linkedin.staleAfterSeconds,
    );
    await linkedin.service.rpc('record_scheduled_publishing_run', {});
    const limits = backgroundResultsLimits;
    const elapsed = Date.now() - started;
    const results =
      elapsed < limits.startBeforeMs
        ? await linkedin.results.refreshDue({
            ...limits,
            budgetMs: Math.min(limits.budgetMs, limits.runDeadlineMs - elapsed),
            log: (message) => console.error(message),
          })
        : null;
    return c.json({ ...outcome, results });
  };
}
