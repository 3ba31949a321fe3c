import { formatClock, monthNames } from './plan-dates';
import { browserTimeZone, wallClock } from './time-zone';

const weekdays = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * A planned or publishing time as the calendar shows it, on the wall clock of planning's zone:
 * "Fri 27 Nov, 9:00 AM" (short weekday, day, short month, then the time).
 */
export function formatPlanTime(date: Date, timeZone: string = browserTimeZone()): string {
  const wall = wallClock(timeZone, date.getTime());
  return `${weekdays[wall.weekday]} ${wall.day} ${monthNames[wall.month - 1]}, ${formatClock(wall.hour, wall.minute)}`;
}
