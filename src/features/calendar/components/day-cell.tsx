import { format } from 'date-fns';
import { useId, useState } from 'react';
import type { Post } from '@/entities/post/post';
import { formatTimeInZone } from '@/entities/post/queue/format-in-zone';
import { isPostDrag, droppedPostId } from '../drag-post';
import { dayKey, type MonthGridDay } from '../month-grid';
import type { PostMoves } from '../use-plan-moves';
import { MoveTo } from './move-to';
import { PostChip } from './post-chip';

/** A busy day shows this many posts and a "+N more" button for the rest, so the cell stays readable. */
export const postsShownPerDay = 3;

interface DayCellProps {
  day: MonthGridDay;
  posts: readonly Post[];
  isToday: boolean;
  onOpenPost: (post: Post) => void;
  /** How posts move; the cell takes dropped chips when given. */
  moves?: PostMoves | undefined;
  /** Free posting times of the queue on this day. */
  freeSlots?: readonly Date[] | undefined;
  /** Planning's time zone: the posts' and free slots' times are shown on its wall clock. */
  timeZone: string;
}

export function DayCell({ day, posts, isToday, onOpenPost, moves, freeSlots, timeZone }: DayCellProps) {
  const [expanded, setExpanded] = useState(false);
  const [dropping, setDropping] = useState(false);
  /** The moved post this cell last expanded for, so it expands once and "Show fewer" still works. */
  const [revealed, setRevealed] = useState<string | null>(null);
  const listId = useId();
  const fullDate = format(day.date, 'EEEE, MMMM d, yyyy');
  const hiddenCount = posts.length - postsShownPerDay;
  const revealId = moves?.revealId ?? null;
  // A post just moved here past the first three expands the day, so it (and its focus) stays in sight.
  if (revealId !== revealed && posts.findIndex((post) => post.id === revealId) >= postsShownPerDay) {
    setRevealed(revealId);
    setExpanded(true);
  }
  const shown = expanded ? posts : posts.slice(0, postsShownPerDay);

  return (
    <td
      aria-current={isToday ? 'date' : undefined}
      onDragOver={(event) => {
        if (!moves || !isPostDrag(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setDropping(true);
      }}
      onDragLeave={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
          setDropping(false);
      }}
      onDrop={(event) => {
        setDropping(false);
        const postId = droppedPostId(event);
        if (!moves || postId === null) return;
        event.preventDefault();
        moves.dropOn(postId, day.date);
      }}
      className={`h-32 border border-slate-200 align-top ${isToday ? 'bg-brand-50' : day.inMonth ? 'bg-white' : 'bg-slate-50'} ${
        dropping ? 'outline-2 -outline-offset-2 outline-brand-500 outline-dashed' : ''
      }`}
    >
      <div className="flex min-h-32 flex-col gap-1 p-1.5">
        <time
          dateTime={dayKey(day.date)}
          className={`flex h-6 w-6 items-center justify-center self-end rounded-full text-xs font-medium ${
            isToday ? 'bg-brand-500 text-white' : day.inMonth ? 'text-slate-700' : 'text-slate-500'
          }`}
        >
          <span aria-hidden="true">{day.date.getDate()}</span>
          <span className="sr-only">{fullDate}</span>
        </time>
        {posts.length > 0 && (
          <ul id={listId} aria-label={`Posts on ${fullDate}`} className="space-y-1">
            {shown.map((post) => (
              <li key={post.id} className="flex items-start gap-0.5">
                <div className="min-w-0 flex-1">
                  <PostChip post={post} timeZone={timeZone} onOpen={onOpenPost} moves={moves} draggable />
                </div>
                {moves && <MoveTo post={post} moves={moves} layout="cell" />}
              </li>
            ))}
          </ul>
        )}
        {freeSlots && freeSlots.length > 0 && (
          <ul aria-label={`Free posting times on ${fullDate}`} className="space-y-1">
            {freeSlots.map((slot) => (
              <li
                key={slot.getTime()}
                className="rounded-md border border-dashed border-slate-300 px-1.5 py-0.5 text-xs text-slate-500"
              >
                Free slot <time dateTime={slot.toISOString()}>{formatTimeInZone(slot, timeZone)}</time>
              </li>
            ))}
          </ul>
        )}
        {hiddenCount > 0 && (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((value) => !value)}
            className="self-start rounded px-1.5 py-0.5 text-xs font-medium text-brand-600 hover:bg-brand-50 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            {expanded ? 'Show fewer' : `+${hiddenCount} more`}
          </button>
        )}
      </div>
    </td>
  );
}
