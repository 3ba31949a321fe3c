import { performance } from 'node:perf_hooks';
import {
  nextFreeSlot,
  slotsBetween,
  takenTimes,
  type WeeklySlot,
} from '../../src/entities/post/queue/slot-math.ts';
import { check } from '../check.ts';
import type { BenchCase, BenchResult } from '../report.ts';
import { row } from '../results.ts';
import { quantile, round } from '../stats.ts';

const runs = 300;
const targetMs = 5;
const plannedPosts = 500;
const timeZone = 'Europe/London';
// Five posting times a week: 500 planned posts fill about two years of them, across four DST changes.
const slots: WeeklySlot[] = [
  { weekday: 1, time: '12:00' },
  { weekday: 2, time: '08:30' },
  { weekday: 3, time: '12:00' },
  { weekday: 4, time: '08:30' },
  { weekday: 5, time: '12:00' },
];

/** "Add to queue" in the browser: the next free slot among 500 planned posts (the posts read into a set each time). */
async function run(): Promise<BenchResult[]> {
  const now = new Date();
  const ahead = slotsBetween(slots, timeZone, now, new Date(now.getTime() + 4 * 366 * 86_400_000)).filter(
    (slot) => slot.getTime() > now.getTime() + 5 * 60_000,
  );
  const posts = ahead
    .slice(0, plannedPosts)
    .map((slot) => ({ planned_at: slot.toISOString(), publish_status: 'scheduled' }));
  const expected = ahead[plannedPosts]!.getTime();
  const find = () => nextFreeSlot({ slots, timeZone, now, taken: takenTimes(posts) });
  check(find()?.getTime() === expected, 'the next free slot should be the one after the 500 planned posts');
  const first = performance.now();
  find();
  const firstMs = performance.now() - first;
  for (let warm = 0; warm < 20; warm += 1) find();
  const samples: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    find();
    samples.push(performance.now() - started);
  }
  const [median, p99] = [quantile(samples, 0.5), quantile(samples, 0.99)];
  console.log(
    `  next free slot after ${plannedPosts} planned posts: median ${round(median)} ms, p99 ${round(p99)} ms (first ${round(firstMs)} ms)`,
  );
  const note = `${runs} runs in Node, ${slots.length} slots a week in ${timeZone}, ${plannedPosts} posts planned on the first ${plannedPosts} slots`;
  return [
    row('next free slot among 500 planned posts, median', median, 'ms', { target: targetMs, note }),
    row('next free slot among 500 planned posts, p99', p99, 'ms', { target: targetMs, note }),
  ];
}

export const nextFreeSlotCase: BenchCase = {
  name: 'queue: next free slot among 500 planned posts',
  run,
};
