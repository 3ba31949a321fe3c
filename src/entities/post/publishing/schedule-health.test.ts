import type { Post } from '@/entities/post/post';
import { postRow } from '../../../../tests/helpers/post-row.ts';
import { scheduleFailingMessage, scheduleSilence } from './schedule-health';

const now = Date.parse('2026-11-28T12:00:00Z');
const minutes = (count: number) => new Date(now - count * 60_000).toISOString();
const planned = (at: string, fields: Partial<Post> = {}) =>
  postRow({
    id: `p-${at}`,
    user_id: 'u',
    topic: 'Plan',
    content: 'Text',
    is_published: false,
    created_at: minutes(60),
    planned_at: at,
    ...fields,
  });

describe('scheduleSilence', () => {
  it('is quiet while no scheduled post is more than five minutes late', () => {
    expect(scheduleSilence([planned(minutes(4))], null, now)).toBe(false);
    expect(scheduleSilence([planned(minutes(-30))], null, now)).toBe(false);
    // Waiting for a retry that is still ahead, or already out of the schedule's hands.
    expect(scheduleSilence([planned(minutes(30), { next_attempt_at: minutes(-2) })], null, now)).toBe(false);
    expect(scheduleSilence([planned(minutes(30), { publish_status: 'failed' })], null, now)).toBe(false);
  });

  it('is quiet when a run came within five minutes, and counts the silence otherwise', () => {
    const late = [planned(minutes(30))];
    expect(scheduleSilence(late, minutes(3), now)).toBe(false);
    expect(scheduleSilence(late, minutes(12), now)).toEqual({ sinceMs: 12 * 60_000 });
    expect(scheduleSilence(late, null, now)).toEqual({ sinceMs: null });
  });
});

describe('scheduleFailingMessage', () => {
  it('says how long in minutes, hours or days', () => {
    expect(scheduleFailingMessage(null)).toBe(
      'Scheduled publishing is failing: no scheduled run has reached the server yet, so planned posts are ' +
        'not going out to LinkedIn. Check the schedule (supabase/schedule-publishing.sql) and its secret key.',
    );
    expect(scheduleFailingMessage(12 * 60_000)).toContain('in 12 minutes,');
    expect(scheduleFailingMessage(5 * 3_600_000)).toContain('in 5 hours,');
    expect(scheduleFailingMessage(3 * 86_400_000)).toContain('in 3 days,');
  });
});
