import { monthNames } from '@/lib/format/plan-dates';
import { wallClock, type WeeklySlot } from './slot-math';

const shortWeekdays = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
export const weekdayNames = [
  '',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

/** "8:30 AM", "12:05 PM": a time of day as the app writes it. */
export function formatClock(hour: number, minute: number): string {
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** A slot's time of day ("08:30") as the app writes it ("8:30 AM"). */
export function formatSlotClock(time: string): string {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return formatClock(hour, minute);
}

/** "Tuesday, 8:30 AM": a weekly posting time. */
export const formatWeeklySlot = (slot: WeeklySlot): string =>
  `${weekdayNames[slot.weekday]}, ${formatSlotClock(slot.time)}`;

/** "Tue 1 Dec, 8:30 AM": an instant as the wall clock of `timeZone` shows it (format-plan-time.ts, in a chosen zone). */
export function formatInZone(date: Date, timeZone: string): string {
  const wall = wallClock(timeZone, date.getTime());
  return `${shortWeekdays[wall.weekday]} ${wall.day} ${monthNames[wall.month - 1]}, ${formatClock(wall.hour, wall.minute)}`;
}

/** "8:30 AM" in `timeZone`. */
export function formatTimeInZone(date: Date, timeZone: string): string {
  const wall = wallClock(timeZone, date.getTime());
  return formatClock(wall.hour, wall.minute);
}
