import { describe, expect, it } from 'vitest';
import { formatFullPlanTime } from './format-full-plan-time';
import { formatPlanTime } from './format-plan-time';
import { formatDayAndTime, formatTimeOfDay } from './plan-dates';
import { readPlanInput } from './plan-input';
import {
  fromZonedDateTimeLocal,
  startOfZoneDay,
  toZonedDateTimeLocal,
  zoneDayKey,
  wallTimeToInstant,
} from './time-zone';

// Every expectation is an absolute instant (ISO with Z), so these hold whatever the machine's zone.
const at = (iso: string) => new Date(iso);

describe('datetime-local values in a chosen zone', () => {
  it('shows an instant as the wall clock of the zone, not the browser’s', () => {
    const instant = at('2026-11-27T14:00:00Z');
    expect(toZonedDateTimeLocal(instant, 'America/New_York')).toBe('2026-11-27T09:00');
    expect(toZonedDateTimeLocal(instant, 'Europe/London')).toBe('2026-11-27T14:00');
    expect(toZonedDateTimeLocal(instant, 'Asia/Kolkata')).toBe('2026-11-27T19:30');
    expect(toZonedDateTimeLocal(instant, 'Pacific/Auckland')).toBe('2026-11-28T03:00');
  });

  it('reads a typed wall-clock time in the zone, and writes it back as typed', () => {
    expect(fromZonedDateTimeLocal('2026-11-27T09:00', 'America/New_York')).toEqual(
      at('2026-11-27T14:00:00Z'),
    );
    expect(fromZonedDateTimeLocal('2026-07-01T09:00', 'Europe/London')).toEqual(at('2026-07-01T08:00:00Z'));
    expect(fromZonedDateTimeLocal('2026-11-27T09:00:30', 'UTC')).toEqual(at('2026-11-27T09:00:30Z'));
    for (const zone of ['America/New_York', 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe']) {
      const typed = '2026-12-31T23:45';
      expect(toZonedDateTimeLocal(fromZonedDateTimeLocal(typed, zone)!, zone)).toBe(typed);
    }
  });

  it('keeps 9:00 at 9:00 either side of a daylight-saving change', () => {
    // London: BST (UTC+1) until 25 October 2026, GMT after; New York: EDT until 1 November.
    expect(fromZonedDateTimeLocal('2026-10-24T09:00', 'Europe/London')).toEqual(at('2026-10-24T08:00:00Z'));
    expect(fromZonedDateTimeLocal('2026-10-26T09:00', 'Europe/London')).toEqual(at('2026-10-26T09:00:00Z'));
    expect(fromZonedDateTimeLocal('2026-10-31T09:00', 'America/New_York')).toEqual(
      at('2026-10-31T13:00:00Z'),
    );
    expect(fromZonedDateTimeLocal('2026-11-02T09:00', 'America/New_York')).toEqual(
      at('2026-11-02T14:00:00Z'),
    );
  });

  it('reads a skipped time an hour later and a repeated time as its second occurrence, as PostgreSQL does', () => {
    // London springs forward at 01:00 GMT on 28 March 2027: 01:30 does not exist, 02:30 BST does.
    const skipped = fromZonedDateTimeLocal('2027-03-28T01:30', 'Europe/London')!;
    expect(skipped).toEqual(at('2027-03-28T01:30:00Z'));
    expect(toZonedDateTimeLocal(skipped, 'Europe/London')).toBe('2027-03-28T02:30');
    // It falls back at 02:00 BST on 25 October 2026: 01:30 happens twice; the second is 01:30 GMT.
    expect(fromZonedDateTimeLocal('2026-10-25T01:30', 'Europe/London')).toEqual(at('2026-10-25T01:30:00Z'));
    expect(wallTimeToInstant('Europe/London', { year: 2026, month: 10, day: 25 }, 1, 30)).toBe(
      Date.parse('2026-10-25T01:30:00Z'),
    );
  });

  it('reads nothing from an empty, partial, offset or impossible value', () => {
    for (const value of [
      '',
      '2026-11-27',
      '2026-11-27T09:00Z',
      '2026-11-27T09:00+01:00',
      '2026-02-30T09:00',
      '2026-13-01T09:00',
      '2026-11-27T24:00',
      '2026-11-27T09:60',
    ])
      expect(fromZonedDateTimeLocal(value, 'Europe/London')).toBeNull();
  });

  it('refuses a plan for a time already come in the zone', () => {
    const now = at('2026-11-27T14:30:00Z'); // 9:30 AM in New York
    expect(readPlanInput('2026-11-27T09:00', 'America/New_York', now)).toEqual({
      ok: false,
      problem: 'passed',
    });
    expect(readPlanInput('2026-11-27T10:00', 'America/New_York', now)).toEqual({
      ok: true,
      date: at('2026-11-27T15:00:00Z'),
    });
    // The same typed value is still to come in a zone further west.
    expect(readPlanInput('2026-11-27T09:00', 'America/Los_Angeles', now)).toMatchObject({ ok: true });
  });
});

describe('days in a chosen zone', () => {
  it('puts an instant on the day of the zone’s wall clock', () => {
    const lateEvening = at('2026-11-06T02:30:00Z');
    expect(zoneDayKey(lateEvening, 'America/New_York')).toBe('2026-11-05');
    expect(zoneDayKey(lateEvening, 'Europe/London')).toBe('2026-11-06');
  });

  it('starts a day at the zone’s midnight, whatever its offset that day', () => {
    expect(startOfZoneDay({ year: 2026, month: 11, day: 1 }, 'America/New_York')).toEqual(
      at('2026-11-01T04:00:00Z'),
    );
    expect(startOfZoneDay({ year: 2026, month: 11, day: 2 }, 'America/New_York')).toEqual(
      at('2026-11-02T05:00:00Z'),
    );
  });
});

describe('planned times written in a chosen zone', () => {
  const instant = at('2026-12-01T13:30:00Z');

  it('names the day and time on the zone’s wall clock', () => {
    expect(formatPlanTime(instant, 'America/New_York')).toBe('Tue 1 Dec, 8:30 AM');
    expect(formatPlanTime(instant, 'Pacific/Auckland')).toBe('Wed 2 Dec, 2:30 AM');
    expect(formatTimeOfDay(instant, 'Asia/Kolkata')).toBe('7:00 PM');
    expect(formatDayAndTime(instant, 'Europe/London')).toBe('1 Dec, 1:30 PM');
    expect(formatFullPlanTime(instant, 'America/Los_Angeles')).toBe('Tuesday, December 1, 2026 at 5:30 AM');
  });
});
