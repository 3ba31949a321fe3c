import { describe, expect, it } from 'vitest';
import { formatInZone, formatWeeklySlot } from './format-in-zone';
import {
  freeSlotsBetween,
  isTimeZone,
  nextFreeSlot,
  parseSlot,
  slotKey,
  slotsBetween,
  sortSlots,
  takenTimes,
  wallClock,
  wallTimeToInstant,
  zoneOffsetMs,
  type WeeklySlot,
} from './slot-math';

// Every expectation is an absolute instant (ISO with Z), so these hold whatever the machine's zone.
const at = (iso: string) => new Date(iso);
const iso = (date: Date | null) => date?.toISOString() ?? null;
const tueThu0830: WeeklySlot[] = [
  { weekday: 2, time: '08:30' },
  { weekday: 4, time: '08:30' },
];
const none = new Set<number>();

describe('slots as stored', () => {
  it('reads and writes "<ISO weekday> HH:MM" and refuses anything else', () => {
    expect(parseSlot('2 08:30')).toEqual({ weekday: 2, time: '08:30' });
    expect(slotKey({ weekday: 7, time: '23:59' })).toBe('7 23:59');
    for (const bad of ['0 08:30', '8 08:30', '2 8:30', '2 24:00', '2 08:60', '208:30', ' 2 08:30'])
      expect(parseSlot(bad)).toBeNull();
  });

  it('sorts slots Monday first and keeps each once', () => {
    expect(
      sortSlots([
        { weekday: 4, time: '08:30' },
        { weekday: 2, time: '17:00' },
        { weekday: 2, time: '08:30' },
        { weekday: 4, time: '08:30' },
      ]).map(slotKey),
    ).toEqual(['2 08:30', '2 17:00', '4 08:30']);
  });

  it('knows IANA zone names and refuses unknown ones', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(' Europe/London')).toBe(false);
  });

  it('names a weekly slot and an instant in a chosen zone', () => {
    expect(formatWeeklySlot({ weekday: 2, time: '08:30' })).toBe('Tuesday, 8:30 AM');
    expect(formatInZone(at('2026-12-01T08:30:00Z'), 'Europe/London')).toBe('Tue 1 Dec, 8:30 AM');
    expect(formatInZone(at('2026-12-01T08:30:00Z'), 'Asia/Tokyo')).toBe('Tue 1 Dec, 5:30 PM');
    expect(formatInZone(at('2026-12-01T08:30:00Z'), 'America/Los_Angeles')).toBe('Tue 1 Dec, 12:30 AM');
  });
});

