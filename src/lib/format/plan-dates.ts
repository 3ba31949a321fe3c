import { browserTimeZone, fromZonedDateTimeLocal, toZonedDateTimeLocal, wallClock } from './time-zone';

/*
 * How publishing shows times, in the app's English, as the wall clock of a time zone: planning's
 * zone (Settings → Schedule, else the browser's) wherever a plan is shown or typed (a plan itself
 * is shown by format-plan-time.ts). Written out by hand rather than with date-fns: these are on the
 * dashboard's first load, where a date library's formatter would weigh more than all of them, and
 * Intl's output varies with the ICU version (a narrow space before "AM"). The zone conversion is
 * time-zone.ts's.
 */
export const monthNames = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
const pad = (value: number) => String(value).padStart(2, '0');

/** "9:05 AM", "12:30 AM", "2:05 PM": a time of day as the app writes it. */
export const formatClock = (hours: number, minutes: number): string =>
  `${hours % 12 || 12}:${pad(minutes)} ${hours < 12 ? 'AM' : 'PM'}`;

/** "9:05 AM": an instant's time of day in `timeZone` (the browser's when none is given). */
export function formatTimeOfDay(date: Date, timeZone: string = browserTimeZone()): string {
  const wall = wallClock(timeZone, date.getTime());
  return formatClock(wall.hour, wall.minute);
}
/** "27 Nov, 2:05 PM": when a post went out, in `timeZone` (the browser's when none is given). */
export function formatDayAndTime(date: Date, timeZone: string = browserTimeZone()): string {
  const wall = wallClock(timeZone, date.getTime());
  return `${wall.day} ${monthNames[wall.month - 1]}, ${formatClock(wall.hour, wall.minute)}`;
}
/** "27 Jan 2027": a day further off, such as when a sign-in ends (the browser's day). */
export const formatDay = (date: Date): string =>
  `${date.getDate()} ${monthNames[date.getMonth()]} ${date.getFullYear()}`;

/** The time zone the browser works in ("Europe/Berlin"); planning uses it when no zone is chosen. */
export const userTimeZone = browserTimeZone;

/** The value an `<input type="datetime-local">` shows for a moment in `timeZone`, to the minute: "2026-11-27T09:00". */
export const toDateTimeLocal = (date: Date, timeZone: string): string => toZonedDateTimeLocal(date, timeZone);

/** The moment a datetime-local value means as a wall-clock time in `timeZone`, or null for anything else. */
export const fromDateTimeLocal = (value: string, timeZone: string): Date | null =>
  fromZonedDateTimeLocal(value, timeZone);
