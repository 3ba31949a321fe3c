import { addDays, addHours, format, isBefore, startOfDay, startOfHour } from 'date-fns';
import { formatPlanTime } from '@/lib/format/format-plan-time';
import type { Post } from '@/entities/post/post';

export const pastDayMessage = 'Pick today or a later day to plan a post.';

export type MoveDecision =
  | { kind: 'refused'; message: string }
  /** The post is already planned for exactly that time: nothing to save. */
  | { kind: 'unchanged' }
  /** `passed` is the wanted time when it had already gone by today (the plan is the next full hour). */
  | { kind: 'planned'; plannedAt: Date; passed: Date | null };

type Placed = Pick<Post, 'calendar_at' | 'planned_at'>;

/** Local midnight of the day `days` after the post's calendar day (the keyboard's target). */
export function dayAfter(post: Pick<Post, 'calendar_at'>, days: number): Date {
  return addDays(startOfDay(new Date(post.calendar_at)), days);
}

/**
 * The new plan for a post put on `day` (local time): that day at the post's current time of day.
 * A day before today is refused; today at a time already gone becomes the next full hour, so a
 * moved post is never due in the past (the publisher would post it at once).
 */
export function decideMove(post: Placed, day: Date, now: Date): MoveDecision {
  if (isBefore(startOfDay(day), startOfDay(now))) return { kind: 'refused', message: pastDayMessage };
  const current = new Date(post.calendar_at);
  const wanted = new Date(day);
  wanted.setHours(current.getHours(), current.getMinutes(), 0, 0);
  const passed = wanted.getTime() <= now.getTime();
  const plannedAt = passed ? addHours(startOfHour(now), 1) : wanted;
  if (post.planned_at !== null && Date.parse(post.planned_at) === plannedAt.getTime())
    return { kind: 'unchanged' };
  return { kind: 'planned', plannedAt, passed: passed ? wanted : null };
}

export const passedTimeMessage = 'That time has already passed. Pick a later time to plan the post.';

/**
 * The new plan for a post moved to an exact moment ("Move to…"): a time already come is refused
 * (the publisher would post it at once), the time it is already planned for changes nothing.
 */
export function decideMoveTo(post: Pick<Post, 'planned_at'>, at: Date, now: Date): MoveDecision {
  if (at.getTime() <= now.getTime()) return { kind: 'refused', message: passedTimeMessage };
  if (post.planned_at !== null && Date.parse(post.planned_at) === at.getTime()) return { kind: 'unchanged' };
  return { kind: 'planned', plannedAt: at, passed: null };
}

const named = (topic: string) => `“${topic || 'Untitled post'}”`;

/** What a saved move says, e.g. "Moved “Launch recap” to Fri 27 Nov, 9:00 AM." */
export function movedMessage(topic: string, plannedAt: Date, passed: Date | null): string {
  const moved = `Moved ${named(topic)} to ${formatPlanTime(plannedAt)}`;
  return passed
    ? `${moved}, the next full hour, because ${format(passed, 'p')} has already passed today.`
    : `${moved}.`;
}

/** What an undone move says: back to its old time, or a draft again when it had none. */
export function undoneMessage(topic: string, previous: string | null): string {
  return previous === null
    ? `${named(topic)} is a draft again.`
    : `Moved ${named(topic)} back to ${formatPlanTime(new Date(previous))}.`;
}
