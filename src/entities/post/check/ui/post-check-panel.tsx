import { CheckCircle2, ChevronDown, Hourglass, ShieldAlert } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { checkPost, type CheckOptions } from '@/entities/post/check/check-post';
import type { AuthorStyle } from '@/entities/post/check/author-style';
import type { EarlierSentences } from '@/entities/post/check/repeated-sentences';
import type { AppliedFix } from '@/entities/post/check/fix';
import { groupFindings } from '@/entities/post/check/group-findings';
import { FindingItem } from './finding-item';
import { HabitList } from './habit-list';

export type { AppliedFix } from '@/entities/post/check/fix';

export interface PostCheckPanelProps {
  text: string;
  /**
   * Applies a one-click fix: gets the whole new text, the fix's label (for "Undo {label}") and,
   * for "Move the link to the first comment", the link to add there. Without it the findings are
   * only listed.
   */
  onApply?: ((edit: AppliedFix) => void) | undefined;
  /** Offer "Move the link to the first comment": the caller adds `firstCommentAddition` to it. */
  canMoveToFirstComment?: boolean | undefined;
  maxHashtags?: number | undefined;
  /** The author's own posts (useAuthorStyle of their voice samples): their habits are not warnings. */
  author?: AuthorStyle | undefined;
  /** The author's earlier posts (earlierSentences()): a draft repeating most of one is flagged. */
  earlier?: readonly EarlierSentences[] | undefined;
  /**
   * The post is still being written into (a generation or a rewrite streams): nothing is checked
   * until it is done, so half a sentence is never flagged.
   */
  streaming?: boolean | undefined;
}

/**
 * The post check under a post (docs/product.md §5.5b): what would give it away as AI writing or
 * hold it back in the feed, each kind once with how many and why and, where it is mechanical, a
 * one-click fix for all of them. What the author's own posts show is listed apart, as information.
 * It runs on every change of the finished text (checkPost is pure and takes well under a frame).
 */
export function PostCheckPanel({
  text,
  onApply,
  canMoveToFirstComment = false,
  maxHashtags,
  author,
  earlier,
  streaming = false,
}: PostCheckPanelProps) {
  // Once the post is written, the check runs in a render of its own, after the one that shows the
  // last words, so the two never make one long task (a keystroke is checked in its own frame).
  const streamedLate = useDeferredValue(streaming);
  const waiting = streaming || streamedLate;
  const groups = useMemo(() => {
    if (waiting) return [];
    const options: CheckOptions = {};
    if (maxHashtags !== undefined) options.maxHashtags = maxHashtags;
    if (author) options.author = author;
    options.earlier = earlier;
    return groupFindings(text, checkPost(text, options));
  }, [text, maxHashtags, author, earlier, waiting]);
  const [open, setOpen] = useState(true);
  const listId = useId();
  if (text.trim() === '') return null;
  if (waiting) {
    return (
      <section aria-label="Post check" className="px-4 py-3 text-sm">
        <p className="flex items-center gap-2 text-slate-600">
          <Hourglass aria-hidden="true" className="h-4 w-4 text-slate-400" />
          Post check: after the post is written
        </p>
      </section>
    );
  }
  const warnings = groups.filter((group) => group.severity === 'warning');
  const habits = groups.filter((group) => group.severity === 'info');
  const count = warnings.length;
  if (count === 0) {
    // Nothing to unfold: a plain line, not a toggle that would control a list that does not exist.
    return (
      <section aria-label="Post check" className="px-4 py-3 text-sm">
        <p className="flex items-center gap-2 font-medium text-slate-800">
          <CheckCircle2 aria-hidden="true" className="h-4 w-4 text-green-600" />
          Post check: nothing stands out
        </p>
        <HabitList text={text} groups={habits} />
      </section>
    );
  }
  return (
    <section aria-label="Post check" className="px-4 py-3 text-sm">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center justify-between gap-2 text-left font-medium text-slate-800"
      >
        <span className="flex items-center gap-2">
          <ShieldAlert aria-hidden="true" className="h-4 w-4 text-amber-600" />
          {`Post check: ${count} ${count === 1 ? 'thing' : 'things'} to look at`}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      {/* Folded, the lists stay in the page (hidden), so aria-controls always names an element. */}
      <div id={listId} hidden={!open}>
        <ul aria-label="Things to look at" className="mt-2 space-y-2">
          {warnings.map((group) => (
            <FindingItem
              key={group.kind}
              text={text}
              group={group}
              fixes={
                onApply
                  ? group.fixes.filter(
                      (fix) => canMoveToFirstComment || fix.firstCommentAddition === undefined,
                    )
                  : []
              }
              onApply={onApply}
            />
          ))}
        </ul>
        <HabitList text={text} groups={habits} />
      </div>
    </section>
  );
}
