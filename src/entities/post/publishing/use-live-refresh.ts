import { useEffect, useEffectEvent, useState } from 'react';
import type { Post } from '@/entities/post/post';

/** How often the page reloads while a post is about to go out or going out. */
export const liveRefreshMs = 10_000;
/** A scheduled post this close to its time (or past it) is watched. */
export const dueSoonMs = 2 * 60_000;
/**
 * A post still scheduled this long after its time is waiting for its author (LinkedIn not connected,
 * or to reconnect), not for the publisher, which runs every minute: it is not watched.
 */
export const overdueMs = 10 * 60_000;
/** The longest wait before looking again for a post coming due (a sleeping laptop may miss a timer). */
const longestWaitMs = 10 * 60_000;

type Watched = Pick<
  Post,
  'publish_status' | 'planned_at' | 'next_attempt_at' | 'publish_error_kind' | 'first_comment_status'
>;

/** When a scheduled post is next due: its retry time after a passing failure, else its plan. */
function dueAt(post: Watched): number | null {
  if (post.publish_status !== 'scheduled') return null;
  const due = post.next_attempt_at ?? post.planned_at;
  return due === null ? null : Date.parse(due);
}

/**
 * Whether the server may change the post any moment: it is going out (or its first comment is), or
 * due within two minutes (and not long overdue, nor waiting for LinkedIn to be reconnected).
 */
export function isLive(post: Watched, now: number): boolean {
  if (post.publish_status === 'publishing' || post.first_comment_status === 'sending') return true;
  const due = dueAt(post);
  if (due === null || post.publish_error_kind === 'reconnect') return false;
  return due - now <= dueSoonMs && now - due <= overdueMs;
}

/** Milliseconds until the first scheduled post becomes live, or null if none will. */
export function untilLive(posts: readonly Watched[], now: number): number | null {
  const waits = posts.flatMap((post) => {
    const due = dueAt(post);
    return due === null || due <= now || post.publish_error_kind === 'reconnect'
      ? []
      : [due - dueSoonMs - now];
  });
  return waits.length > 0 ? Math.max(0, Math.min(...waits)) : null;
}

/**
 * Calls `refresh` every 10 seconds while any of `posts` is live (see isLive), so a post the server
 * publishes turns "Published" without a reload; stops when none is, and on unmount. While nothing
 * is live it only sets one timer, for when the next scheduled post comes within two minutes. It
 * also refreshes when the page is shown again: another tab (or device) may have moved, published
 * or edited a post meanwhile, and the last change is the one to see.
 */
export function useLiveRefresh(posts: readonly Watched[], clock: () => Date, refresh: () => void) {
  const [wakes, setWakes] = useState(0);
  // Re-plan when a status or a time changes, not when a refresh brings back equal rows.
  const signature = posts
    .map(
      (post) =>
        `${post.publish_status}/${post.first_comment_status}@${post.next_attempt_at ?? post.planned_at}`,
    )
    .join();
  const onTick = useEffectEvent(refresh);
  const plan = useEffectEvent(() => {
    const now = clock().getTime();
    return posts.some((post) => isLive(post, now)) ? 'poll' : untilLive(posts, now);
  });

  useEffect(() => {
    const onShown = () => {
      if (document.visibilityState === 'visible') onTick();
    };
    document.addEventListener('visibilitychange', onShown);
    return () => document.removeEventListener('visibilitychange', onShown);
  }, []);

  useEffect(() => {
    const next = plan();
    if (next === 'poll') {
      const timer = setInterval(() => onTick(), liveRefreshMs);
      return () => clearInterval(timer);
    }
    if (next === null) return;
    const timer = setTimeout(() => setWakes((count) => count + 1), Math.min(next, longestWaitMs));
    return () => clearTimeout(timer);
  }, [signature, wakes]);
}
