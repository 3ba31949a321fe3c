import { formatDayAndTime } from './plan-dates';

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * A planned or publishing time in the browser's time zone, as the calendar shows it:
 * "Fri 27 Nov, 9:00 AM" (short weekday, day, short month, then the time).
 */
export function formatPlanTime(date: Date): string {
  return `${weekdays[date.getDay()]} ${formatDayAndTime(date)}`;
}
