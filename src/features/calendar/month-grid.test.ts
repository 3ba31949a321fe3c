import { format, getDay } from 'date-fns';
import type { Post } from '@/entities/post/post';
import {
  buildMonthGrid,
  dayKey,
  filterByRange,
  gridRange,
  groupPostsByDay,
  inRange,
  localDate,
  monthRange,
} from './month-grid';
import { browserTimeZone } from '@/lib/format/time-zone';
import { postRow } from '../../../tests/helpers/post-row.ts';

/** The zone the run is in (stubbed per block below): the calendar's zone when none is chosen. */
const here = () => browserTimeZone();

/** An unplanned post-like row: created at a local wall-clock time, so its calendar day is that time. */
const unplanned = (id: string, iso: string) => ({ id, created_at: iso, calendar_at: iso });

const at = (id: string, year: number, monthIndex: number, day: number, hour: number, minute: number) =>
  unplanned(id, new Date(year, monthIndex, day, hour, minute).toISOString());

const startOffset = new Date(2026, 0, 15).getTimezoneOffset();

const keysOf = (weeks: ReturnType<typeof buildMonthGrid>) =>
  weeks.map((week) => week.map(({ date }) => dayKey(date)));
const inMonthDays = (weeks: ReturnType<typeof buildMonthGrid>) => weeks.flat().filter((day) => day.inMonth);

/**
 * Node re-reads process.env.TZ whenever it changes (vi.stubEnv sets it), so the same checks run in
 * zones either side of UTC, one with a half-hour offset, and one (Santiago) whose DST change skips
 * local midnight. The app reads created_at in the browser's zone the same way, via local Date methods.
 */
const zones = [
  // zone, and its getTimezoneOffset() on 15 January 2026 (minutes behind UTC)
  ['UTC', 0],
  ['America/New_York', 300],
  ['Asia/Kolkata', -330],
  ['Pacific/Auckland', -780],
  ['America/Santiago', 180],
] as const;

