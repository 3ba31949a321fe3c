import { format } from 'date-fns';

/**
 * A planned or publishing time in the browser's time zone, as the calendar shows it:
 * "Fri 27 Nov, 9:00 AM" (short weekday, day, short month, then the time).
 */
export function formatPlanTime(date: Date): string {
  return format(date, 'EEE d MMM, p');
}
