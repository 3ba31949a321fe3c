import { addMonths, format } from 'date-fns';
import { useId, useRef, useState, type JSX, type ReactNode } from 'react';
import { zoneDay } from '@/lib/format/time-zone';
import { useScheduleStore } from '@/entities/post/queue/schedule-store';
import { usePlanTimeZone } from '@/entities/post/queue/use-plan-time-zone';
import type { ImageEdit } from '@/entities/post/image/image-attachment';
import type { Post } from '@/entities/post/post';
import type { AuthorStyle } from '@/entities/post/check/author-style';
import { freeSlotsByDay } from '../free-slots';
import {
  buildMonthGrid,
  gridRange,
  groupPostsByDay,
  inRange,
  localDate,
  monthRange,
  zoneGridDay,
} from '../month-grid';
import { dayAfter } from '../plan-move';
import { useCalendarPosts } from '../use-calendar-posts';
import { useChipFocus } from '../use-chip-focus';
import { useContainerWidth } from '../use-container-width';
import { usePlanMoves, type PlanPost, type PostMoves } from '../use-plan-moves';
import type { LoadUpcoming } from '../use-upcoming';
import { CalendarAgenda } from './calendar-agenda';
import { CalendarGrid } from './calendar-grid';
import { CalendarToolbar } from './calendar-toolbar';
import { MonthStatus } from './month-status';
import { MoveNotice } from './move-notice';
import { PlanningHint } from './planning-hint';
import { PostDialog } from './post-dialog';
import { isMovable } from './post-status';
import { UpcomingList } from './upcoming-list';

