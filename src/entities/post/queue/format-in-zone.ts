import { formatPlanTime } from '@/lib/format/format-plan-time';
import { formatClock, formatTimeOfDay } from '@/lib/format/plan-dates';
import type { WeeklySlot } from './slot-math';

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

/** A slot's time of day ("08:30") as the app writes it ("8:30 AM"). */
export function formatSlotClock(time: string): string {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return formatClock(hour, minute);
}

/** "Tuesday, 8:30 AM": a weekly posting time. */
export const formatWeeklySlot = (slot: WeeklySlot): string =>
  `${weekdayNames[slot.weekday]}, ${formatSlotClock(slot.time)}`;

/** "Tue 1 Dec, 8:30 AM": an instant as the wall clock of `timeZone` shows it (format-plan-time.ts, in a chosen zone). */
export const formatInZone = (date: Date, timeZone: string): string => formatPlanTime(date, timeZone);

/** "8:30 AM" in `timeZone`. */
export const formatTimeInZone = (date: Date, timeZone: string): string => formatTimeOfDay(date, timeZone);
