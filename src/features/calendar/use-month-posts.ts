import { useEffect, useEffectEvent, useState } from 'react';
import type { Post } from '@/lib/supabase/database-types';
import { monthRange } from './month-grid';

export type LoadMonth = (from: Date, to: Date) => Promise<Post[]>;

export type MonthPosts =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; posts: Post[] };

type Settled = { key: string } & Exclude<MonthPosts, { status: 'loading' }>;

const fallbackMessage = 'Could not load your posts for this month.';

/**
 * The posts of one visible month, loaded with `loadMonth(from, to)` whenever the month changes or
 * `retry` is called. A reply for a month the user has already left is ignored. `loadMonth` is read
 * when a load starts, so an inline arrow from the route does not trigger a reload on every render.
 */
export function useMonthPosts(loadMonth: LoadMonth, year: number, monthIndex: number) {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);
  const key = `${year}-${monthIndex}#${attempt}`;
  const load = useEffectEvent((from: Date, to: Date) => loadMonth(from, to));

  useEffect(() => {
    let current = true;
    const { from, to } = monthRange(year, monthIndex);
    // The promise constructor also turns a synchronous throw into a rejection.
    new Promise<Post[]>((resolve) => resolve(load(from, to))).then(
      (posts) => {
        if (current) setSettled({ key, status: 'ready', posts });
      },
      (error: unknown) => {
        if (current)
          setSettled({
            key,
            status: 'error',
            message: error instanceof Error && error.message ? error.message : fallbackMessage,
          });
      },
    );
    return () => {
      current = false;
    };
  }, [year, monthIndex, key]);

  const state: MonthPosts = settled?.key === key ? settled : { status: 'loading' };

  return {
    state,
    retry: () => setAttempt((value) => value + 1),
    /** Puts a saved post in place of its old copy, without reloading the month. */
    replacePost: (updated: Post) =>
      setSettled((current) =>
        current?.status === 'ready'
          ? { ...current, posts: current.posts.map((post) => (post.id === updated.id ? updated : post)) }
          : current,
      ),
  };
}
