import type { VoiceSample } from '@/lib/supabase/database-types';
import { planVoiceSampleChanges } from './plan-voice-sample-changes';

const stored = (id: string, content: string, created_at: string): VoiceSample => ({
  id,
  user_id: 'user-1',
  content,
  created_at,
});

const a = stored('a', 'First post', '2026-01-01T10:00:00.000+00:00');
const b = stored('b', 'Second post', '2026-01-01T10:00:00.001+00:00');
const c = stored('c', 'Third post', '2026-01-01T10:00:00.002+00:00');
const now = Date.parse('2026-02-01T00:00:00Z');

describe('planVoiceSampleChanges', () => {
  it('nothing stored: adds everything, in order', () => {
    expect(planVoiceSampleChanges([], ['x', 'y'], now)).toEqual({
      keep: [],
      remove: [],
      add: ['x', 'y'],
      addAfter: now,
    });
  });

  it('the same list: keeps every row and writes nothing', () => {
    expect(planVoiceSampleChanges([a, b, c], ['First post', 'Second post', 'Third post'], now)).toEqual({
      keep: [a, b, c],
      remove: [],
      add: [],
      addAfter: now,
    });
  });

  it('an edited sample is deleted and its new text added; the others stay', () => {
    expect(
      planVoiceSampleChanges([a, b, c], ['First post', 'Second post, edited', 'Third post'], now),
    ).toEqual({
      keep: [a, c],
      remove: ['b'],
      add: ['Second post, edited'],
      addAfter: now,
    });
  });

  it('an empty list removes every sample', () => {
    expect(planVoiceSampleChanges([a, b], [], now)).toMatchObject({ keep: [], remove: ['a', 'b'], add: [] });
  });

  it('a text given twice is stored twice: one row matches one text', () => {
    expect(planVoiceSampleChanges([a], ['First post', 'First post'], now)).toMatchObject({
      keep: [a],
      remove: [],
      add: ['First post'],
    });
    const twin = stored('a2', 'First post', '2026-01-01T10:00:00.003+00:00');
    expect(planVoiceSampleChanges([a, twin], ['First post'], now)).toMatchObject({
      keep: [a],
      remove: ['a2'],
    });
  });

  it('new samples come after the kept ones even when this clock is behind the database’s', () => {
    const behind = Date.parse('2025-12-31T00:00:00Z');
    expect(planVoiceSampleChanges([a, b], ['First post', 'New'], behind).addAfter).toBe(
      Date.parse(a.created_at),
    );
    expect(planVoiceSampleChanges([a, b], ['Second post', 'New'], behind).addAfter).toBe(
      Date.parse(b.created_at),
    );
    expect(planVoiceSampleChanges([], ['New'], behind).addAfter).toBe(behind);
  });
});
