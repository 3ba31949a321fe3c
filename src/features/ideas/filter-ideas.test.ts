import type { TopicIdea } from '@/lib/supabase/database-types';
import { compareNewestFirst, filterIndexed, indexIdeas, sortIdeas, usedLabel } from './filter-ideas';
import { ideaRow } from '../../../tests/helpers/rows.ts';

const topics = (ideas: TopicIdea[]) => ideas.map((idea) => idea.topic);

describe('sortIdeas and compareNewestFirst', () => {
  it('orders the same instant by microseconds, then by id (the order the store pages in)', () => {
    const a = ideaRow({ id: 'b-id', created_at: '2026-03-01T12:00:00.123456+00:00' });
    const b = ideaRow({ id: 'a-id', created_at: '2026-03-01T12:00:00.123456+00:00' });
    const later = ideaRow({ id: 'z-id', created_at: '2026-03-01T12:00:00.123457+00:00' });
    expect(sortIdeas([a, b, later], 'date').map((idea) => idea.id)).toEqual(['z-id', 'a-id', 'b-id']);
    expect([a, b, later].sort(compareNewestFirst).map((idea) => idea.id)).toEqual(['z-id', 'a-id', 'b-id']);
  });

  it('compares timestamps as instants, not as text', () => {
    const utc = ideaRow({ topic: 'utc', created_at: '2026-03-01T12:00:00Z' });
    const berlin = ideaRow({ topic: 'berlin', created_at: '2026-03-01T13:30:00+02:00' }); // 11:30 UTC
    expect(topics(sortIdeas([berlin, utc], 'date'))).toEqual(['utc', 'berlin']);
  });
});

describe('filterIndexed', () => {
  // Speed is measured by `npm run bench`, never asserted in a test; this checks the result only.
  it('finds matches across a precomputed index of 10,000 ideas', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      ideaRow({ topic: `Idea number ${i} about Growth (${i % 7})`, used_count: i % 13 }),
    );
    const index = indexIdeas(many, 'usage');
    expect(filterIndexed(index, 'number 9999')).toHaveLength(1);
    expect(filterIndexed(index, 'growth (3')).toHaveLength(many.filter((_, i) => i % 7 === 3).length);
  });
});

describe('usedLabel', () => {
  it.each([
    [0, 'Used 0 times'],
    [1, 'Used 1 time'],
    [2, 'Used 2 times'],
    [3, 'Used 3 times'],
    [11, 'Used 11 times'],
  ])('%i → %s', (count, label) => {
    expect(usedLabel(count)).toBe(label);
  });
});