export interface CalendarPageProps {
  /** Loads the signed-in user's posts whose calendar day is in [from, to) (the visible month, in planning's time zone). */
  loadMonth: (from: Date, to: Date) => Promise<Post[]>;
  /** Saves new content for a post; resolves with the updated post. */
  onUpdatePost: (id: string, content: string, image?: ImageEdit) => Promise<Post>;
  /** Plans a post for a time, or makes it a draft again with null; resolves with the post as stored. */
  onPlanPost: PlanPost;
  /** The next planned posts still to go out, soonest first, at most `limit`. */
  loadUpcoming: LoadUpcoming;
  /** The post dialog's plan and publish controls, under the text; `onPostChange` puts a changed post in place. */
  renderPublishing?: ((post: Post, onPostChange: (post: Post) => void) => ReactNode) | undefined;
  /** Injected for tests; defaults to new Date(). */
  now?: Date;
  /** The author's hashtag maximum: the post check flags more. */
  maxHashtags?: number | undefined;
  /** The author's own posts, for the post check: their habits are information, not warnings. */
  authorStyle?: AuthorStyle | undefined;
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

/** The month an instant falls in on the wall clock of `timeZone`. */
function monthOf(date: Date, timeZone: string): VisibleMonth {
  const { year, month } = zoneDay(date, timeZone);
  return { year, monthIndex: month - 1 };
}

/**
 * /calendar: the user's posts on a month grid (an agenda of the month's days on narrow pages), each
 * opening a dialog to read and edit it (docs/product.md §9). Days and times are those of planning's
 * time zone (Settings → Schedule, else the browser's). Posts not yet out move to another day
 * by drag and drop, Alt + arrow keys or "Move to…", with Undo; "Upcoming" lists what is planned; while a post is
 * due or going out the page reloads quietly so its status follows the server's publisher.
 */
export function CalendarPage({
  loadMonth,
  onUpdatePost,
  onPlanPost,
  loadUpcoming,
  renderPublishing,
  now,
  maxHashtags,
  authorStyle,
}: CalendarPageProps): JSX.Element {
  const [openedAt] = useState(() => new Date());
  const today = now ?? openedAt;
  const clock = () => now ?? new Date();
  const timeZone = usePlanTimeZone();
  const [visible, setVisible] = useState<VisibleMonth>(() => monthOf(today, timeZone));
  const titleId = useId();
  const hintId = useId();
  const container = useRef<HTMLDivElement>(null);
  const width = useContainerWidth(container);
  const asAgenda = width !== null && width < agendaBelowWidth;
  const calendar = useCalendarPosts({ loadMonth, loadUpcoming, ...visible, clock, timeZone });
  const { month, upcoming, posts, gridPosts, openPost } = calendar;
  const { focusChip } = useChipFocus(container);

  const firstOfMonth = localDate(visible.year, visible.monthIndex, 1);
  const monthLabel = format(firstOfMonth, 'MMMM yyyy');
  // The agenda lists the month's days; the grid also the adjacent months' days it shows.
  const postsByDay = groupPostsByDay(asAgenda ? posts : gridPosts, timeZone);
  // Loaded by usePlanTimeZone.
  const schedule = useScheduleStore((state) => state.schedule);
  const range = gridRange(visible.year, visible.monthIndex, timeZone);
  /** Today as the grid carries days (see month-grid.ts), in the zone. */
  const todayInZone = zoneGridDay(today, timeZone);
  // Free posting times only once the grid's posts are known, so a taken slot never shows as free.
  const freeByDay =
    month.state.status === 'ready'
      ? freeSlotsByDay(schedule, gridPosts, range.from, range.to, clock())
      : new Map<string, Date[]>();
  const showMonth = (date: Date) => setVisible(monthOf(date, timeZone));
  /** Shows a month the grid carries (local midnight of a date in it). */
  const showGridMonth = (date: Date) => setVisible({ year: date.getFullYear(), monthIndex: date.getMonth() });
  /** Shows the month of the post's calendar day, if the page does not show that day. */
  const followPost = (post: Post) => {
    const at = new Date(post.calendar_at);
    const shown = asAgenda ? monthRange(visible.year, visible.monthIndex, timeZone) : range;
    if (!inRange(at, shown)) showMonth(at);
  };

  const plan = usePlanMoves({
    onPlanPost,
    clock,
    timeZone,
    onPlanned: (post, focus) => {
      calendar.planChanged(post);
      if (!focus) return;
      // A keyboard move keeps the focus on its chip, in whatever cell (or month) it lands.
      followPost(post);
      focusChip(post.id);
    },
  });

  const moves: PostMoves = {
    saving: plan.saving,
    hintId,
    revealId: plan.lastMovedId,
    moveBy: (post, days) => plan.move(post, dayAfter(post, days, timeZone), true),
    moveTo: (post, at) => plan.moveTo(post, at, true),
    clock,
    timeZone,
    dropOn: (postId, day) => {
      const post = gridPosts.find((candidate) => candidate.id === postId);
      if (post && isMovable(post)) plan.move(post, day, false);
    },
  };
  const busy = month.state.status === 'loading';

  return (
    <div ref={container} className="mx-auto max-w-6xl space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Content Calendar</h1>
      <CalendarToolbar
        titleId={titleId}
        monthLabel={monthLabel}
        onPrevious={() => showGridMonth(addMonths(firstOfMonth, -1))}
        onNext={() => showGridMonth(addMonths(firstOfMonth, 1))}
        onToday={() => {
          const current = monthOf(today, timeZone);
          if (current.year !== visible.year || current.monthIndex !== visible.monthIndex) showMonth(today);
        }}
      />
      <MonthStatus
        state={month.state}
        postCount={posts.length}
        monthLabel={monthLabel}
        onRetry={month.retry}
      />
      <PlanningHint id={hintId} asAgenda={asAgenda} />
      <MoveNotice notice={plan.notice} failure={plan.failure} undoing={plan.undoing} onUndo={plan.undo} />
      {asAgenda ? (
        <CalendarAgenda
          postsByDay={postsByDay}
          today={todayInZone}
          timeZone={timeZone}
          labelledBy={titleId}
          busy={busy}
          onOpenPost={calendar.open}
          moves={moves}
        />
      ) : (
        <CalendarGrid
          weeks={buildMonthGrid(visible.year, visible.monthIndex)}
          postsByDay={postsByDay}
          today={todayInZone}
          timeZone={timeZone}
          labelledBy={titleId}
          busy={busy}
          onOpenPost={calendar.open}
          moves={moves}
          freeSlotsByDay={freeByDay}
        />
      )}
      <UpcomingList
        state={upcoming.state}
        timeZone={timeZone}
        onRetry={upcoming.retry}
        onOpenPost={(post) => {
          followPost(post);
          calendar.open(post);
        }}
      />
      {openPost && (
        <PostDialog
          key={openPost.id}
          post={openPost}
          timeZone={timeZone}
          onClose={calendar.close}
          maxHashtags={maxHashtags}
          authorStyle={authorStyle}
          renderPublishing={renderPublishing}
          onPostChange={calendar.planChanged}
          onSave={async (content, image) =>
            calendar.putInPlace(await onUpdatePost(openPost.id, content, image))
          }
        />
      )}
    </div>
  );
}
