import { dueSoonMs, isLive, overdueMs, untilLive } from './use-live-refresh';

const now = Date.parse('2026-11-18T10:30:00Z');
const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();
const post = (fields: Partial<Parameters<typeof isLive>[0]>): Parameters<typeof isLive>[0] => ({
  publish_status: 'scheduled',
  planned_at: null,
  next_attempt_at: null,
  publish_error_kind: null,
  first_comment_status: null,
  ...fields,
});

describe('isLive', () => {
  it('watches a post going out, and a scheduled one due within two minutes or just overdue', () => {
    expect(isLive(post({ publish_status: 'publishing' }), now)).toBe(true);
    expect(isLive(post({ planned_at: at(dueSoonMs) }), now)).toBe(true);
    expect(isLive(post({ planned_at: at(dueSoonMs + 1) }), now)).toBe(false);
    expect(isLive(post({ planned_at: at(-overdueMs) }), now)).toBe(true);
  });

  it('stops watching a post left waiting for its author: long overdue, or LinkedIn to reconnect', () => {
    expect(isLive(post({ planned_at: at(-overdueMs - 1) }), now)).toBe(false);
    expect(isLive(post({ planned_at: at(-60_000), publish_error_kind: 'reconnect' }), now)).toBe(false);
    expect(untilLive([post({ planned_at: at(-60 * 60_000) })], now)).toBeNull();
  });

  it('goes by the retry time when there is one', () => {
    expect(isLive(post({ planned_at: at(-60_000), next_attempt_at: at(10 * 60_000) }), now)).toBe(false);
    expect(isLive(post({ planned_at: at(60 * 60_000), next_attempt_at: at(60_000) }), now)).toBe(true);
  });

  it('watches a published post while its first comment is being posted, and not once it is settled', () => {
    const published = { publish_status: 'published' as const, planned_at: at(-60 * 60_000) };
    expect(isLive(post({ ...published, first_comment_status: 'sending' }), now)).toBe(true);
    expect(isLive(post({ ...published, first_comment_status: 'posted' }), now)).toBe(false);
    expect(isLive(post({ ...published, first_comment_status: 'failed' }), now)).toBe(false);
  });

  it('leaves drafts, published and failed posts alone', () => {
    for (const publish_status of ['draft', 'published', 'failed'] as const)
      expect(isLive(post({ publish_status, planned_at: at(0) }), now)).toBe(false);
  });
});

describe('untilLive', () => {
  it('gives the wait until the first scheduled post is two minutes from its time', () => {
    const posts = [
      post({ planned_at: at(60 * 60_000) }),
      post({ planned_at: at(5 * 60_000) }),
      post({ publish_status: 'draft', planned_at: null }),
    ];
    expect(untilLive(posts, now)).toBe(3 * 60_000);
    expect(untilLive([post({ publish_status: 'published', planned_at: at(5 * 60_000) })], now)).toBeNull();
    expect(untilLive([], now)).toBeNull();
    // Nothing to wait for: no time, a time now or gone, or a post waiting for a reconnect.
    expect(untilLive([post({ planned_at: null })], now)).toBeNull();
    expect(untilLive([post({ planned_at: at(0) })], now)).toBeNull();
    expect(untilLive([post({ planned_at: at(1) })], now)).toBe(0);
    expect(
      untilLive([post({ planned_at: at(5 * 60_000), publish_error_kind: 'reconnect' })], now),
    ).toBeNull();
  });
});
