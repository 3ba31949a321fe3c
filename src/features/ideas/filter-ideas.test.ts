import type { TopicIdea } from '@/lib/supabase/database-types';
import {
  compareNewestFirst,
  filterAndSortIdeas,
  filterIndexed,
  indexIdeas,
  sortIdeas,
  usedLabel,
} from './filter-ideas';

let sequence = 0;
function buildIdea(overrides: Partial<TopicIdea> = {}): TopicIdea {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    user_id: 'user-1',
    topic: `Topic ${sequence}`,
    used_count: 0,
    created_at: '2026-03-01T12:00:00+00:00',
    ...overrides,
  };
}

const topics = (ideas: TopicIdea[]) => ideas.map((idea) => idea.topic);

describe('filterAndSortIdeas: search', () => {
  const ideas = [
    buildIdea({ topic: 'Remote Work culture', created_at: '2026-03-03T12:00:00+00:00' }),
    buildIdea({ topic: 'AI in healthcare', created_at: '2026-03-02T12:00:00+00:00' }),
    buildIdea({ topic: 'Why remote teams fail', created_at: '2026-03-01T12:00:00+00:00' }),
  ];

  it('matches a case-insensitive substring of the topic, anywhere in it', () => {
    expect(topics(filterAndSortIdeas(ideas, 'REMOTE', 'date'))).toEqual([
      'Remote Work culture',
      'Why remote teams fail',
    ]);
    expect(topics(filterAndSortIdeas(ideas, 'health', 'date'))).toEqual(['AI in healthcare']);
    expect(topics(filterAndSortIdeas(ideas, 'mote te', 'date'))).toEqual(['Why remote teams fail']);
  });

  it('returns every idea for an empty or blank search', () => {
    expect(filterAndSortIdeas(ideas, '', 'date')).toHaveLength(3);
    expect(filterAndSortIdeas(ideas, '   ', 'date')).toHaveLength(3);
  });

  it('ignores spaces around the search', () => {
    expect(topics(filterAndSortIdeas(ideas, '  ai in ', 'date'))).toEqual(['AI in healthcare']);
  });

  it('returns nothing when no topic matches', () => {
    expect(filterAndSortIdeas(ideas, 'blockchain', 'date')).toEqual([]);
  });

  it.each(['(', '*', '\\', '[', 'a+b', '.*', '$^', '?'])(
    'matches %j literally, never as a pattern',
    (needle) => {
      const special = [
        buildIdea({ topic: `Has ${needle} inside` }),
        buildIdea({ topic: 'Plain topic with a b and ab' }),
      ];
      expect(topics(filterAndSortIdeas(special, needle, 'date'))).toEqual([`Has ${needle} inside`]);
    },
  );

  it('matches unbalanced brackets and a trailing backslash', () => {
    const special = [
      buildIdea({ topic: 'C:\\path\\' }),
      buildIdea({ topic: 'array[0' }),
      buildIdea({ topic: 'f(x' }),
    ];
    expect(topics(filterAndSortIdeas(special, 'path\\', 'date'))).toEqual(['C:\\path\\']);
    expect(topics(filterAndSortIdeas(special, '[0', 'date'))).toEqual(['array[0']);
    expect(topics(filterAndSortIdeas(special, 'F(', 'date'))).toEqual(['f(x']);
  });
});

describe('filterAndSortIdeas: order', () => {
  const old = buildIdea({ topic: 'old, used 5', used_count: 5, created_at: '2026-01-01T12:00:00+00:00' });
  const middle = buildIdea({
    topic: 'middle, used 2',
    used_count: 2,
    created_at: '2026-02-01T12:00:00+00:00',
  });
  const newest = buildIdea({
    topic: 'newest, used 2',
    used_count: 2,
    created_at: '2026-03-01T12:00:00+00:00',
  });
  const unused = buildIdea({ topic: 'unused', used_count: 0, created_at: '2026-04-01T12:00:00+00:00' });
  const shuffled = [middle, unused, old, newest];

  it('sorts by date, newest first', () => {
    expect(topics(filterAndSortIdeas(shuffled, '', 'date'))).toEqual([
      'unused',
      'newest, used 2',
      'middle, used 2',
      'old, used 5',
    ]);
  });

  it('sorts by usage, highest first, and newest first among ties', () => {
    expect(topics(filterAndSortIdeas(shuffled, '', 'usage'))).toEqual([
      'old, used 5',
      'newest, used 2',
      'middle, used 2',
      'unused',
    ]);
  });

  it('keeps the order while filtering', () => {
    expect(topics(filterAndSortIdeas(shuffled, 'used 2', 'usage'))).toEqual([
      'newest, used 2',
      'middle, used 2',
    ]);
  });

  it('does not change the list it was given', () => {
    const copy = [...shuffled];
    filterAndSortIdeas(shuffled, '', 'usage');
    expect(shuffled).toEqual(copy);
  });

  it('orders the same instant by microseconds, then by id (the order the store pages in)', () => {
    const a = buildIdea({ id: 'b-id', created_at: '2026-03-01T12:00:00.123456+00:00' });
    const b = buildIdea({ id: 'a-id', created_at: '2026-03-01T12:00:00.123456+00:00' });
    const later = buildIdea({ id: 'z-id', created_at: '2026-03-01T12:00:00.123457+00:00' });
    expect(sortIdeas([a, b, later], 'date').map((idea) => idea.id)).toEqual(['z-id', 'a-id', 'b-id']);
    expect([a, b, later].sort(compareNewestFirst).map((idea) => idea.id)).toEqual(['z-id', 'a-id', 'b-id']);
  });

  it('compares timestamps as instants, not as text', () => {
    const utc = buildIdea({ topic: 'utc', created_at: '2026-03-01T12:00:00Z' });
    const berlin = buildIdea({ topic: 'berlin', created_at: '2026-03-01T13:30:00+02:00' }); // 11:30 UTC
    expect(topics(sortIdeas([berlin, utc], 'date'))).toEqual(['utc', 'berlin']);
  });
});

describe('filterIndexed', () => {
  // Speed is measured by `npm run bench`, never asserted in a test; this checks the result only.
  it('finds matches across a precomputed index of 10,000 ideas', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      buildIdea({ topic: `Idea number ${i} about Growth (${i % 7})`, used_count: i % 13 }),
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