describe.each(zones)('month grid in %s', (zone, januaryOffset) => {
  beforeAll(() => {
    vi.stubEnv('TZ', zone);
  });

  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it('really runs in the zone', () => {
    expect(new Date(2026, 0, 15).getTimezoneOffset()).toBe(januaryOffset);
  });

  it('lays out a month that starts on a Sunday with no leading days (February 2026: 4 weeks)', () => {
    expect(format(localDate(2026, 1, 1), 'EEEE')).toBe('Sunday');
    const weeks = buildMonthGrid(2026, 1);
    expect(weeks).toHaveLength(4);
    expect(weeks.flat().every((day) => day.inMonth)).toBe(true);
    expect(keysOf(weeks)[0]).toEqual([
      '2026-02-01',
      '2026-02-02',
      '2026-02-03',
      '2026-02-04',
      '2026-02-05',
      '2026-02-06',
      '2026-02-07',
    ]);
    expect(keysOf(weeks)[3]?.[6]).toBe('2026-02-28');
  });

  it('lays out a month that starts on a Saturday with six leading days (August 2026: 6 weeks)', () => {
    expect(format(localDate(2026, 7, 1), 'EEEE')).toBe('Saturday');
    const weeks = buildMonthGrid(2026, 7);
    expect(weeks).toHaveLength(6);
    expect(keysOf(weeks)[0]).toEqual([
      '2026-07-26',
      '2026-07-27',
      '2026-07-28',
      '2026-07-29',
      '2026-07-30',
      '2026-07-31',
      '2026-08-01',
    ]);
    expect(weeks[0]?.map((day) => day.inMonth)).toEqual([false, false, false, false, false, false, true]);
    expect(keysOf(weeks)[5]).toEqual([
      '2026-08-30',
      '2026-08-31',
      '2026-09-01',
      '2026-09-02',
      '2026-09-03',
      '2026-09-04',
      '2026-09-05',
    ]);
    expect(inMonthDays(weeks)).toHaveLength(31);
  });

  it('gives leap February 2028 its 29th day (5 weeks)', () => {
    const weeks = buildMonthGrid(2028, 1);
    expect(weeks).toHaveLength(5);
    expect(inMonthDays(weeks)).toHaveLength(29);
    expect(inMonthDays(weeks).at(-1)?.date.getDate()).toBe(29);
    expect(keysOf(weeks)[4]).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
      '2028-03-02',
      '2028-03-03',
      '2028-03-04',
    ]);
  });

  it('stops a non-leap February at the 28th (February 2027: 5 weeks)', () => {
    const weeks = buildMonthGrid(2027, 1);
    expect(weeks).toHaveLength(5);
    expect(inMonthDays(weeks)).toHaveLength(28);
    expect(keysOf(weeks).flat()).not.toContain('2027-02-29');
    expect(keysOf(weeks)[4]?.slice(0, 2)).toEqual(['2027-02-28', '2027-03-01']);
  });

  it('always gives 4 to 6 full Sunday-first weeks of consecutive days, even across DST changes', () => {
    for (let year = 2025; year <= 2028; year += 1) {
      for (let monthIndex = 0; monthIndex < 12; monthIndex += 1) {
        const weeks = buildMonthGrid(year, monthIndex);
        expect(weeks.length).toBeGreaterThanOrEqual(4);
        expect(weeks.length).toBeLessThanOrEqual(6);
        const days = weeks.flat();
        expect(weeks.every((week) => week.length === 7 && getDay(week[0]!.date) === 0)).toBe(true);
        expect(new Set(days.map(({ date }) => dayKey(date))).size).toBe(days.length);
        days.slice(1).forEach(({ date }, index) => {
          const previous = days[index]!.date;
          const next = new Date(previous.getFullYear(), previous.getMonth(), previous.getDate() + 1);
          expect(dayKey(date)).toBe(dayKey(next));
        });
        expect(inMonthDays(weeks)[0]?.date.getDate()).toBe(1);
      }
    }
  });

  it('gives a month as [local midnight of the 1st, local midnight of the next 1st)', () => {
    expect(monthRange(2026, 10, here())).toEqual({ from: new Date(2026, 10, 1), to: new Date(2026, 11, 1) });
    expect(monthRange(2026, 11, here())).toEqual({ from: new Date(2026, 11, 1), to: new Date(2027, 0, 1) });
    expect(monthRange(2026, 0, here())).toEqual({ from: new Date(2026, 0, 1), to: new Date(2026, 1, 1) });
    const { from, to } = monthRange(2026, 10, here());
    expect([from.getHours(), from.getMinutes(), to.getHours(), to.getMinutes()]).toEqual([0, 0, 0, 0]);
  });

  it('puts posts at 23:30 and 00:30 local time on the local day they were written', () => {
    const posts = [
      at('late-october', 2026, 9, 31, 23, 30),
      at('early-november', 2026, 10, 1, 0, 30),
      at('late-fifth', 2026, 10, 5, 23, 30),
      at('early-sixth', 2026, 10, 6, 0, 30),
      at('late-november', 2026, 10, 30, 23, 30),
      at('early-december', 2026, 11, 1, 0, 30),
    ];
    const byDay = groupPostsByDay(posts, here());
    expect(byDay.get('2026-10-31')?.map((post) => post.id)).toEqual(['late-october']);
    expect(byDay.get('2026-11-01')?.map((post) => post.id)).toEqual(['early-november']);
    expect(byDay.get('2026-11-05')?.map((post) => post.id)).toEqual(['late-fifth']);
    expect(byDay.get('2026-11-06')?.map((post) => post.id)).toEqual(['early-sixth']);
    expect(byDay.get('2026-11-30')?.map((post) => post.id)).toEqual(['late-november']);
    expect(byDay.get('2026-12-01')?.map((post) => post.id)).toEqual(['early-december']);
  });

  it('keeps only the posts of the month when filtering by its range (the 1st at 00:00 in, the next 1st out)', () => {
    const posts = [
      at('late-october', 2026, 9, 31, 23, 30),
      unplanned('first-instant', new Date(2026, 10, 1).toISOString()),
      at('late-november', 2026, 10, 30, 23, 59),
      unplanned('next-first-instant', new Date(2026, 11, 1).toISOString()),
    ];
    expect(filterByRange(posts, monthRange(2026, 10, here())).map((post) => post.id)).toEqual([
      'first-instant',
      'late-november',
    ]);
  });
});

