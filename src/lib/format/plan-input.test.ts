import { describe, expect, it } from 'vitest';
import { hasPassed, readPlanInput } from './plan-input';
import { browserTimeZone } from './time-zone';

const here = browserTimeZone();

// Local times: whatever the machine's time zone, these read back as written.
const now = new Date(2026, 10, 26, 12, 0);

describe('plan input', () => {
  it('reads a time still to come as a plan, in local time', () => {
    expect(readPlanInput('2026-11-27T09:00', here, now)).toEqual({
      ok: true,
      date: new Date(2026, 10, 27, 9, 0),
    });
    expect(readPlanInput('2026-11-26T12:01', here, now)).toEqual({
      ok: true,
      date: new Date(2026, 10, 26, 12, 1),
    });
  });

  it('refuses a time that has come, this very minute included', () => {
    expect(readPlanInput('2026-11-26T11:59', here, now)).toEqual({ ok: false, problem: 'passed' });
    expect(readPlanInput('2026-11-26T12:00', here, now)).toEqual({ ok: false, problem: 'passed' });
    expect(hasPassed(new Date(2026, 10, 26, 12, 0), now)).toBe(true);
    expect(hasPassed(new Date(2026, 10, 26, 12, 0, 1), now)).toBe(false);
  });

  it('reads nothing from an empty, partial or impossible value', () => {
    for (const value of ['', '2026-11-27', '2026-11-27T09:00Z', '2026-13-40T09:00']) {
      expect(readPlanInput(value, here, now)).toEqual({ ok: false, problem: 'missing' });
    }
  });

  it('compares with the clock when no time is given', () => {
    expect(readPlanInput('2000-01-01T09:00', here)).toEqual({ ok: false, problem: 'passed' });
    expect(readPlanInput('2999-01-01T09:00', here)).toMatchObject({ ok: true });
  });
});
