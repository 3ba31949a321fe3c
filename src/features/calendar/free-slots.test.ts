import { formatTimeInZone } from '@/entities/post/queue/format-in-zone';
import { freeSlotsByDay, zoneDayKey } from './free-slots';

const utc = (iso: string) => new Date(`${iso}Z`);
/** A week around the end of November 2026 (UTC), well after `now`. */
const from = utc('2026-11-22T00:00');
const to = utc('2026-11-29T00:00');
const now = utc('2026-11-01T00:00');

const times = (byDay: Map<string, Date[]>, timeZone: string) =>
  Object.fromEntries(
    [...byDay].map(([key, slots]) => [key, slots.map((slot) => formatTimeInZone(slot, timeZone))]),
  );

describe('zoneDayKey', () => {
  it('names the day a moment falls on in the zone, not in the browser', () => {
    const instant = utc('2026-11-24T07:30'); // Tuesday 23:30 in Los Angeles, Tuesday 16:30 in Tokyo
    expect(zoneDayKey(instant, 'America/Los_Angeles')).toBe('2026-11-23');
    expect(zoneDayKey(instant, 'Asia/Tokyo')).toBe('2026-11-24');
    expect(zoneDayKey(utc('2026-12-31T23:30'), 'Pacific/Auckland')).toBe('2027-01-01');
  });
});

describe('freeSlotsByDay', () => {
  it("puts each free time on its day in the schedule's zone, with its time there, whatever the browser's zone", () => {
    // Tuesday 23:30 in Los Angeles is already Wednesday in UTC and in most of the world.
    const schedule = { timeZone: 'America/Los_Angeles', slots: [{ weekday: 2, time: '23:30' }] };
    const byDay = freeSlotsByDay(schedule, [], from, to, now);
    expect(times(byDay, schedule.timeZone)).toEqual({ '2026-11-24': ['11:30 PM'] });
  });

  it('keeps a zone ahead of UTC on its own day too (Wednesday 06:00 in Tokyo is Tuesday in UTC)', () => {
    const schedule = { timeZone: 'Asia/Tokyo', slots: [{ weekday: 3, time: '06:00' }] };
    const byDay = freeSlotsByDay(schedule, [], from, to, now);
    expect(times(byDay, schedule.timeZone)).toEqual({ '2026-11-25': ['6:00 AM'] });
  });

  it('leaves out a taken time and keeps several a day in time order', () => {
    const schedule = {
      timeZone: 'Europe/London',
      slots: [
        { weekday: 4, time: '17:00' },
        { weekday: 4, time: '08:30' },
      ],
    };
    const taken = { planned_at: utc('2026-11-26T17:00').toISOString(), publish_status: 'scheduled' as const };
    expect(times(freeSlotsByDay(schedule, [], from, to, now), 'Europe/London')).toEqual({
      '2026-11-26': ['8:30 AM', '5:00 PM'],
    });
    expect(times(freeSlotsByDay(schedule, [taken], from, to, now), 'Europe/London')).toEqual({
      '2026-11-26': ['8:30 AM'],
    });
  });

  it('is empty without a schedule or posting times', () => {
    expect(freeSlotsByDay(null, [], from, to, now).size).toBe(0);
    expect(freeSlotsByDay({ timeZone: 'Europe/London', slots: [] }, [], from, to, now).size).toBe(0);
  });
});
