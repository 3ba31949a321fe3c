import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatDayAndTime,
  formatTimeOfDay,
  fromDateTimeLocal,
  toDateTimeLocal,
} from './plan-dates';
import { browserTimeZone } from './time-zone';

const here = browserTimeZone();

// Local times: whatever the machine's time zone, these read back as written.
const friday = new Date(2026, 10, 27, 9, 0);

describe('plan dates', () => {
  it('formats a publish time, a time of day and a day', () => {
    expect(formatDayAndTime(new Date(2026, 10, 27, 14, 5))).toBe('27 Nov, 2:05 PM');
    expect(formatTimeOfDay(new Date(2026, 10, 27, 9, 5))).toBe('9:05 AM');
    expect(formatTimeOfDay(new Date(2026, 10, 27, 12, 5))).toBe('12:05 PM');
    expect(formatTimeOfDay(new Date(2026, 10, 27, 0, 5))).toBe('12:05 AM');
    expect(formatDay(new Date(2027, 0, 26))).toBe('26 Jan 2027');
  });

  it('writes and reads datetime-local values in local time', () => {
    expect(toDateTimeLocal(new Date(2026, 10, 27, 9, 0, 42), here)).toBe('2026-11-27T09:00');
    expect(fromDateTimeLocal('2026-11-27T09:00', here)).toEqual(friday);
    expect(fromDateTimeLocal('2026-11-27T09:00:30', here)).toEqual(new Date(2026, 10, 27, 9, 0, 30));
  });

  it('reads nothing from an empty, partial or impossible value', () => {
    expect(fromDateTimeLocal('', here)).toBeNull();
    expect(fromDateTimeLocal('2026-11-27', here)).toBeNull();
    expect(fromDateTimeLocal('2026-11-27T09:00Z', here)).toBeNull();
    expect(fromDateTimeLocal('2026-13-40T09:00', here)).toBeNull();
  });
});