describe('wall-clock time to instant', () => {
  it('reads ordinary times in zones east and west of UTC, and half-hour zones', () => {
    const day = { year: 2026, month: 12, day: 1 };
    expect(wallTimeToInstant('Europe/London', day, 8, 30)).toBe(Date.parse('2026-12-01T08:30:00Z'));
    expect(wallTimeToInstant('Europe/Berlin', day, 8, 30)).toBe(Date.parse('2026-12-01T07:30:00Z'));
    expect(wallTimeToInstant('America/New_York', day, 8, 30)).toBe(Date.parse('2026-12-01T13:30:00Z'));
    expect(wallTimeToInstant('Asia/Kolkata', day, 8, 30)).toBe(Date.parse('2026-12-01T03:00:00Z'));
    expect(wallTimeToInstant('Australia/Sydney', day, 8, 30)).toBe(Date.parse('2026-11-30T21:30:00Z'));
    expect(zoneOffsetMs('Asia/Kolkata', Date.parse('2026-12-01T00:00:00Z'))).toBe(5.5 * 3_600_000);
  });

  it('keeps 08:30 London at 08:30 on both sides of the March and October changes', () => {
    const london = (month: number, day: number) =>
      new Date(wallTimeToInstant('Europe/London', { year: 2026, month, day }, 8, 30)).toISOString();
    expect(london(3, 28)).toBe('2026-03-28T08:30:00.000Z'); // GMT
    expect(london(3, 29)).toBe('2026-03-29T07:30:00.000Z'); // the change day, BST
    expect(london(3, 30)).toBe('2026-03-30T07:30:00.000Z');
    expect(london(10, 24)).toBe('2026-10-24T07:30:00.000Z'); // BST
    expect(london(10, 25)).toBe('2026-10-25T08:30:00.000Z'); // the change day, GMT
  });

  it('moves a time skipped by spring-forward an hour later, as PostgreSQL does', () => {
    // London skips 01:00–02:00 on 29 March 2026: 01:30 becomes 02:30 BST (01:30Z).
    const skipped = wallTimeToInstant('Europe/London', { year: 2026, month: 3, day: 29 }, 1, 30);
    expect(new Date(skipped).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(wallClock('Europe/London', skipped)).toMatchObject({ hour: 2, minute: 30 });
    // New York skips 02:00–03:00 on 8 March 2026: 02:30 becomes 03:30 EDT (07:30Z).
    const ny = wallTimeToInstant('America/New_York', { year: 2026, month: 3, day: 8 }, 2, 30);
    expect(new Date(ny).toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('takes the second of a time repeated by fall-back, as PostgreSQL does', () => {
    // London repeats 01:00–02:00 on 25 October 2026: 01:30 BST (00:30Z), then 01:30 GMT (01:30Z).
    const repeated = wallTimeToInstant('Europe/London', { year: 2026, month: 10, day: 25 }, 1, 30);
    expect(new Date(repeated).toISOString()).toBe('2026-10-25T01:30:00.000Z');
    // New York repeats 01:00–02:00 on 1 November 2026: the second 01:30 is EST (06:30Z).
    const ny = wallTimeToInstant('America/New_York', { year: 2026, month: 11, day: 1 }, 1, 30);
    expect(new Date(ny).toISOString()).toBe('2026-11-01T06:30:00.000Z');
  });

  it('handles the southern hemisphere, whose changes run the other way', () => {
    // Sydney leaves summer time on 5 April 2026 (03:00 → 02:00) and starts it on 4 October (02:00 → 03:00).
    const sydney = (month: number, day: number, hour: number) =>
      new Date(wallTimeToInstant('Australia/Sydney', { year: 2026, month, day }, hour, 30)).toISOString();
    expect(sydney(4, 4, 8)).toBe('2026-04-03T21:30:00.000Z'); // AEDT +11
    expect(sydney(4, 5, 8)).toBe('2026-04-04T22:30:00.000Z'); // AEST +10
    expect(sydney(10, 4, 2)).toBe('2026-10-03T16:30:00.000Z'); // skipped: 02:30 → 03:30 AEDT
    expect(sydney(10, 4, 8)).toBe('2026-10-03T21:30:00.000Z');
  });
});

describe('next free slot', () => {
  it('takes the next slot after now in the chosen zone', () => {
    // Monday 30 November 2026, 12:00 UTC: next is Tuesday 1 December, 08:30 London.
    const now = at('2026-11-30T12:00:00Z');
    expect(iso(nextFreeSlot({ slots: tueThu0830, timeZone: 'Europe/London', now, taken: none }))).toBe(
      '2026-12-01T08:30:00.000Z',
    );
    // The same slots in Tokyo: Tuesday 08:30 JST is Monday 23:30 UTC, still ahead.
    expect(iso(nextFreeSlot({ slots: tueThu0830, timeZone: 'Asia/Tokyo', now, taken: none }))).toBe(
      '2026-11-30T23:30:00.000Z',
    );
  });

  it('reads slots in the chosen zone, whatever zone the browser is in', () => {
    // A browser in Los Angeles planning for a London audience: 08:30 is London's, not the browser's.
    const now = at('2026-11-30T12:00:00Z');
    const london = nextFreeSlot({ slots: tueThu0830, timeZone: 'Europe/London', now, taken: none });
    const la = nextFreeSlot({ slots: tueThu0830, timeZone: 'America/Los_Angeles', now, taken: none });
    expect(iso(london)).toBe('2026-12-01T08:30:00.000Z');
    expect(iso(la)).toBe('2026-12-01T16:30:00.000Z');
  });

  it('skips taken slots and slots less than five minutes away', () => {
    const now = at('2026-12-01T08:27:00Z'); // Tuesday, three minutes before the slot
    const taken = new Set([Date.parse('2026-12-03T08:30:00Z')]);
    expect(iso(nextFreeSlot({ slots: tueThu0830, timeZone: 'Europe/London', now, taken }))).toBe(
      '2026-12-08T08:30:00.000Z',
    );
    const earlier = at('2026-12-01T08:20:00Z');
    expect(iso(nextFreeSlot({ slots: tueThu0830, timeZone: 'Europe/London', now: earlier, taken }))).toBe(
      '2026-12-01T08:30:00.000Z',
    );
  });

  it('uses several slots on one day in time order', () => {
    const slots = [
      { weekday: 2, time: '17:00' },
      { weekday: 2, time: '08:30' },
    ];
    const now = at('2026-11-30T12:00:00Z');
    const first = nextFreeSlot({ slots, timeZone: 'Europe/London', now, taken: none });
    expect(iso(first)).toBe('2026-12-01T08:30:00.000Z');
    const second = nextFreeSlot({
      slots,
      timeZone: 'Europe/London',
      now,
      taken: new Set([first!.getTime()]),
    });
    expect(iso(second)).toBe('2026-12-01T17:00:00.000Z');
  });

  it('crosses the end of the week and the end of the year', () => {
    const sunday = [{ weekday: 7, time: '09:00' }];
    // Sunday 27 December 2026 after 09:00 in London: next is Sunday 3 January 2027.
    const now = at('2026-12-27T10:00:00Z');
    expect(iso(nextFreeSlot({ slots: sunday, timeZone: 'Europe/London', now, taken: none }))).toBe(
      '2027-01-03T09:00:00.000Z',
    );
    // Thursday 31 December 2026 at 23:00 New York is already Friday 1 January in UTC.
    const monday = [{ weekday: 1, time: '00:15' }];
    expect(
      iso(
        nextFreeSlot({
          slots: monday,
          timeZone: 'America/New_York',
          now: at('2027-01-01T04:00:00Z'),
          taken: none,
        }),
      ),
    ).toBe('2027-01-04T05:15:00.000Z');
  });

  it('keeps the wall-clock time across the October change, and moves a skipped slot', () => {
    const sunday0130 = [{ weekday: 7, time: '01:30' }];
    // Before the spring change (Sunday 29 March 2026), 01:30 London does not exist: 02:30 BST.
    expect(
      iso(
        nextFreeSlot({
          slots: sunday0130,
          timeZone: 'Europe/London',
          now: at('2026-03-28T12:00:00Z'),
          taken: none,
        }),
      ),
    ).toBe('2026-03-29T01:30:00.000Z');
    // After the October change, Tuesday 08:30 is 08:30 GMT again.
    expect(
      iso(
        nextFreeSlot({
          slots: tueThu0830,
          timeZone: 'Europe/London',
          now: at('2026-10-23T12:00:00Z'),
          taken: none,
        }),
      ),
    ).toBe('2026-10-27T08:30:00.000Z');
  });

  it('says there is none without slots, or when every slot within five years is taken', () => {
    const now = at('2026-11-30T12:00:00Z');
    expect(nextFreeSlot({ slots: [], timeZone: 'Europe/London', now, taken: none })).toBeNull();
    const all = new Set(
      slotsBetween(tueThu0830, 'Europe/London', now, at('2032-12-31T00:00:00Z')).map((slot) =>
        slot.getTime(),
      ),
    );
    expect(nextFreeSlot({ slots: tueThu0830, timeZone: 'Europe/London', now, taken: all })).toBeNull();
  });
});

describe('slots between two instants', () => {
  it('lists each slot of the range once, in order, and the free ones after now', () => {
    const from = at('2026-11-30T00:00:00Z');
    const to = at('2026-12-07T00:00:00Z');
    expect(slotsBetween(tueThu0830, 'Europe/London', from, to).map((d) => d.toISOString())).toEqual([
      '2026-12-01T08:30:00.000Z',
      '2026-12-03T08:30:00.000Z',
    ]);
    const taken = takenTimes([
      { planned_at: '2026-12-01T08:30:00Z', publish_status: 'scheduled' },
      { planned_at: '2026-12-03T08:30:00Z', publish_status: 'published' },
      { planned_at: null, publish_status: 'draft' },
    ]);
    const free = freeSlotsBetween({
      slots: tueThu0830,
      timeZone: 'Europe/London',
      now: at('2026-11-30T12:00:00Z'),
      taken,
      from,
      to,
    });
    // A published post no longer holds its slot (its time has come anyway).
    expect(free.map((d) => d.toISOString())).toEqual(['2026-12-03T08:30:00.000Z']);
  });

  it('includes slots whose wall day is outside the range but whose instant is inside', () => {
    // Monday 00:15 in Tokyo is Sunday 15:15 UTC.
    const slots = [{ weekday: 1, time: '00:15' }];
    const found = slotsBetween(slots, 'Asia/Tokyo', at('2026-11-29T00:00:00Z'), at('2026-11-30T00:00:00Z'));
    expect(found.map((d) => d.toISOString())).toEqual(['2026-11-29T15:15:00.000Z']);
  });
});
