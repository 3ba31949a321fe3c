import { freeSlotsBetween, takenTimes } from '@/entities/post/queue/slot-math';
import type { PostingSchedule } from '@/entities/post/queue/api/posting-schedule';
import type { Post } from '@/entities/post/post';
import { dayKey } from './month-grid';

/**
 * The free posting times of the visible range, by calendar day (the browser's day, as posts are
 * placed): every slot of the schedule after now that no post of the range is planned for. Moving
 * or unplanning a post frees its slot, since it is computed from the posts as they now stand.
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
    const key = dayKey(slot);
    byDay.set(key, [...(byDay.get(key) ?? []), slot]);
  }
  return byDay;
}
