import {
  dayAfter,
  decideMove,
  decideMoveTo,
  movedMessage,
  passedTimeMessage,
  pastDayMessage,
  undoneMessage,
} from './plan-move';
import { browserTimeZone } from '@/lib/format/time-zone';

/** The run's own zone: these local-time cases read as written in it. */
const here = browserTimeZone();

const iso = (monthIndex: number, day: number, hour: number, minute = 0) =>
  new Date(2026, monthIndex, day, hour, minute).toISOString();
/** Wednesday 18 November 2026, 10:30 local time. */
const now = new Date(2026, 10, 18, 10, 30);
const day = (date: number, monthIndex = 10) => new Date(2026, monthIndex, date);

describe('decideMove', () => {
  const draft = { calendar_at: iso(10, 10, 9, 15), planned_at: null };

  it('plans the target day at the post’s calendar time of day', () => {
    expect(decideMove(draft, day(20), now, here)).toEqual({
      kind: 'planned',
      plannedAt: new Date(2026, 10, 20, 9, 15),
      passed: null,
    });
    expect(decideMove(draft, day(2, 11), now, here)).toMatchObject({
      plannedAt: new Date(2026, 11, 2, 9, 15),
    });
  });

  it('refuses any day before today, even yesterday late in the evening', () => {
    expect(decideMove(draft, day(17), now, here)).toEqual({ kind: 'refused', message: pastDayMessage });
    expect(decideMove({ calendar_at: iso(10, 20, 23, 59), planned_at: null }, day(17), now, here).kind).toBe(
      'refused',
    );
  });

  it('takes today at a later time as it is, and a time already gone as the next full hour', () => {
    const evening = { calendar_at: iso(10, 10, 18, 0), planned_at: null };
    expect(decideMove(evening, day(18), now, here)).toEqual({
      kind: 'planned',
      plannedAt: new Date(2026, 10, 18, 18, 0),
      passed: null,
    });
    expect(decideMove(draft, day(18), now, here)).toEqual({
      kind: 'planned',
      plannedAt: new Date(2026, 10, 18, 11, 0),
      passed: new Date(2026, 10, 18, 9, 15),
    });
    const exactlyNow = { calendar_at: iso(10, 10, 10, 30), planned_at: null };
    expect(decideMove(exactlyNow, day(18), now, here)).toMatchObject({
      plannedAt: new Date(2026, 10, 18, 11, 0),
    });
    const aMinuteLater = { calendar_at: iso(10, 10, 10, 31), planned_at: null };
    expect(decideMove(aMinuteLater, day(18), now, here)).toMatchObject({
      plannedAt: new Date(2026, 10, 18, 10, 31),
    });
  });

  it('has nothing to save when the post is already planned for that time', () => {
    const planned = { calendar_at: iso(10, 20, 9, 0), planned_at: iso(10, 20, 9, 0) };
    expect(decideMove(planned, day(20), now, here)).toEqual({ kind: 'unchanged' });
    expect(decideMove(planned, day(21), now, here).kind).toBe('planned');
  });
});

describe('dayAfter', () => {
  it('steps whole local days from the post’s calendar day, across months', () => {
    const post = { calendar_at: iso(10, 30, 16, 0) };
    expect(dayAfter(post, 1, here)).toEqual(new Date(2026, 11, 1));
    expect(dayAfter(post, -7, here)).toEqual(new Date(2026, 10, 23));
    expect(dayAfter(post, 0, here)).toEqual(new Date(2026, 10, 30));
  });
});

describe('messages', () => {
  it('says where a post went, and why when the time was moved to the next hour', () => {
    expect(movedMessage('Launch recap', new Date(2026, 10, 27, 9, 0), null, here)).toBe(
      'Moved “Launch recap” to Fri 27 Nov, 9:00 AM.',
    );
    expect(movedMessage('', new Date(2026, 10, 18, 11, 0), new Date(2026, 10, 18, 9, 15), here)).toBe(
      'Moved “Untitled post” to Wed 18 Nov, 11:00 AM, the next full hour, because 9:15 AM has already passed today.',
    );
  });

  it('says what an undo restored', () => {
    expect(undoneMessage('Launch recap', null, here)).toBe('“Launch recap” is a draft again.');
    expect(undoneMessage('Launch recap', iso(10, 27, 9, 0), here)).toBe(
      'Moved “Launch recap” back to Fri 27 Nov, 9:00 AM.',
    );
  });
});

