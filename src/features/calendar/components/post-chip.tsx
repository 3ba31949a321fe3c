import type { KeyboardEvent } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { formatTimeOfDay } from '@/lib/format/plan-dates';
import type { Post } from '@/entities/post/post';
import { startPostDrag } from '../drag-post';
import type { PostMoves } from '../use-plan-moves';
import { isMovable, postStatus } from './post-status';

interface PostChipProps {
  post: Post;
  /** Planning's time zone: the chip shows the time on its wall clock. */
  timeZone: string;
  onOpen: (post: Post) => void;
  /**
   * `cell` (a day of the month grid): the time above the topic, which gets the chip's whole width
   * and up to two lines. `row` (the agenda): the time beside the whole topic, and the status named.
   */
  layout?: 'cell' | 'row';
  /** How posts move; without it (or for a published post) the chip only opens the post. */
  moves?: PostMoves | undefined;
  /** Whether the chip can be dragged (the grid has days to drop it on; the agenda does not). */
  draggable?: boolean;
}

/** Alt + arrow keys move a post: a day back or forward, a week back or forward. */
const daysByKey: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
const moveKeys = 'Alt+ArrowLeft Alt+ArrowRight Alt+ArrowUp Alt+ArrowDown';

/**
 * One post of the calendar: its calendar time and topic, coloured and iconed by status. The
 * accessible name starts with the visible text and adds the status ("2:05 PM Topic, Published"),
 * so the status is never carried by colour alone. A post not yet out can be dragged to another day
 * or moved with Alt + arrow keys (see use-plan-moves.ts); while its new plan saves it says so.
 */
export function PostChip({
  post,
  timeZone,
  onOpen,
  layout = 'cell',
  moves,
  draggable = false,
}: PostChipProps) {
  const { label, Icon, chip, icon } = postStatus(post);
  const time = formatTimeOfDay(new Date(post.calendar_at), timeZone);
  const row = layout === 'row';
  const saving = moves?.saving.has(post.id) ?? false;
  const movable = moves !== undefined && isMovable(post) && !saving;

  function onKeyDown(event: KeyboardEvent) {
    const days = daysByKey[event.key];
    if (!movable || days === undefined || !event.altKey || event.ctrlKey || event.metaKey || event.shiftKey)
      return;
    // Alt+Left is also the browser's Back: this chip takes it while focused.
    event.preventDefault();
    moves.moveBy(post, days);
  }

  return (
    <button
      type="button"
      data-post-id={post.id}
      onClick={() => onOpen(post)}
      onKeyDown={onKeyDown}
      draggable={movable && draggable}
      onDragStart={movable && draggable ? (event) => startPostDrag(event, post.id) : undefined}
      title={post.topic}
      aria-label={`${time} ${post.topic}, ${label}${saving ? ', saving the new date' : ''}`}
      aria-describedby={movable ? moves.hintId : undefined}
      aria-keyshortcuts={movable ? moveKeys : undefined}
      aria-busy={saving || undefined}
      aria-haspopup="dialog"
      className={`flex w-full rounded-md border-l-4 text-left transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${
        row ? 'items-start gap-2 px-2.5 py-2 text-sm' : 'flex-col gap-0.5 px-1.5 py-1 text-xs'
      } ${movable && draggable ? 'cursor-grab active:cursor-grabbing' : ''} ${saving ? 'opacity-70' : ''} ${chip}`}
    >
      <span className={`flex shrink-0 items-center gap-1 ${row ? 'pt-0.5' : ''}`}>
        {saving ? (
          <Spinner className={`h-3 w-3 shrink-0 ${icon}`} />
        ) : (
          <Icon aria-hidden="true" className={`h-3 w-3 shrink-0 ${icon}`} />
        )}
        <time dateTime={post.calendar_at} className="font-semibold tabular-nums">
          {time}
        </time>
      </span>{' '}
      <span className={`min-w-0 break-words ${row ? 'flex-1' : 'line-clamp-2 w-full leading-snug'}`}>
        {post.topic}
      </span>
      {row && (
        <>
          {/* The space keeps the status a word of its own in the visible text the name must contain. */}{' '}
          <span aria-hidden="true" className="shrink-0 pt-0.5 text-xs font-medium">
            {saving ? 'Saving...' : label}
          </span>
        </>
      )}
    </button>
  );
}
