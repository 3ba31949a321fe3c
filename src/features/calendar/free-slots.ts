import { freeSlotsBetween, takenTimes, wallClock } from '@/entities/post/queue/slot-math';
import type { PostingSchedule } from '@/entities/post/queue/api/posting-schedule';
import type { Post } from '@/entities/post/post';

const pad = (value: number) => String(value).padStart(2, '0');

/** The key of the day a moment falls on in `timeZone`, like month-grid's dayKey: "2026-11-05". */
export function zoneDayKey(date: Date, timeZone: string): string {
  const wall = wallClock(timeZone, date.getTime());
  return `${String(wall.year).padStart(4, '0')}-${pad(wall.month)}-${pad(wall.day)}`;
}

/**
 * The free posting times of the visible range, by their day in the schedule's zone (the day the
 * author set them for, shown with their time in that zone): every slot of the schedule after now
 * that no post of the range is planned for. Only slots in [from, to) are looked at, the range
 * whose posts are known, so a taken slot never shows as free. Moving or unplanning a post frees
 * its slot, since it is computed from the posts as they now stand.
 */
export function freeSlotsByDay(
  schedule: PostingSchedule | null,
  posts: readonly Pick<Post, 'planned_at' | 'publish_status'>[],
  from: Date,
  to: Date,
  now: Date,
): Map<string, Date[]> {
  const byDay = new Map<string, Date[]>();
  if (!schedule || schedule.slots.length === 0) return byDay;
  const free = freeSlotsBetween({ ...schedule, now, taken: takenTimes(posts), from, to });
  for (const slot of free) {
    const key = zoneDayKey(slot, schedule.timeZone);
    byDay.set(key, [...(byDay.get(key) ?? []), slot]);
  }
  return byDay;
}