describe('decideMoveTo', () => {
  it('plans the exact moment picked, minutes and all, whatever the time of day the post had', () => {
    const at = new Date(2026, 11, 3, 14, 15);
    expect(decideMoveTo({ planned_at: iso(10, 20, 9) }, at, now)).toEqual({
      kind: 'planned',
      plannedAt: at,
      passed: null,
    });
    expect(decideMoveTo({ planned_at: null }, at, now)).toEqual({
      kind: 'planned',
      plannedAt: at,
      passed: null,
    });
  });

  it('refuses a moment already come, this very minute included', () => {
    const refused = { kind: 'refused', message: passedTimeMessage };
    expect(decideMoveTo({ planned_at: null }, new Date(2026, 10, 18, 9, 0), now)).toEqual(refused);
    expect(decideMoveTo({ planned_at: null }, now, now)).toEqual(refused);
    expect(decideMoveTo({ planned_at: null }, new Date(now.getTime() + 60_000), now).kind).toBe('planned');
  });

  it('changes nothing for the time the post is already planned for', () => {
    expect(decideMoveTo({ planned_at: iso(10, 20, 9) }, new Date(2026, 10, 20, 9, 0), now)).toEqual({
      kind: 'unchanged',
    });
  });
});

describe('moves in a chosen zone (Settings → Schedule), whatever the browser’s', () => {
  const newYork = 'America/New_York';
  /** Wednesday 28 October 2026, 8:00 AM in New York (EDT). */
  const octoberNow = new Date('2026-10-28T12:00:00Z');
  /** 9:15 AM in New York on Friday 30 October (EDT, UTC-4). */
  const draft = { calendar_at: '2026-10-30T13:15:00.000Z', planned_at: null };

  it('keeps the post at 9:15 AM New York time across the November change', () => {
    expect(decideMove(draft, day(3), octoberNow, newYork)).toEqual({
      kind: 'planned',
      // 9:15 AM EST (UTC-5).
      plannedAt: new Date('2026-11-03T14:15:00Z'),
      passed: null,
    });
    expect(movedMessage('Launch recap', new Date('2026-11-03T14:15:00Z'), null, newYork)).toBe(
      'Moved “Launch recap” to Tue 3 Nov, 9:15 AM.',
    );
  });

  it('steps days from the post’s day in the zone, not the browser’s', () => {
    // 10:00 PM on 18 November in New York is already the 19th in UTC.
    const evening = { calendar_at: '2026-11-19T03:00:00.000Z' };
    expect(dayAfter(evening, 1, newYork)).toEqual(day(19));
    expect(dayAfter(evening, 1, 'Asia/Tokyo')).toEqual(day(20));
  });

  it('refuses a day already over in the zone, and takes the zone’s next full hour for a time gone today', () => {
    // 18 November 2026, 03:10 UTC: still the 17th (10:10 PM) in New York.
    const lateNow = new Date('2026-11-18T03:10:00Z');
    expect(decideMove(draft, day(17), lateNow, newYork).kind).toBe('planned');
    expect(decideMove(draft, day(17), lateNow, 'Europe/London')).toEqual({
      kind: 'refused',
      message: pastDayMessage,
    });
    // 3:40 PM in Kolkata (UTC+5:30): the next full hour there is 4:00 PM, 10:30 UTC.
    const kolkataNow = new Date('2026-11-18T10:10:00Z');
    const morning = { calendar_at: '2026-11-10T03:30:00.000Z', planned_at: null }; // 9:00 AM IST
    expect(decideMove(morning, day(18), kolkataNow, 'Asia/Kolkata')).toEqual({
      kind: 'planned',
      plannedAt: new Date('2026-11-18T10:30:00Z'),
      passed: new Date('2026-11-18T03:30:00Z'),
    });
    expect(
      movedMessage('', new Date('2026-11-18T10:30:00Z'), new Date('2026-11-18T03:30:00Z'), 'Asia/Kolkata'),
    ).toBe(
      'Moved “Untitled post” to Wed 18 Nov, 4:00 PM, the next full hour, because 9:00 AM has already passed today.',
    );
  });
});
