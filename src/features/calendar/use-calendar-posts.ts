import { useState } from 'react';
import type { Post } from '@/entities/post/post';
import { filterByRange, gridRange, monthRange } from './month-grid';
import { useLiveRefresh } from '@/entities/post/publishing/use-live-refresh';
import { useMonthPosts, type LoadMonth } from './use-month-posts';
import { useUpcoming, type LoadUpcoming } from './use-upcoming';

interface Options {
  loadMonth: LoadMonth;
  loadUpcoming: LoadUpcoming;
  year: number;
  monthIndex: number;
  /** The time the live refresh compares plans with. */
  clock: () => Date;
  /** Planning's time zone: the month's days are its days. */
  timeZone: string;
}

/**
 * The calendar's posts: the visible month's, the Upcoming list, and the post open in the dialog,
 * kept in step. A changed post is put in place in all three; while one is due or going out, both
 * lists reload quietly (see useLiveRefresh), and the dialog follows the freshest copy.
 */
export function useCalendarPosts({ loadMonth, loadUpcoming, year, monthIndex, clock, timeZone }: Options) {
  const month = useMonthPosts(loadMonth, year, monthIndex, timeZone);
  const upcoming = useUpcoming(loadUpcoming);
  /** The open post as last seen; a fresher copy in the month or the Upcoming list wins. */
  const [opened, setOpened] = useState<Post | null>(null);

  const loaded = month.state.status === 'ready' ? month.state.posts : [];
  const planned = upcoming.state.status === 'ready' ? upcoming.state.posts : [];
  // The grid shows the adjacent months' days with their posts; the agenda and the count, the month's.
  const gridPosts = filterByRange(loaded, gridRange(year, monthIndex, timeZone));
  const posts = filterByRange(gridPosts, monthRange(year, monthIndex, timeZone));
  const openPost =
    opened &&
    (loaded.find((post) => post.id === opened.id) ?? planned.find((post) => post.id === opened.id) ?? opened);

  useLiveRefresh([...gridPosts, ...planned], clock, () => {
    month.refresh();
    upcoming.refresh();
  });

  /** Puts a saved post in place everywhere (an edit: the Upcoming list shows no content). */
  function putInPlace(post: Post) {
    month.replacePost(post);
    upcoming.replacePost(post);
    setOpened((current) => (current?.id === post.id ? post : current));
  }

  return {
    month,
    upcoming,
    /** The visible month's posts. */
    posts,
    /** The posts of every day the month grid shows, the adjacent months' leading and trailing days too. */
    gridPosts,
    openPost,
    open: (post: Post) => setOpened(post),
    close: () => setOpened(null),
    putInPlace,
    /** Puts a post with a new plan or status in place, and reloads the Upcoming list. */
    planChanged: (post: Post) => {
      putInPlace(post);
      upcoming.refresh();
    },
  };
}
