import { useDeferredValue, useMemo, useState } from 'react';
import type { TopicIdea } from '@/lib/supabase/database-types';
import { filterIndexed, indexIdeas, normalizeSearch, type IdeaSort } from './filter-ideas';

/** Rows rendered at a time; "Show more" adds this many again. */
export const ideasShownPerStep = 100;

/**
 * The searched, sorted and capped view of the ideas. Sorting and lower-casing run once per list or
 * order change; a keystroke only runs `includes` over the precomputed topics (well under a
 * millisecond for 10,000 ideas), and the deferred search keeps typing responsive while the rows
 * re-render. At most `shown` rows are rendered.
 */
export function useIdeasView(ideas: TopicIdea[], search: string, sort: IdeaSort) {
  const deferredSearch = useDeferredValue(search);
  const index = useMemo(() => indexIdeas(ideas, sort), [ideas, sort]);
  const matches = useMemo(() => filterIndexed(index, deferredSearch), [index, deferredSearch]);
  const activeSearch = deferredSearch.trim();

  // The cap goes back to one step whenever the search or the order changes: adjusted while
  // rendering (React's "state from the previous render" pattern), not in an effect.
  const viewKey = `${sort}\n${normalizeSearch(deferredSearch)}`;
  const [cap, setCap] = useState({ key: viewKey, count: ideasShownPerStep });
  if (cap.key !== viewKey) setCap({ key: viewKey, count: ideasShownPerStep });
  const shown = Math.min(cap.key === viewKey ? cap.count : ideasShownPerStep, matches.length);
  const visible = useMemo(() => matches.slice(0, shown), [matches, shown]);

  return {
    visible,
    total: matches.length,
    activeSearch,
    /** True while the rows still show the previous search. */
    stale: search !== deferredSearch,
    showMore: () => setCap({ key: viewKey, count: shown + ideasShownPerStep }),
  };
}
