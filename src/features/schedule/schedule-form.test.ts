import { describe, expect, it } from 'vitest';
import { addSlot, checkForm, formKey, unknownZoneMessage } from './schedule-form';

describe('the Schedule form', () => {
  it('adds posting times in week order, several a day, and refuses one already there', () => {
    let slots = [{ weekday: 4, time: '08:30' }];
    const added = addSlot(slots, 2, '17:00');
    expect(added).toEqual({
      ok: true,
      slots: [
        { weekday: 2, time: '17:00' },
        { weekday: 4, time: '08:30' },
      ],
    });
    if (added.ok) slots = added.slots;
    const sameDay = addSlot(slots, 2, '08:30');
    expect(sameDay.ok && sameDay.slots.map((slot) => `${slot.weekday} ${slot.time}`)).toEqual([
      '2 08:30',
      '2 17:00',
      '4 08:30',
    ]);
    expect(addSlot(slots, 4, '08:30')).toEqual({
      ok: false,
      message: 'Thursday, 8:30 AM is already a posting time.',
    });
  });

  it('says what is wrong with a missing time or day', () => {
    expect(addSlot([], 2, '')).toEqual({ ok: false, message: 'Choose a time, for example 08:30.' });
    expect(addSlot([], 0, '08:30')).toEqual({ ok: false, message: 'Choose a day.' });
  });

  it('saves only a zone the platform knows, trimmed', () => {
    expect(checkForm({ timeZone: ' Europe/London ', slots: [] })).toEqual({
      ok: true,
      form: { timeZone: 'Europe/London', slots: [] },
    });
    expect(checkForm({ timeZone: 'Europe/Londn', slots: [] })).toEqual({
      ok: false,
      message: unknownZoneMessage,
    });
    expect(checkForm({ timeZone: '', slots: [] })).toEqual({ ok: false, message: unknownZoneMessage });
  });

  it('sees a change in the zone or the times, not in their order', () => {
    const a = {
      timeZone: 'UTC',
      slots: [
        { weekday: 2, time: '08:30' },
        { weekday: 4, time: '08:30' },
      ],
    };
    const b = {
      timeZone: 'UTC',
      slots: [
        { weekday: 4, time: '08:30' },
        { weekday: 2, time: '08:30' },
      ],
    };
    expect(formKey(a)).toBe(formKey(b));
    expect(formKey(a)).not.toBe(formKey({ ...a, timeZone: 'Europe/London' }));
  });
});
