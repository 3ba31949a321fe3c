import { addMonths, format, isSameMonth } from 'date-fns';
import { useId, useRef, useState, type JSX } from 'react';
import type { ImageEdit } from '@/lib/images/image-attachment';
import type { Post } from '@/lib/supabase/database-types';
import { buildMonthGrid, filterByRange, groupPostsByDay, localDate, monthRange } from '../month-grid';
import { useContainerWidth } from '../use-container-width';
import { useMonthPosts } from '../use-month-posts';
import { CalendarAgenda } from './calendar-agenda';
import { CalendarGrid } from './calendar-grid';
import { CalendarToolbar } from './calendar-toolbar';
import { MonthStatus } from './month-status';
import { PostDialog } from './post-dialog';

export interface CalendarPageProps {
  /** Loads the signed-in user's posts created in [from, to) (the visible month, in the user's time zone). */
  loadMonth: (from: Date, to: Date) => Promise<Post[]>;
  /** Saves new content for a post; resolves with the updated post. */
  onUpdatePost: (id: string, content: string, image?: ImageEdit) => Promise<Post>;
  /** Injected for tests; defaults to new Date(). */
  now?: Date;
  /** The author's hashtag maximum: the post check flags more. */
  maxHashtags?: number | undefined;
}

interface VisibleMonth {
  year: number;
  monthIndex: number;
}

/**
 * Below this page width (px) the month is an agenda: seven columns would leave each day about
 * 100 px, too little to read a topic. At 768 px a day is ~110 px wide and a chip shows two lines.
 */
export const agendaBelowWidth = 768;

const monthOf = (date: Date): VisibleMonth => ({ year: date.getFullYear(), monthIndex: date.getMonth() });

/**
 * /calendar: the user's posts on a month grid (an agenda of the month's days on narrow pages), each
 * opening a dialog to read and edit it (docs/product.md §2).
 */
export function CalendarPage({ loadMonth, onUpdatePost, now, maxHashtags }: CalendarPageProps): JSX.Element {
  const [openedAt] = useState(() => new Date());
  const today = now ?? openedAt;
  const [visible, setVisible] = useState<VisibleMonth>(() => monthOf(today));
  const [openPostId, setOpenPostId] = useState<string | null>(null);
  const titleId = useId();
  const container = useRef<HTMLDivElement>(null);
  const width = useContainerWidth(container);
  const asAgenda = width !== null && width < agendaBelowWidth;
  const { state, retry, replacePost } = useMonthPosts(loadMonth, visible.year, visible.monthIndex);

  const firstOfMonth = localDate(visible.year, visible.monthIndex, 1);
  const monthLabel = format(firstOfMonth, 'MMMM yyyy');
  // Only the visible month's posts are placed, so the greyed days of adjacent months stay empty.
  const posts =
    state.status === 'ready' ? filterByRange(state.posts, monthRange(visible.year, visible.monthIndex)) : [];
  const openPost = posts.find((post) => post.id === openPostId) ?? null;
  const showMonth = (date: Date) => setVisible(monthOf(date));

  return (
    <div ref={container} className="mx-auto max-w-6xl space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Content Calendar</h1>
      <CalendarToolbar
        titleId={titleId}
        monthLabel={monthLabel}
        onPrevious={() => showMonth(addMonths(firstOfMonth, -1))}
        onNext={() => showMonth(addMonths(firstOfMonth, 1))}
        onToday={() => {
          if (!isSameMonth(firstOfMonth, today)) showMonth(today);
        }}
      />
      <MonthStatus state={state} postCount={posts.length} monthLabel={monthLabel} onRetry={retry} />
      {asAgenda ? (
        <CalendarAgenda
          postsByDay={groupPostsByDay(posts)}
          today={today}
          labelledBy={titleId}
          busy={state.status === 'loading'}
          onOpenPost={(post) => setOpenPostId(post.id)}
        />
      ) : (
        <CalendarGrid
          weeks={buildMonthGrid(visible.year, visible.monthIndex)}
          postsByDay={groupPostsByDay(posts)}
          today={today}
          labelledBy={titleId}
          busy={state.status === 'loading'}
          onOpenPost={(post) => setOpenPostId(post.id)}
        />
      )}
      {openPost && (
        <PostDialog
          key={openPost.id}
          post={openPost}
          onClose={() => setOpenPostId(null)}
          maxHashtags={maxHashtags}
          onSave={async (content, image) => replacePost(await onUpdatePost(openPost.id, content, image))}
        />
      )}
    </div>
  );
}
