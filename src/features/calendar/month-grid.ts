import { eachDayOfInterval, endOfMonth, endOfWeek, format, isValid, startOfWeek } from 'date-fns';
import { startOfZoneDay, zoneDay, zoneDayKey, type CivilDate } from '@/lib/format/time-zone';

/**
 * Calendar arithmetic for the month view, in planning's time zone (Settings → Schedule, else the
 * browser's): a post belongs to the day of its `calendar_at` (published, else planned, else
 * created) on that zone's wall clock, and a month runs from that zone's midnight of the 1st to its
 * midnight of the next month's 1st.
 *
 * The grid's days are calendar dates, carried as `Date`s at the browser's local midnight of that
 * date (date-fns lays them out, stepping by calendar date rather than by 24 hours, so
 * daylight-saving changes never skip or repeat a day); `civilOf` reads one back as a date, and
 * time-zone.ts turns dates into instants in the zone.
 */

export interface MonthGridDay {
  date: Date;
  /** False for the leading and trailing days borrowed from the adjacent months. */
  inMonth: boolean;
}

export interface MonthRange {
  /** The zone's midnight of the 1st (inclusive). */
  from: Date;
  /** The zone's midnight of the next month's 1st (exclusive). */
  to: Date;
}

const weekOptions = { weekStartsOn: 0 } as const;

/** Local midnight of a calendar date; unlike `new Date(y, m, d)` it keeps years 0–99 as written. */
export function localDate(year: number, monthIndex: number, day: number): Date {
  const date = new Date(0);
  date.setFullYear(year, monthIndex, day);
  date.setHours(0, 0, 0, 0);
  return date;
}

/** The key of a grid day (a calendar date at local midnight), e.g. "2026-11-05". */
export function dayKey(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** The calendar date a grid day carries. */
export const civilOf = (date: Date): CivilDate => ({
  year: date.getFullYear(),
  month: date.getMonth() + 1,
  day: date.getDate(),
});

/** A calendar date as the grid carries it (local midnight of that date). */
export const dateOfCivil = ({ year, month, day }: CivilDate): Date => localDate(year, month - 1, day);

/** The grid day an instant falls on in `timeZone` (local midnight of that date). */
export const zoneGridDay = (date: Date, timeZone: string): Date => dateOfCivil(zoneDay(date, timeZone));

/** [from, to) of a month in `timeZone`; `monthIndex` is 0-based like `Date#getMonth`. */
export function monthRange(year: number, monthIndex: number, timeZone: string): MonthRange {
  return {
    from: startOfZoneDay(civilOf(localDate(year, monthIndex, 1)), timeZone),
    to: startOfZoneDay(civilOf(localDate(year, monthIndex + 1, 1)), timeZone),
  };
}

/**
 * [from, to) of the days the month grid shows, in `timeZone`: midnight of the Sunday that starts
 * its first week to midnight after the Saturday that ends its last, so the leading and trailing
 * days of the adjacent months show their posts too.
 */
export function gridRange(year: number, monthIndex: number, timeZone: string): MonthRange {
  const first = localDate(year, monthIndex, 1);
  const last = civilOf(endOfWeek(endOfMonth(first), weekOptions));
  const after = localDate(last.year, last.month - 1, last.day + 1);
  return {
    from: startOfZoneDay(civilOf(startOfWeek(first, weekOptions)), timeZone),
    to: startOfZoneDay(civilOf(after), timeZone),
  };
}

/** Whether a moment falls in [from, to). */
export const inRange = (date: Date, { from, to }: MonthRange): boolean =>
  date.getTime() >= from.getTime() && date.getTime() < to.getTime();

/** The weeks (Sunday first) that cover a month: 4, 5 or 6 rows of 7 days, padded with adjacent days. */
export function buildMonthGrid(year: number, monthIndex: number): MonthGridDay[][] {
  const first = localDate(year, monthIndex, 1);
  const days = eachDayOfInterval({
    start: startOfWeek(first, weekOptions),
    end: endOfWeek(endOfMonth(first), weekOptions),
  });
  const weeks: MonthGridDay[][] = [];
  for (let index = 0; index < days.length; index += 7) {
    weeks.push(
      days.slice(index, index + 7).map((date) => ({ date, inMonth: date.getMonth() === first.getMonth() })),
    );
  }
  return weeks;
}

/** Items whose calendar day (`calendar_at`) falls in [from, to); unparsable timestamps are dropped. */
export function filterByRange<T extends { calendar_at: string }>(
  items: readonly T[],
  { from, to }: MonthRange,
): T[] {
  return items.filter((item) => {
    const time = new Date(item.calendar_at).getTime();
    return time >= from.getTime() && time < to.getTime();
  });
}

/** Items grouped by the day of `calendar_at` in `timeZone` (keys as `dayKey`), each day in time order. */
export function groupPostsByDay<T extends { calendar_at: string }>(
  items: readonly T[],
  timeZone: string,
): Map<string, T[]> {
  const byDay = new Map<string, T[]>();
  for (const item of items) {
    const at = new Date(item.calendar_at);
    if (!isValid(at)) continue;
    const key = zoneDayKey(at, timeZone);
    const day = byDay.get(key);
    if (day) day.push(item);
    else byDay.set(key, [item]);
  }
  for (const day of byDay.values()) {
    day.sort((a, b) => Date.parse(a.calendar_at) - Date.parse(b.calendar_at));
  }
  return byDay;
}
