import { formatPlanTime } from '@/lib/format/format-plan-time';
import { formatTimeOfDay } from '@/lib/format/plan-dates';
import { addCivilDays, civilKey, wallClock, wallTimeToInstant, zoneDay } from '@/lib/format/time-zone';
import type { Post } from '@/entities/post/post';
import { civilOf, dateOfCivil } from './month-grid';

export const pastDayMessage = 'Pick today or a later day to plan a post.';

export type MoveDecision =
  | { kind: 'refused'; message: string }
  /** The post is already planned for exactly that time: nothing to save. */
  | { kind: 'unchanged' }
  /** `passed` is the wanted time when it had already gone by today (the plan is the next full hour). */
  | { kind: 'planned'; plannedAt: Date; passed: Date | null };

type Placed = Pick<Post, 'calendar_at' | 'planned_at'>;

const hourMs = 3_600_000;

/**
 * The grid day (a calendar date, see month-grid.ts) `days` after the post's calendar day in
 * planning's zone (the keyboard's target).
 */
export function dayAfter(post: Pick<Post, 'calendar_at'>, days: number, timeZone: string): Date {
  return dateOfCivil(addCivilDays(zoneDay(new Date(post.calendar_at), timeZone), days));
}

/** The next full hour on the zone's wall clock (10:30 → 11:00; in a zone with a :30 offset too). */
function nextFullHour(now: Date, timeZone: string): Date {
  const wall = wallClock(timeZone, now.getTime());
  const intoHour = (wall.minute * 60 + wall.second) * 1000 + now.getUTCMilliseconds();
  return new Date(now.getTime() - intoHour + hourMs);
}

/**
 * The new plan for a post put on `day` (a calendar date in planning's zone): that day at the
 * post's current wall-clock time in the zone, so a move across a daylight-saving change keeps
 * 9:15 at 9:15. A day before today is refused; today at a time already gone becomes the next
 * full hour, so a moved post is never due in the past (the publisher would post it at once).
 */
export function decideMove(post: Placed, day: Date, now: Date, timeZone: string): MoveDecision {
  const target = civilOf(day);
  if (civilKey(target) < civilKey(zoneDay(now, timeZone)))
    return { kind: 'refused', message: pastDayMessage };
  const current = wallClock(timeZone, Date.parse(post.calendar_at));
  const wanted = new Date(wallTimeToInstant(timeZone, target, current.hour, current.minute));
  const passed = wanted.getTime() <= now.getTime();
  const plannedAt = passed ? nextFullHour(now, timeZone) : wanted;
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

/** What a saved move says, in planning's zone, e.g. "Moved “Launch recap” to Fri 27 Nov, 9:00 AM." */
export function movedMessage(topic: string, plannedAt: Date, passed: Date | null, timeZone: string): string {
  const moved = `Moved ${named(topic)} to ${formatPlanTime(plannedAt, timeZone)}`;
  return passed
    ? `${moved}, the next full hour, because ${formatTimeOfDay(passed, timeZone)} has already passed today.`
    : `${moved}.`;
}

/** What an undone move says: back to its old time, or a draft again when it had none. */
export function undoneMessage(topic: string, previous: string | null, timeZone: string): string {
  return previous === null
    ? `${named(topic)} is a draft again.`
    : `Moved ${named(topic)} back to ${formatPlanTime(new Date(previous), timeZone)}.`;
}
