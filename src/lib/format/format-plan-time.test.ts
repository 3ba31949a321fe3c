import { formatPlanTime } from './format-plan-time';

describe('formatPlanTime', () => {
  it('gives the short weekday, day, short month and time', () => {
    expect(formatPlanTime(new Date(2026, 10, 27, 9, 0))).toBe('Fri 27 Nov, 9:00 AM');
    expect(formatPlanTime(new Date(2026, 11, 1, 14, 5))).toBe('Tue 1 Dec, 2:05 PM');
    expect(formatPlanTime(new Date(2027, 0, 3, 0, 30))).toBe('Sun 3 Jan, 12:30 AM');
  });
});
