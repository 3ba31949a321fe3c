import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { Post } from '@/entities/post/post';
import { gridRange } from './month-grid';

export type LoadMonth = (from: Date, to: Date) => Promise<Post[]>;

export type MonthPosts =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; posts: Post[] };

type Settled = { key: string } & Exclude<MonthPosts, { status: 'loading' }>;

const fallbackMessage = 'Could not load your posts for this month.';

/**
 * The posts of one visible month's grid (the month and the adjacent months' days it shows, in
 * planning's zone), loaded with `loadMonth(from, to)` whenever the month or the zone changes or
 * `retry` is called. A reply for a month the user has already left is ignored. `loadMonth` is read
 * when a load starts, so an inline arrow from the route does not trigger a reload on every render.
 * `refresh` reloads quietly (no loading state; a failure keeps what is shown), for live statuses.
 */
export function useMonthPosts(loadMonth: LoadMonth, year: number, monthIndex: number, timeZone: string) {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);
  const key = `${year}-${monthIndex}@${timeZone}#${attempt}`;
  const load = useEffectEvent((from: Date, to: Date) => loadMonth(from, to));
  /** Counts posts put in place here, so a refresh that started before one cannot undo it. */
  const localChanges = useRef(0);

  useEffect(() => {
    let current = true;
    const { from, to } = gridRange(year, monthIndex, timeZone);
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
  }, [year, monthIndex, timeZone, key]);

  const state: MonthPosts = settled?.key === key ? settled : { status: 'loading' };

  return {
    state,
    retry: () => setAttempt((value) => value + 1),
    refresh: () => {
      const changes = localChanges.current;
      const { from, to } = gridRange(year, monthIndex, timeZone);
      new Promise<Post[]>((resolve) => resolve(loadMonth(from, to))).then(
        (posts) =>
          setSettled((current) =>
            current?.key === key && current.status === 'ready' && localChanges.current === changes
              ? { ...current, posts }
              : current,
          ),
        // Quiet: the month on screen stays, and the next refresh tries again.
        () => undefined,
      );
    },
    /**
     * Puts a saved post in place of its old copy (or adds it: it may have been planned into this
     * month), without reloading the month. The page shows only the posts whose day it shows.
     */
    replacePost: (updated: Post) => {
      localChanges.current += 1;
      setSettled((current) => {
        if (current?.status !== 'ready') return current;
        const known = current.posts.some((post) => post.id === updated.id);
        const posts = known
          ? current.posts.map((post) => (post.id === updated.id ? updated : post))
          : [...current.posts, updated];
        return { ...current, posts };
      });
    },
  };
}
