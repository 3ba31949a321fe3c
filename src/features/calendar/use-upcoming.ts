import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { Post } from '@/entities/post/post';

export type LoadUpcoming = (limit: number) => Promise<Post[]>;

export type UpcomingPosts =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; posts: Post[] };

/** How many planned posts the Upcoming list shows. */
export const upcomingLimit = 10;

const fallbackMessage = 'Could not load your upcoming posts.';

/**
 * The next planned posts, loaded on mount and on `retry`; `refresh` reloads quietly (no loading
 * state, and a failure keeps the list shown) after a plan changes or while a post is going out.
 * Only the newest request's reply counts, and one put in place here is not undone by an older one.
 */
export function useUpcoming(loadUpcoming: LoadUpcoming) {
  const [state, setState] = useState<UpcomingPosts>({ status: 'loading' });
  const latest = useRef(0);

  function load(quiet: boolean) {
    latest.current += 1;
    const request = latest.current;
    new Promise<Post[]>((resolve) => resolve(loadUpcoming(upcomingLimit))).then(
      (posts) => {
        if (request === latest.current) setState({ status: 'ready', posts });
      },
      (error: unknown) => {
        if (request !== latest.current) return;
        const message = error instanceof Error && error.message ? error.message : fallbackMessage;
        setState((current) => (quiet && current.status === 'ready' ? current : { status: 'error', message }));
      },
    );
  }
  const loadFirst = useEffectEvent(() => load(true));

  useEffect(() => {
    loadFirst();
  }, []);

  return {
    state,
    retry: () => {
      setState({ status: 'loading' });
      load(false);
    },
    refresh: () => load(true),
    /** Puts a changed post in place of its copy in the list (until the next refresh). */
    replacePost: (updated: Post) => {
      latest.current += 1;
      setState((current) =>
        current.status === 'ready'
          ? { ...current, posts: current.posts.map((post) => (post.id === updated.id ? updated : post)) }
          : current,
      );
    },
  };
}
