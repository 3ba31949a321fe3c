import { format, isValid, parseISO } from 'date-fns';
import { RotateCcw, Trash2 } from 'lucide-react';
import { memo, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { TopicIdea } from '@/lib/supabase/database-types';
import { usedLabel } from '../filter-ideas';

interface IdeaRowProps {
  idea: TopicIdea;
  onReuse: (idea: TopicIdea) => Promise<void>;
  /** Deletes after the inline confirmation; reports its own outcome (toasts). */
  onDelete: (idea: TopicIdea) => Promise<void>;
}

function shortDate(timestamp: string): string {
  const date = parseISO(timestamp);
  return isValid(date) ? format(date, 'MMM d, yyyy') : '';
}

const iconButton =
  'rounded-lg p-2 text-slate-500 transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * One idea: topic, date, usage and its two actions. Delete asks inline ("Delete?") instead of a
 * browser dialog; Escape or Cancel puts focus back on the delete button. Memoised: a keystroke in
 * the search re-renders only rows whose idea changed.
 */
export const IdeaRow = memo(function IdeaRow({ idea, onReuse, onDelete }: IdeaRowProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const topicId = useId();

  useEffect(() => {
    if (confirming || !returnFocus.current) return;
    returnFocus.current = false;
    deleteButton.current?.focus();
  }, [confirming]);

  function cancel() {
    returnFocus.current = true;
    setConfirming(false);
  }

  async function reuse() {
    setBusy(true);
    try {
      await onReuse(idea);
    } finally {
      setBusy(false);
    }
  }

  async function confirmDelete() {
    setBusy(true);
    try {
      await onDelete(idea);
    } finally {
      // A deleted idea leaves the list (this row unmounts); after a failure the row is back to normal.
      setBusy(false);
      cancel();
    }
  }

  return (
    <li className="flex items-start gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="min-w-0 flex-1">
        <p id={topicId} className="font-medium break-words whitespace-pre-wrap text-slate-900">
          {idea.topic}
        </p>
        <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-500">
          <time dateTime={idea.created_at}>{shortDate(idea.created_at)}</time>
          <span>{usedLabel(idea.used_count)}</span>
        </p>
      </div>
      {confirming ? (
        <div
          role="group"
          aria-label="Confirm deleting this topic"
          aria-describedby={topicId}
          className="flex shrink-0 items-center gap-2"
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !busy) cancel();
          }}
        >
          <span className="text-sm font-medium text-slate-700">Delete?</span>
          <Button
            variant="danger"
            className="px-3 py-1.5"
            disabled={busy}
            onClick={() => void confirmDelete()}
          >
            {busy ? 'Deleting...' : 'Delete'}
          </Button>
          {/* Focus starts on the safe choice, so a stray Enter does not delete. */}
          <Button variant="secondary" className="px-3 py-1.5" disabled={busy} autoFocus onClick={cancel}>
            Cancel
          </Button>
        </div>
      ) : (
        <div className="flex shrink-0 items-center gap-1">
          <button
            type="button"
            aria-label="Reuse this topic"
            aria-describedby={topicId}
            title="Reuse this topic"
            disabled={busy}
            onClick={() => void reuse()}
            className={`${iconButton} hover:bg-brand-50 hover:text-brand-600`}
          >
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
          </button>
          <button
            ref={deleteButton}
            type="button"
            aria-label="Delete this topic"
            aria-describedby={topicId}
            title="Delete this topic"
            disabled={busy}
            onClick={() => setConfirming(true)}
            className={`${iconButton} hover:bg-red-50 hover:text-red-600`}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
      )}
    </li>
  );
});