describe('groupPostsByDay', () => {
  it('orders each day by time and skips unparsable timestamps', () => {
    const posts = [
      at('evening', 2026, 10, 5, 18, 0),
      unplanned('broken', 'not a date'),
      at('morning', 2026, 10, 5, 8, 15),
      at('noon', 2026, 10, 5, 12, 0),
    ];
    const byDay = groupPostsByDay(posts, here());
    expect([...byDay.keys()]).toEqual(['2026-11-05']);
    expect(byDay.get('2026-11-05')?.map((post) => post.id)).toEqual(['morning', 'noon', 'evening']);
  });

  it('reads the UTC offset written in calendar_at (as PostgREST sends timestamptz)', () => {
    vi.stubEnv('TZ', 'America/New_York');
    try {
      // 02:30 UTC on 6 November is 21:30 on 5 November in New York (EST, UTC-5).
      const byDay = groupPostsByDay([unplanned('utc', '2026-11-06T02:30:00+00:00')], here());
      expect([...byDay.keys()]).toEqual(['2026-11-05']);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('placement by calendar day (calendar_at: published, else planned, else created)', () => {
  const written = (id: string, created: Date, extra: Partial<Post>) =>
    postRow({
      id,
      user_id: 'user-1',
      topic: id,
      content: '',
      is_published: false,
      created_at: created.toISOString(),
      ...extra,
    });

  const plannedForThird = written('planned', new Date(2026, 9, 12, 16, 0), {
    planned_at: new Date(2026, 10, 3, 9, 30).toISOString(),
  });
  const publishedOnNinth = written('published', new Date(2026, 9, 20, 8, 0), {
    is_published: true,
    planned_at: new Date(2026, 10, 8, 9, 0).toISOString(),
    published_at: new Date(2026, 10, 9, 11, 15).toISOString(),
  });
  const octoberDraft = written('draft', new Date(2026, 9, 28, 10, 0), {});

  it('puts a post written in October and planned for 3 November on 3 November, in the November range', () => {
    const posts = [plannedForThird, publishedOnNinth, octoberDraft];
    expect(filterByRange(posts, monthRange(2026, 10, here())).map((post) => post.id)).toEqual([
      'planned',
      'published',
    ]);
    expect(filterByRange(posts, monthRange(2026, 9, here())).map((post) => post.id)).toEqual(['draft']);
    const byDay = groupPostsByDay(posts, here());
    expect(byDay.get('2026-11-03')?.map((post) => post.id)).toEqual(['planned']);
    expect(byDay.get('2026-10-12')).toBeUndefined();
  });

  it('puts a published post on the day it went out, not the day it was planned or written', () => {
    const byDay = groupPostsByDay([publishedOnNinth], here());
    expect([...byDay.keys()]).toEqual(['2026-11-09']);
  });

  it('orders a day by calendar time, whatever the creation order', () => {
    const early = written('early', new Date(2026, 10, 1, 23, 0), {
      planned_at: new Date(2026, 10, 3, 8, 0).toISOString(),
    });
    const sameDayDraft = written('written-on-the-third', new Date(2026, 10, 3, 9, 0), {});
    const byDay = groupPostsByDay([plannedForThird, sameDayDraft, early], here());
    expect(byDay.get('2026-11-03')?.map((post) => post.id)).toEqual([
      'early',
      'written-on-the-third',
      'planned',
    ]);
  });
});

describe('after the zone tests', () => {
  it('is back in the zone the run started in', () => {
    expect(new Date(2026, 0, 15).getTimezoneOffset()).toBe(startOffset);
  });
});

describe('localDate', () => {
  it('keeps two-digit years as written and normalises overflowing months', () => {
    expect(localDate(99, 0, 1).getFullYear()).toBe(99);
    expect(dayKey(localDate(2026, 12, 1))).toBe('2027-01-01');
  });
});

describe('gridRange', () => {
  it.each([
    // [year, monthIndex, first day shown, day after the last day shown]
    ['November 2026 (starts on a Sunday)', 2026, 10, [2026, 10, 1], [2026, 11, 6]],
    ['December 2026 (a year end)', 2026, 11, [2026, 10, 29], [2027, 0, 3]],
    ['January 2027 (from the year before)', 2027, 0, [2026, 11, 27], [2027, 1, 7]],
    ['February 2026 (four whole weeks)', 2026, 1, [2026, 1, 1], [2026, 2, 1]],
    ['October 2026 (ends on a Saturday)', 2026, 9, [2026, 8, 27], [2026, 10, 1]],
    ['March 2026 (a spring daylight-saving change in many zones)', 2026, 2, [2026, 2, 1], [2026, 3, 5]],
  ] as const)('covers the grid of %s', (_name, year, monthIndex, from, to) => {
    const range = gridRange(year, monthIndex, here());
    expect(range.from).toEqual(localDate(from[0], from[1], from[2]));
    expect(range.to).toEqual(localDate(to[0], to[1], to[2]));
  });

  it('spans exactly the days buildMonthGrid lays out, each at local midnight', () => {
    for (let monthIndex = 0; monthIndex < 12; monthIndex += 1) {
      const weeks = buildMonthGrid(2026, monthIndex);
      const days = weeks.flat();
      const range = gridRange(2026, monthIndex, here());
      expect(dayKey(range.from)).toBe(dayKey(days[0]!.date));
      expect(range.from.getHours()).toBe(0);
      expect(range.to.getHours()).toBe(0);
      const last = days[days.length - 1]!.date;
      expect(inRange(last, range)).toBe(true);
      expect(inRange(new Date(last.getTime() + 24 * 3600 * 1000 + 3 * 3600 * 1000), range)).toBe(false);
    }
  });

  it('takes in the posts of the leading and trailing days, and no others', () => {
    const items = [
      at('before', 2026, 10, 28, 23, 59),
      at('leading', 2026, 10, 29, 0, 0),
      at('in-month', 2026, 11, 15, 12, 0),
      at('trailing', 2027, 0, 2, 23, 59),
      at('after', 2027, 0, 3, 0, 0),
    ];
    expect(filterByRange(items, gridRange(2026, 11, here())).map((item) => item.id)).toEqual([
      'leading',
      'in-month',
      'trailing',
    ]);
    expect(filterByRange(items, monthRange(2026, 11, here())).map((item) => item.id)).toEqual(['in-month']);
  });
});

describe('the month in a chosen zone (Settings → Schedule), whatever the browser’s', () => {
  const newYork = 'America/New_York';

  it('runs a month from the zone’s midnight of the 1st, across its daylight-saving change', () => {
    expect(monthRange(2026, 10, newYork)).toEqual({
      from: new Date('2026-11-01T04:00:00Z'),
      to: new Date('2026-12-01T05:00:00Z'),
    });
    // November 2026's grid: Sunday 1 November to Saturday 5 December.
    expect(gridRange(2026, 10, 'Asia/Tokyo')).toEqual({
      from: new Date('2026-10-31T15:00:00Z'),
      to: new Date('2026-12-05T15:00:00Z'),
    });
  });

  it('puts a post on its day in the zone', () => {
    const late = unplanned('late', '2026-11-06T02:30:00.000Z');
    expect([...groupPostsByDay([late], newYork).keys()]).toEqual(['2026-11-05']);
    expect([...groupPostsByDay([late], 'Asia/Tokyo').keys()]).toEqual(['2026-11-06']);
    expect(filterByRange([late], monthRange(2026, 10, 'Pacific/Honolulu')).map((post) => post.id)).toEqual([
      'late',
    ]);
    expect(
      filterByRange([unplanned('first', '2026-11-01T02:00:00Z')], monthRange(2026, 10, newYork)),
    ).toEqual([]);
  });
});
