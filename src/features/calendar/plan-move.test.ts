import {
  dayAfter,
  decideMove,
  decideMoveTo,
  movedMessage,
  passedTimeMessage,
  pastDayMessage,
  undoneMessage,
} from './plan-move';

const iso = (monthIndex: number, day: number, hour: number, minute = 0) =>
  new Date(2026, monthIndex, day, hour, minute).toISOString();
/** Wednesday 18 November 2026, 10:30 local time. */
const now = new Date(2026, 10, 18, 10, 30);
const day = (date: number, monthIndex = 10) => new Date(2026, monthIndex, date);

describe('decideMove', () => {
  const draft = { calendar_at: iso(10, 10, 9, 15), planned_at: null };

  it('plans the target day at the post’s calendar time of day', () => {
    expect(decideMove(draft, day(20), now)).toEqual({
      kind: 'planned',
      plannedAt: new Date(2026, 10, 20, 9, 15),
      passed: null,
    });
    expect(decideMove(draft, day(2, 11), now)).toMatchObject({ plannedAt: new Date(2026, 11, 2, 9, 15) });
  });

  it('refuses any day before today, even yesterday late in the evening', () => {
    expect(decideMove(draft, day(17), now)).toEqual({ kind: 'refused', message: pastDayMessage });
    expect(decideMove({ calendar_at: iso(10, 20, 23, 59), planned_at: null }, day(17), now).kind).toBe(
      'refused',
    );
  });

  it('takes today at a later time as it is, and a time already gone as the next full hour', () => {
    const evening = { calendar_at: iso(10, 10, 18, 0), planned_at: null };
    expect(decideMove(evening, day(18), now)).toEqual({
      kind: 'planned',
      plannedAt: new Date(2026, 10, 18, 18, 0),
      passed: null,
    });
    expect(decideMove(draft, day(18), now)).toEqual({
      kind: 'planned',
      plannedAt: new Date(2026, 10, 18, 11, 0),
      passed: new Date(2026, 10, 18, 9, 15),
    });
    const exactlyNow = { calendar_at: iso(10, 10, 10, 30), planned_at: null };
    expect(decideMove(exactlyNow, day(18), now)).toMatchObject({ plannedAt: new Date(2026, 10, 18, 11, 0) });
    const aMinuteLater = { calendar_at: iso(10, 10, 10, 31), planned_at: null };
    expect(decideMove(aMinuteLater, day(18), now)).toMatchObject({
      plannedAt: new Date(2026, 10, 18, 10, 31),
    });
  });

  it('has nothing to save when the post is already planned for that time', () => {
    const planned = { calendar_at: iso(10, 20, 9, 0), planned_at: iso(10, 20, 9, 0) };
    expect(decideMove(planned, day(20), now)).toEqual({ kind: 'unchanged' });
    expect(decideMove(planned, day(21), now).kind).toBe('planned');
  });
});

describe('dayAfter', () => {
  it('steps whole local days from the post’s calendar day, across months', () => {
    const post = { calendar_at: iso(10, 30, 16, 0) };
    expect(dayAfter(post, 1)).toEqual(new Date(2026, 11, 1));
    expect(dayAfter(post, -7)).toEqual(new Date(2026, 10, 23));
    expect(dayAfter(post, 0)).toEqual(new Date(2026, 10, 30));
  });
});

describe('messages', () => {
  it('says where a post went, and why when the time was moved to the next hour', () => {
    expect(movedMessage('Launch recap', new Date(2026, 10, 27, 9, 0), null)).toBe(
      'Moved “Launch recap” to Fri 27 Nov, 9:00 AM.',
    );
    expect(movedMessage('', new Date(2026, 10, 18, 11, 0), new Date(2026, 10, 18, 9, 15))).toBe(
      'Moved “Untitled post” to Wed 18 Nov, 11:00 AM, the next full hour, because 9:15 AM has already passed today.',
    );
  });

  it('says what an undo restored', () => {
    expect(undoneMessage('Launch recap', null)).toBe('“Launch recap” is a draft again.');
    expect(undoneMessage('Launch recap', iso(10, 27, 9, 0))).toBe(
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
