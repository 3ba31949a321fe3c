import { format } from 'date-fns';

/**
 * How publishing shows times, always in the user's own time zone (a plan itself is shown by
 * format-plan-time.ts): "27 Nov, 9:00 AM" for when a post went out, "9:05 AM" for a time later today.
 */
export const formatDayAndTime = (date: Date): string => format(date, 'd MMM, p');
export const formatTimeOfDay = (date: Date): string => format(date, 'p');
/** "27 Jan 2027": a day further off, such as when a sign-in ends. */
export const formatDay = (date: Date): string => format(date, 'd MMM yyyy');

/** The time zone the browser works in ("Europe/Berlin"): every planned time is read in it. */
export const userTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The value an `<input type="datetime-local">` shows for a moment, to the minute: "2026-11-27T09:00". */
export const toDateTimeLocal = (date: Date): string => format(date, "yyyy-MM-dd'T'HH:mm");

const dateTimeLocal = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/** The moment a datetime-local value means in the user's time zone, or null for anything else. */
export function fromDateTimeLocal(value: string): Date | null {
  if (!dateTimeLocal.test(value)) return null;
  // A date-time without an offset is local time (ECMAScript's date time string format).
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
