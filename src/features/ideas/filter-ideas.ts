import type { TopicIdea } from '@/lib/supabase/database-types';

/** The Ideas Bank's two orders (docs/product.md §2): newest first, or most used first. */
export type IdeaSort = 'date' | 'usage';

/** An idea with its topic lower-cased once, so a keystroke only runs `includes` over the list. */
export interface SearchableIdea {
  idea: TopicIdea;
  text: string;
}

/**
 * Newest first, then by id: the order the store pages in (created_at desc, id asc), so local
 * inserts land where the server would put them. Timestamps come from Postgres as ISO strings in
 * one offset; the string compare breaks ties inside one millisecond (microseconds).
 */
export function compareNewestFirst(a: TopicIdea, b: TopicIdea): number {
  return (
    Date.parse(b.created_at) - Date.parse(a.created_at) ||
    compareText(b.created_at, a.created_at) ||
    compareText(a.id, b.id)
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A sorted copy; the time of each idea is parsed once (10,000 ideas sort in a few milliseconds). */
export function sortIdeas(ideas: readonly TopicIdea[], sort: IdeaSort): TopicIdea[] {
  const decorated = ideas.map((idea) => ({ idea, time: Date.parse(idea.created_at) }));
  decorated.sort(
    (a, b) =>
      (sort === 'usage' ? b.idea.used_count - a.idea.used_count : 0) ||
      b.time - a.time ||
      compareText(b.idea.created_at, a.idea.created_at) ||
      compareText(a.idea.id, b.idea.id),
  );
  return decorated.map(({ idea }) => idea);
}

/** Sorts and lower-cases once per list or order change (memoised by the page). */
export function indexIdeas(ideas: readonly TopicIdea[], sort: IdeaSort): SearchableIdea[] {
  return sortIdeas(ideas, sort).map((idea) => ({ idea, text: idea.topic.toLowerCase() }));
}

/** The search as matched: trimmed and lower-cased; '' means no search. */
export function normalizeSearch(search: string): string {
  return search.trim().toLowerCase();
}

/**
 * Case-insensitive, literal substring match on the topic. Plain `includes`, never a RegExp, so
 * characters such as `(`, `*`, `\` and `[` are matched as themselves.
 */
export function filterIndexed(index: readonly SearchableIdea[], search: string): TopicIdea[] {
  const query = normalizeSearch(search);
  const matches: TopicIdea[] = [];
  for (const entry of index) {
    if (query === '' || entry.text.includes(query)) matches.push(entry.idea);
  }
  return matches;
}

/** "Used 1 time", "Used 0 times", "Used 3 times" (docs/product.md §2: singular for 1). */
export function usedLabel(count: number): string {
  return `Used ${count} ${count === 1 ? 'time' : 'times'}`;
}
