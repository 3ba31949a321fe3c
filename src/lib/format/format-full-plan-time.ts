import { formatClock } from './plan-dates';
import { wallClock } from './time-zone';

// Its own module: only the calendar's post dialog writes a time out in full, so the dashboard's
// first load does not carry the long names.
const longWeekdays = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const longMonths = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "Friday, November 27, 2026 at 9:00 AM": a post's calendar time in full, as its dialog shows it. */
export function formatFullPlanTime(date: Date, timeZone: string): string {
  const wall = wallClock(timeZone, date.getTime());
  return `${longWeekdays[wall.weekday]}, ${longMonths[wall.month - 1]} ${wall.day}, ${wall.year} at ${formatClock(wall.hour, wall.minute)}`;
}
