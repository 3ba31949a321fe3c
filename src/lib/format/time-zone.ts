/*
 * The one module that converts between instants and wall-clock times in a named time zone
 * (IANA: "Europe/London"), on the platform's Intl API only: no zone data ships with the app.
 *
 * Planning shows and reads every time in the zone chosen in Settings → Schedule (the browser's
 * when none is chosen), so the queue's slots (src/entities/post/queue/slot-math.ts), the calendar,
 * the "Planned for" and "Move to…" fields and the planned times all agree. A wall-clock time is
 * read the way PostgreSQL's `timestamp AT TIME ZONE zone` reads it, so the browser and the
 * database's queue name the same instant:
 * - a time that does not exist (the hour skipped on a spring-forward day: 01:30 in London on the
 *   last Sunday of March) takes the offset in force before the change, so it lands an hour later
 *   (02:30 BST);
 * - a time that happens twice (the hour repeated on a fall-back day) is the second one (the offset
 *   in force after the change).
 */

const dayMs = 86_400_000;

/** The time zone the browser works in ("Europe/Berlin"): planning's zone when none is chosen. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the platform knows a time zone name ("Europe/London"); false for anything else. */
export function isTimeZone(timeZone: string): boolean {
  if (timeZone.trim() === '' || timeZone !== timeZone.trim()) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** "12/1/2026, 08:30:00", as formatterFor's formatter writes a moment (en-US, 24-hour). */
const formatted = /^(\d{1,2})\/(\d{1,2})\/(\d{4}),? (\d{1,2}):(\d{2}):(\d{2})$/;

/**
 * How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. Read from the
 * formatted string (five times faster than formatToParts, which the queue's search calls often),
 * with formatToParts as the fallback should a platform write it differently.
 */
export function zoneOffsetMs(timeZone: string, instant: number): number {
  const formatter = formatterFor(timeZone);
  const match = formatted.exec(formatter.format(instant));
  let wall: number;
  if (match) {
    const [, month, day, year, hour, minute, second] = match.map(Number) as number[];
    wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  } else {
    const fields: Record<string, number> = {};
    for (const part of formatter.formatToParts(instant))
      if (part.type !== 'literal') fields[part.type] = Number(part.value);
    wall = Date.UTC(
      fields.year ?? 1970,
      (fields.month ?? 1) - 1,
      fields.day ?? 1,
      fields.hour ?? 0,
      fields.minute ?? 0,
      fields.second ?? 0,
    );
  }
  return wall - Math.floor(instant / 1000) * 1000;
}

/** A civil date (no time zone): a day of the calendar. */
export interface CivilDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

/** The wall-clock date and time of an instant in a zone. */
export function wallClock(timeZone: string, instant: number) {
  const shifted = new Date(instant + zoneOffsetMs(timeZone, instant));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
    /** ISO weekday, 1 = Monday … 7 = Sunday. */
    weekday: shifted.getUTCDay() || 7,
  };
}

/**
 * The instant a wall-clock time in a zone means, read as PostgreSQL reads it (see the top of this
 * file): a skipped time takes the offset before the change, a repeated time the offset after it.
 */
export function wallTimeToInstant(
  timeZone: string,
  date: CivilDate,
  hour: number,
  minute: number,
  second = 0,
): number {
  const local = Date.UTC(date.year, date.month - 1, date.day, hour, minute, second);
  // No zone changes offset twice within a day, so the offsets half a day either side bracket it.
  const before = zoneOffsetMs(timeZone, local - dayMs / 2);
  const after = zoneOffsetMs(timeZone, local + dayMs / 2);
  if (before === after) return local - before;
  const earlier = local - before;
  const later = local - after;
  const fits = (instant: number, offset: number) => zoneOffsetMs(timeZone, instant) === offset;
  const beforeFits = fits(earlier, before);
  const afterFits = fits(later, after);
  if (beforeFits && afterFits) return Math.max(earlier, later); // repeated: the second one
  if (afterFits) return later;
  // Either the time exists only with the earlier offset, or not at all (skipped): PostgreSQL uses
  // the offset in force before the change in both cases.
  return earlier;
}

/** The civil date `days` after `date` (negative: before). */
export function addCivilDays(date: CivilDate, days: number): CivilDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** The day an instant falls on in a zone. */
export function zoneDay(date: Date, timeZone: string): CivilDate {
  const { year, month, day } = wallClock(timeZone, date.getTime());
  return { year, month, day };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** "2026-11-05": the key of a civil date, ordered as the dates are. */
export const civilKey = (date: CivilDate): string =>
  `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;

/** The key of the day an instant falls on in a zone ("2026-11-05"). */
export const zoneDayKey = (date: Date, timeZone: string): string => civilKey(zoneDay(date, timeZone));

/** The first moment of a day in a zone (midnight, or the first moment after it on a day that skips it). */
export const startOfZoneDay = (date: CivilDate, timeZone: string): Date =>
  new Date(wallTimeToInstant(timeZone, date, 0, 0));

/** The value an `<input type="datetime-local">` shows for an instant in a zone, to the minute: "2026-11-27T09:00". */
export function toZonedDateTimeLocal(date: Date, timeZone: string): string {
  const wall = wallClock(timeZone, date.getTime());
  return `${civilKey(wall)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** "2026-11-27T09:00", seconds and milliseconds optional; hours 00–23, minutes and seconds 00–59. */
const dateTimeLocal = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,3}))?)?$/;

/**
 * The instant a datetime-local value means as a wall-clock time in a zone, or null for anything
 * else (empty, partial, with an offset, or a date or time that does not exist on any calendar).
 */
export function fromZonedDateTimeLocal(value: string, timeZone: string): Date | null {
  const match = dateTimeLocal.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second, fraction] = match
    .slice(1)
    .map((part, index) => Number(index === 6 ? (part ?? '').padEnd(3, '0') : (part ?? 0))) as number[];
  const date = { year: year!, month: month!, day: day! };
  // 30 February and the like: the calendar moves them on to another date.
  if (civilKey(addCivilDays(date, 0)) !== civilKey(date)) return null;
  return new Date(wallTimeToInstant(timeZone, date, hour!, minute!, second!) + fraction!);
}
