import { act, renderHook } from '@testing-library/react';
import type { TopicIdea } from '@/lib/supabase/database-types';
import type { IdeaSort } from './filter-ideas';
import { ideasShownPerStep, useIdeasView } from './use-ideas-view';
import { ideaRow } from '../../../tests/helpers/rows.ts';

const topics = (ideas: TopicIdea[]) => ideas.map((idea) => idea.topic);

/** What the Ideas Bank shows for this list, search and order (the hook the page renders with). */
function view(ideas: TopicIdea[], search: string, sort: IdeaSort): TopicIdea[] {
  const { result } = renderHook(() => useIdeasView(ideas, search, sort));
  return result.current.visible;
}

describe('useIdeasView: search', () => {
  const ideas = [
    ideaRow({ topic: 'Remote Work culture', created_at: '2026-03-03T12:00:00+00:00' }),
    ideaRow({ topic: 'AI in healthcare', created_at: '2026-03-02T12:00:00+00:00' }),
    ideaRow({ topic: 'Why remote teams fail', created_at: '2026-03-01T12:00:00+00:00' }),
  ];

  it('matches a case-insensitive substring of the topic, anywhere in it', () => {
    expect(topics(view(ideas, 'REMOTE', 'date'))).toEqual(['Remote Work culture', 'Why remote teams fail']);
    expect(topics(view(ideas, 'health', 'date'))).toEqual(['AI in healthcare']);
    expect(topics(view(ideas, 'mote te', 'date'))).toEqual(['Why remote teams fail']);
  });

  it('returns every idea for an empty or blank search', () => {
    expect(view(ideas, '', 'date')).toHaveLength(3);
    expect(view(ideas, '   ', 'date')).toHaveLength(3);
  });

  it('ignores spaces around the search', () => {
    expect(topics(view(ideas, '  ai in ', 'date'))).toEqual(['AI in healthcare']);
  });

  it('returns nothing when no topic matches', () => {
    expect(view(ideas, 'blockchain', 'date')).toEqual([]);
  });

  it.each(['(', '*', '\\', '[', 'a+b', '.*', '$^', '?'])(
    'matches %j literally, never as a pattern',
    (needle) => {
      const special = [
        ideaRow({ topic: `Has ${needle} inside` }),
        ideaRow({ topic: 'Plain topic with a b and ab' }),
      ];
      expect(topics(view(special, needle, 'date'))).toEqual([`Has ${needle} inside`]);
    },
  );

  it('matches unbalanced brackets and a trailing backslash', () => {
    const special = [
      ideaRow({ topic: 'C:\\path\\' }),
      ideaRow({ topic: 'array[0' }),
      ideaRow({ topic: 'f(x' }),
    ];
    expect(topics(view(special, 'path\\', 'date'))).toEqual(['C:\\path\\']);
    expect(topics(view(special, '[0', 'date'))).toEqual(['array[0']);
    expect(topics(view(special, 'F(', 'date'))).toEqual(['f(x']);
  });
});

describe('useIdeasView: order', () => {
  const old = ideaRow({ topic: 'old, used 5', used_count: 5, created_at: '2026-01-01T12:00:00+00:00' });
  const middle = ideaRow({
    topic: 'middle, used 2',
    used_count: 2,
    created_at: '2026-02-01T12:00:00+00:00',
  });
  const newest = ideaRow({
    topic: 'newest, used 2',
    used_count: 2,
    created_at: '2026-03-01T12:00:00+00:00',
  });
  const unused = ideaRow({ topic: 'unused', used_count: 0, created_at: '2026-04-01T12:00:00+00:00' });
  const shuffled = [middle, unused, old, newest];

  it('sorts by date, newest first', () => {
    expect(topics(view(shuffled, '', 'date'))).toEqual([
      'unused',
      'newest, used 2',
      'middle, used 2',
      'old, used 5',
    ]);
  });

  it('sorts by usage, highest first, and newest first among ties', () => {
    expect(topics(view(shuffled, '', 'usage'))).toEqual([
      'old, used 5',
      'newest, used 2',
      'middle, used 2',
      'unused',
    ]);
  });

  it('keeps the order while filtering', () => {
    expect(topics(view(shuffled, 'used 2', 'usage'))).toEqual(['newest, used 2', 'middle, used 2']);
  });

  it('does not change the list it was given', () => {
    const copy = [...shuffled];
    view(shuffled, '', 'usage');
    expect(shuffled).toEqual(copy);
  });
});

describe('useIdeasView: rows shown', () => {
  const many = Array.from({ length: ideasShownPerStep + 12 }, (_, i) =>
    ideaRow({ topic: `Growth idea ${i}` }),
  );

  it('shows one step of rows, counts every match, and shows another step on "Show more"', () => {
    const { result } = renderHook(() => useIdeasView(many, '', 'date'));
    expect(result.current.visible).toHaveLength(ideasShownPerStep);
    expect(result.current.total).toBe(many.length);
    act(() => result.current.showMore());
    expect(result.current.visible).toHaveLength(many.length);
  });

  it('goes back to one step when the search or the order changes', () => {
    const { result, rerender } = renderHook(({ search, sort }) => useIdeasView(many, search, sort), {
      initialProps: { search: '', sort: 'date' as IdeaSort },
    });
    act(() => result.current.showMore());
    rerender({ search: 'growth', sort: 'date' });
    expect(result.current.visible).toHaveLength(ideasShownPerStep);
    expect(result.current.activeSearch).toBe('growth');
    act(() => result.current.showMore());
    rerender({ search: 'growth', sort: 'usage' });
    expect(result.current.visible).toHaveLength(ideasShownPerStep);
  });
});
