import {
  addCivilDays,
  isTimeZone,
  wallClock,
  wallTimeToInstant,
  zoneOffsetMs,
  type CivilDate,
} from '@/lib/format/time-zone';

export { isTimeZone, wallClock, wallTimeToInstant, zoneOffsetMs, type CivilDate };

/*
 * The posting queue's arithmetic (docs/product.md §9.6), pure and on the platform's Intl API only.
 *
 * A posting time ("slot") is a weekday and a wall-clock time in the author's chosen time zone, so
 * 08:30 Europe/London stays 08:30 across the October and March changes. The database's
 * public.queue_post (supabase/migrations/20261129000400_posting_queue.sql) decides which slot a
 * post takes; this file computes the same slots in the browser to show free ones and to name them.
 * Both read a wall-clock time the way PostgreSQL's `timestamp AT TIME ZONE zone` does (the zone
 * conversion itself is src/lib/format/time-zone.ts, shared with every planned time the app shows):
 * - a time that does not exist (the hour skipped on a spring-forward day: 01:30 in London on the
 *   last Sunday of March) takes the offset in force before the change, so it lands an hour later
 *   (02:30 BST): the post still goes out that morning, at the first moment the clock allows;
 * - a time that happens twice (the hour repeated on a fall-back day) is the second one (the offset
 *   in force after the change).
 */

/** A weekly posting time: ISO weekday (1 = Monday … 7 = Sunday) and "HH:MM" (24-hour). */
export interface WeeklySlot {
  weekday: number;
  time: string;
}

const minuteMs = 60_000;
/** A slot closer than this is skipped: the post would go out before the author could change their mind. */
export const queueLeadMs = 5 * minuteMs;
/** How far ahead the queue looks for a free slot (as the database does). */
export const queueHorizonDays = 5 * 366;

const slotPattern = /^([1-7]) ([01]\d|2[0-3]):([0-5]\d)$/;
const timePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A slot as the database stores it: "2 08:30" (Tuesday 08:30). */
export const slotKey = (slot: WeeklySlot): string => `${slot.weekday} ${slot.time}`;

/** The slot a stored value means, or null for anything else. */
export function parseSlot(value: string): WeeklySlot | null {
  const match = slotPattern.exec(value);
  return match ? { weekday: Number(match[1]), time: `${match[2]}:${match[3]}` } : null;
}

/** Whether a time of day is "HH:MM" (24-hour), as an `<input type="time">` gives it. */
export const isTimeOfDay = (value: string): boolean => timePattern.test(value);

/** Slots in week order (Monday first, then by time), each once. */
export function sortSlots(slots: readonly WeeklySlot[]): WeeklySlot[] {
  const keys = [...new Set(slots.map(slotKey))].sort();
  return keys.map((key) => parseSlot(key)).filter((slot): slot is WeeklySlot => slot !== null);
}

const addDays = addCivilDays;
const isoWeekday = (date: CivilDate) =>
  new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() || 7;

/** Slots grouped by weekday, each day's in time order, as [hour, minute] pairs. */
function byWeekday(slots: readonly WeeklySlot[]): [number, number][][] {
  const days: [number, number][][] = Array.from({ length: 8 }, () => []);
  for (const slot of sortSlots(slots)) {
    const [hour, minute] = slot.time.split(':').map(Number) as [number, number];
    days[slot.weekday]?.push([hour, minute]);
  }
  return days;
}

/**
 * Every slot instant from `from` (inclusive) to `to` (exclusive), in time order: the posting
 * times of the days between, read in the zone.
 */
export function slotsBetween(slots: readonly WeeklySlot[], timeZone: string, from: Date, to: Date): Date[] {
  const week = byWeekday(slots);
  const found: Date[] = [];
  if (slots.length === 0) return found;
  const start = wallClock(timeZone, from.getTime());
  // A day either side: a slot's instant may fall on a neighbouring wall day near the range's edges.
  let day = addDays(start, -1);
  const lastDay = addDays(wallClock(timeZone, to.getTime()), 1);
  const lastKey = Date.UTC(lastDay.year, lastDay.month - 1, lastDay.day);
  while (Date.UTC(day.year, day.month - 1, day.day) <= lastKey) {
    for (const [hour, minute] of week[isoWeekday(day)] ?? []) {
      const instant = wallTimeToInstant(timeZone, day, hour, minute);
      if (instant >= from.getTime() && instant < to.getTime()) found.push(new Date(instant));
    }
    day = addDays(day, 1);
  }
  return found.sort((a, b) => a.getTime() - b.getTime());
}

export interface NextSlotQuery {
  slots: readonly WeeklySlot[];
  timeZone: string;
  now: Date;
  /** Instants (milliseconds) already planned for a post not yet published. */
  taken: ReadonlySet<number>;
}

/**
 * The slot "Add to queue" takes: the first slot at least `queueLeadMs` after now that no planned
 * post holds, or null when there are no slots or every one in the horizon is taken.
 */
export function nextFreeSlot({ slots, timeZone, now, taken }: NextSlotQuery): Date | null {
  if (slots.length === 0) return null;
  const week = byWeekday(slots);
  const earliest = now.getTime() + queueLeadMs;
  let day: CivilDate = wallClock(timeZone, now.getTime());
  let weekday = isoWeekday(day);
  for (let offset = 0; offset <= queueHorizonDays; offset += 1) {
    for (const [hour, minute] of week[weekday] ?? []) {
      const instant = wallTimeToInstant(timeZone, day, hour, minute);
      if (instant > earliest && !taken.has(instant)) return new Date(instant);
    }
    day = addDays(day, 1);
    weekday = (weekday % 7) + 1;
  }
  return null;
}

/** The free slots between two instants: the slots no planned post holds, after now. */
export function freeSlotsBetween(query: NextSlotQuery & { from: Date; to: Date }): Date[] {
  const earliest = query.now.getTime() + queueLeadMs;
  return slotsBetween(query.slots, query.timeZone, query.from, query.to).filter(
    (slot) => slot.getTime() > earliest && !query.taken.has(slot.getTime()),
  );
}

/** The instants that hold a slot: planned posts not yet published. */
export function takenTimes(
  posts: readonly { planned_at: string | null; publish_status: string }[],
): Set<number> {
  const taken = new Set<number>();
  for (const post of posts)
    if (post.planned_at !== null && post.publish_status !== 'published')
      taken.add(Date.parse(post.planned_at));
  return taken;
}
