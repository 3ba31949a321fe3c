/*
 * How publishing shows times, always in the user's own time zone, in the app's English (a plan
 * itself is shown by format-plan-time.ts). Written out by hand rather than with date-fns: these
 * are on the dashboard's first load, where a date library's formatter would weigh more than all
 * of them, and Intl's output varies with the ICU version (a narrow space before "AM").
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

/** "9:05 AM", "12:30 AM", "2:05 PM". */
export function formatTimeOfDay(date: Date): string {
  const hours = date.getHours();
  return `${hours % 12 || 12}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}
/** "27 Nov, 2:05 PM": when a post went out. */
export const formatDayAndTime = (date: Date): string =>
  `${date.getDate()} ${monthNames[date.getMonth()]}, ${formatTimeOfDay(date)}`;
/** "27 Jan 2027": a day further off, such as when a sign-in ends. */
export const formatDay = (date: Date): string =>
  `${date.getDate()} ${monthNames[date.getMonth()]} ${date.getFullYear()}`;

/** The time zone the browser works in ("Europe/Berlin"): every planned time is read in it. */
export const userTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The value an `<input type="datetime-local">` shows for a moment, to the minute: "2026-11-27T09:00". */
export const toDateTimeLocal = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

const dateTimeLocal = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/** The moment a datetime-local value means in the user's time zone, or null for anything else. */
export function fromDateTimeLocal(value: string): Date | null {
  if (!dateTimeLocal.test(value)) return null;
  // A date-time without an offset is local time (ECMAScript's date time string format).
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
