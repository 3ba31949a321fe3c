import { CalendarClock } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { toDateTimeLocal } from '@/lib/format/plan-dates';
import { readPlanInput } from '@/lib/format/plan-input';
import type { Post } from '@/entities/post/post';
import { passedTimeMessage } from '../plan-move';
import type { PostMoves } from '../use-plan-moves';
import { isMovable } from './post-status';

interface MoveToProps {
  post: Post;
  moves: PostMoves;
  /** `cell` (a day of the grid): an icon the size of a fingertip's target; `row` (the agenda): with its words. */
  layout: 'cell' | 'row';
}

const named = (post: Post) => `“${post.topic || 'Untitled post'}”`;
const missingMessage = 'Pick a date and a time.';

/**
 * "Move to…" beside a post not yet out: a dialog with a date-and-time field that plans the post
 * there, through the same save, notice and Undo as a drag or Alt + arrow keys. Made for touch,
 * where there is no Alt key and a drag is hard, and open to the keyboard and the pointer alike.
 */
export function MoveTo({ post, moves, layout }: MoveToProps) {
  const [open, setOpen] = useState(false);
  if (!isMovable(post)) return null;
  const saving = moves.saving.has(post.id);
  const row = layout === 'row';
  return (
    <>
      <button
        type="button"
        disabled={saving}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        // Names the post too, as several sit side by side; the visible words come first (WCAG 2.5.3).
        aria-label={`Move to… ${named(post)}`}
        className={`inline-flex shrink-0 items-center justify-center gap-1 rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-50 ${
          row ? 'min-h-11 border border-slate-200 bg-white px-3 text-sm font-medium' : 'h-6 w-6'
        }`}
      >
        <CalendarClock aria-hidden="true" className={row ? 'h-4 w-4' : 'h-3.5 w-3.5'} />
        {row && 'Move to…'}
      </button>
      {open && (
        <MoveToDialog
          post={post}
          now={moves.clock()}
          timeZone={moves.timeZone}
          onClose={() => setOpen(false)}
          onMove={(at) => {
            setOpen(false);
            moves.moveTo(post, at);
          }}
        />
      )}
    </>
  );
}

interface MoveToDialogProps {
  post: Post;
  now: Date;
  /** Planning's zone: the field shows and reads its wall clock. */
  timeZone: string;
  onClose: () => void;
  onMove: (at: Date) => void;
}

function MoveToDialog({ post, now, timeZone, onClose, onMove }: MoveToDialogProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const current = new Date(post.planned_at ?? post.calendar_at);
  const [value, setValue] = useState(() => toDateTimeLocal(current > now ? current : now, timeZone));
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const read = readPlanInput(value, timeZone, now);
    if (read.ok) {
      onMove(read.date);
      return;
    }
    setProblem(read.problem === 'passed' ? passedTimeMessage : missingMessage);
    input.current?.focus();
  }

  return (
    <Dialog onClose={onClose} initialFocus={input} className="max-w-md p-6">
      <DialogTitle className="break-words">Move {named(post)}</DialogTitle>
      <DialogDescription className="mt-1 text-sm text-slate-600">
        Pick the new date and time. Times are in {timeZone}.
      </DialogDescription>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <div className="space-y-1">
          <label htmlFor={`${id}-when`} className="block text-sm font-medium text-slate-700">
            New date and time
          </label>
          <input
            ref={input}
            id={`${id}-when`}
            type="datetime-local"
            value={value}
            min={toDateTimeLocal(now, timeZone)}
            aria-invalid={problem !== null || undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => {
              setValue(event.target.value);
              setProblem(null);
            }}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none"
          />
          {problem && (
            <p id={`${id}-problem`} role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Move</Button>
        </div>
      </form>
    </Dialog>
  );
}
