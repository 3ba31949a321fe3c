import { format, isSameDay } from 'date-fns';
import type { Post } from '@/entities/post/post';
import { localDate } from '../month-grid';
import type { PostMoves } from '../use-plan-moves';
import { MoveTo } from './move-to';
import { PostChip } from './post-chip';

interface CalendarAgendaProps {
  /** The visible month's posts, grouped by their day in planning's zone (see groupPostsByDay). */
  postsByDay: ReadonlyMap<string, Post[]>;
  /** Today, as the grid carries days (month-grid.ts: local midnight of the zone's date). */
  today: Date;
  /** Planning's time zone: the posts' times are shown on its wall clock. */
  timeZone: string;
  /** The id of the month title, which names the list. */
  labelledBy: string;
  busy: boolean;
  onOpenPost: (post: Post) => void;
  /** How posts move ("Move to…" or Alt + arrow keys: the agenda has no empty days to drop a chip on). */
  moves?: PostMoves | undefined;
}

/** A "yyyy-MM-dd" day key as the grid carries that day (local midnight of the date). */
function dateOfKey(key: string): Date {
  const [year = 0, month = 1, day = 1] = key.split('-').map(Number);
  return localDate(year, month - 1, day);
}

/**
 * The month as an agenda, for widths where seven columns would leave each day a sliver: the days
 * that have posts, in order, each with its posts at full width (whole topics, no sideways scroll).
 */
export function CalendarAgenda({
  postsByDay,
  today,
  timeZone,
  labelledBy,
  busy,
  onOpenPost,
  moves,
}: CalendarAgendaProps) {
  const days = [...postsByDay.keys()].sort().map((key) => ({ key, date: dateOfKey(key) }));
  return (
    <ol aria-labelledby={labelledBy} aria-busy={busy} className="space-y-3">
      {days.map(({ key, date }) => {
        const isToday = isSameDay(date, today);
        const fullDate = format(date, 'EEEE, MMMM d, yyyy');
        return (
          <li
            key={key}
            aria-current={isToday ? 'date' : undefined}
            className={`rounded-xl border bg-white p-3 shadow-sm ${isToday ? 'border-brand-500 ring-1 ring-brand-500' : 'border-slate-200'}`}
          >
            <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
              <time dateTime={key}>{format(date, 'EEEE, MMMM d')}</time>
              {isToday && (
                <span className="rounded-full bg-brand-500 px-2 py-0.5 text-xs font-medium text-white">
                  Today
                </span>
              )}
            </h3>
            <ul aria-label={`Posts on ${fullDate}`} className="mt-2 space-y-1.5">
              {(postsByDay.get(key) ?? []).map((post) => (
                <li key={post.id} className="flex items-stretch gap-1.5">
                  <div className="min-w-0 flex-1">
                    <PostChip
                      post={post}
                      timeZone={timeZone}
                      onOpen={onOpenPost}
                      layout="row"
                      moves={moves}
                    />
                  </div>
                  {moves && <MoveTo post={post} moves={moves} layout="row" />}
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
