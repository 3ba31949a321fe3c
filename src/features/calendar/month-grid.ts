import { addDays, eachDayOfInterval, endOfMonth, endOfWeek, format, isValid, startOfWeek } from 'date-fns';

/**
 * Calendar arithmetic for the month view, all in the browser's local time zone: a post belongs to
 * the local day of its `calendar_at` (published, else planned, else created), and a month runs from local midnight of the 1st to local
 * midnight of the next month's 1st. Everything goes through date-fns, which steps days by calendar
 * date rather than by 24 hours, so daylight-saving changes never skip or repeat a day.
 */

export interface MonthGridDay {
  date: Date;
  /** False for the leading and trailing days borrowed from the adjacent months. */
  inMonth: boolean;
}

export interface MonthRange {
  /** Local midnight of the 1st (inclusive). */
  from: Date;
  /** Local midnight of the next month's 1st (exclusive). */
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

/** The key of a local calendar day, e.g. "2026-11-05". */
export function dayKey(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** [from, to) of a month in local time; `monthIndex` is 0-based like `Date#getMonth`. */
export function monthRange(year: number, monthIndex: number): MonthRange {
  return { from: localDate(year, monthIndex, 1), to: localDate(year, monthIndex + 1, 1) };
}

/**
 * [from, to) of the days the month grid shows: local midnight of the Sunday that starts its first
 * week to local midnight after the Saturday that ends its last, so the leading and trailing days of
 * the adjacent months show their posts too.
 */
export function gridRange(year: number, monthIndex: number): MonthRange {
  const first = localDate(year, monthIndex, 1);
  const last = endOfWeek(endOfMonth(first), weekOptions);
  const to = addDays(last, 1);
  to.setHours(0, 0, 0, 0);
  return { from: startOfWeek(first, weekOptions), to };
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

/** Items grouped by the local day of `calendar_at` (see `dayKey`), each day in time order. */
export function groupPostsByDay<T extends { calendar_at: string }>(items: readonly T[]): Map<string, T[]> {
  const byDay = new Map<string, T[]>();
  for (const item of items) {
    const at = new Date(item.calendar_at);
    if (!isValid(at)) continue;
    const key = dayKey(at);
    const day = byDay.get(key);
    if (day) day.push(item);
    else byDay.set(key, [item]);
  }
  for (const day of byDay.values()) {
    day.sort((a, b) => Date.parse(a.calendar_at) - Date.parse(b.calendar_at));
  }
  return byDay;
}
