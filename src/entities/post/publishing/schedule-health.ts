import type { Post } from '@/entities/post/post';

/**
 * How late a planned post may be, with no scheduled run reaching the server in that time, before
 * the app calls scheduled publishing broken. The hosted schedule runs every minute (and the
 * embedded timer every PUBLISH_INTERVAL_SECONDS, 60 by default), so five quiet minutes are not chance.
 */
export const scheduleGraceMs = 5 * 60_000;

/** When a scheduled post should have gone out: its retry time if it has one, else its plan. */
const dueAt = (post: Post): number | null => {
  const at = post.next_attempt_at ?? post.planned_at;
  return at === null ? null : Date.parse(at);
};

/**
 * Whether scheduled publishing is failing: a scheduled post is more than the grace late and no run
 * has reached the server within it (a run refused for a wrong key is never recorded, so silence is
 * the sign). Returns how long the silence has lasted (null: never a run), or false.
 */
export function scheduleSilence(
  posts: readonly Post[],
  lastRunAt: string | null,
  now: number,
): { sinceMs: number | null } | false {
  const late = posts.some((post) => {
    const due = post.publish_status === 'scheduled' ? dueAt(post) : null;
    return due !== null && now - due > scheduleGraceMs;
  });
  if (!late) return false;
  const lastRun = lastRunAt === null ? null : Date.parse(lastRunAt);
  if (lastRun !== null && now - lastRun <= scheduleGraceMs) return false;
  return { sinceMs: lastRun === null ? null : now - lastRun };
}

const span = (ms: number): string => {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 120) return `${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} hours`;
  return `${Math.floor(hours / 24)} days`;
};

/** The notice, in words: what is wrong, what it means for the posts, and where to look. */
export function scheduleFailingMessage(sinceMs: number | null): string {
  const silence =
    sinceMs === null
      ? 'no scheduled run has reached the server yet'
      : `no scheduled run has reached the server in ${span(sinceMs)}`;
  return (
    `Scheduled publishing is failing: ${silence}, so planned posts are not going out to LinkedIn. ` +
    'Check the schedule (supabase/schedule-publishing.sql) and its secret key.'
  );
}
