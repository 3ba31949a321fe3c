import { Check, MessageCircle } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { PostEditorCard, type EditorHistory } from '@/entities/post/ui/post-editor-card';
import type { AuthorDetails } from '@/components/ui/author-block';
import { IncompletePostNotice, SaveIncompleteConfirm } from './incomplete-post';
import { PlanOnSave, usePlanOnSave } from './plan-on-save';
import type { Post } from '@/entities/post/post';
import { toast } from '@/lib/toast/toast';
import { useAddToQueue } from '@/entities/post/queue/ui/use-add-to-queue';

const noQueue = () => Promise.reject(new Error('Adding to the queue is not offered here.'));

interface PostPreviewCardProps {
  author: AuthorDetails;
  content: string;
  /** Edits the post; undefined while text streams in (or a save is under way). */
  onContentChange?: ((content: string) => void) | undefined;
  firstComment: string;
  onFirstCommentChange?: ((firstComment: string) => void) | undefined;
  history: EditorHistory;
  streaming: boolean;
  saveState: 'idle' | 'saving' | 'saved';
  /** The generation failed after this much: marked, and saved only after a confirmation. */
  incomplete?: boolean;
  /** Saves the post (done with it), planned for `plannedAt` (a time still to come) or not planned (null). */
  onSave: (plannedAt: Date | null) => void;
  /**
   * The "Planned for" value while the user plans the post ('' before a time is chosen), or null.
   * Kept with the post's document, so a new post never starts with the last one's time.
   */
  plannedFor?: string | null;
  /** Offers planning the post as it is saved ("Plan…"); null takes the plan away. */
  onPlannedForChange?: (value: string | null) => void;
  /** "Add to queue" (beside "Plan…"): files the post planned for the next free posting time. */
  onQueue?: (() => Promise<Post>) | undefined;
  onRegenerate?: () => void;
  canRegenerate?: boolean;
  onChat: () => void;
  /** The post's image, as LinkedIn shows a single image (or its carousel, as a document post). */
  image?: ReactNode;
  /** "Make a carousel", first in the post's actions. */
  carouselAction?: ReactNode;
  /** Where the autosave stands. */
  status?: ReactNode;
}

const secondary =
  'rounded-lg border border-slate-300 px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-50 disabled:text-slate-400';

/**
 * The dashboard's post (docs/product.md §5.5): the editor card with the chat, planning and "Save
 * Post", which files the post (already autosaved) and starts the next one.
 */
export function PostPreviewCard({
  author,
  content,
  onContentChange,
  firstComment,
  onFirstCommentChange,
  history,
  streaming,
  saveState,
  incomplete = false,
  onSave,
  plannedFor = null,
  onPlannedForChange,
  onQueue,
  onRegenerate,
  canRegenerate = false,
  onChat,
  image,
  carouselAction,
  status,
}: PostPreviewCardProps) {
  const [confirmingSave, setConfirmingSave] = useState(false);
  const confirming = confirmingSave && incomplete && !streaming;
  const planInput = useRef<HTMLInputElement>(null);
  const planButton = useRef<HTMLButtonElement>(null);
  const plan = usePlanOnSave(plannedFor, onPlannedForChange, { input: planInput, button: planButton });
  const settled = !streaming && saveState === 'idle';
  const queue = useAddToQueue(onQueue ?? noQueue, {
    announce: (message) => toast.success(message),
    offered: onQueue !== undefined,
  });
  // An incomplete post is never planned by accident ("Save Post" asks first), so it is not queued either.
  const queueOffered = onQueue !== undefined && plan.value === null && !incomplete;

  function save(confirmed: boolean) {
    if (confirmed) setConfirmingSave(false);
    const plannedAt = plan.check();
    if (plannedAt === undefined) return;
    if (incomplete && !confirmed) setConfirmingSave(true);
    else onSave(plannedAt);
  }

  return (
    <PostEditorCard
      author={author}
      content={content}
      onContentChange={settled ? onContentChange : undefined}
      firstComment={firstComment}
      onFirstCommentChange={onFirstCommentChange}
      history={history}
      image={image}
      status={status}
      notice={
        incomplete &&
        !streaming && (
          <IncompletePostNotice
            onRegenerate={() => onRegenerate?.()}
            canRegenerate={canRegenerate && Boolean(onRegenerate)}
          />
        )
      }
      actions={
        <>
          {carouselAction}
          <button
            type="button"
            onClick={onChat}
            disabled={streaming}
            className="flex items-center gap-1 rounded-lg px-3 py-1.5 font-medium text-brand-600 hover:bg-brand-50 disabled:text-slate-400"
          >
            <MessageCircle aria-hidden="true" className="h-4 w-4" /> Chat about this
          </button>
          {plan.offered && plan.value === null && (
            <button
              ref={planButton}
              type="button"
              onClick={plan.reveal}
              disabled={!settled}
              className={secondary}
            >
              Plan…
            </button>
          )}
          {queueOffered && (
            <button
              type="button"
              onClick={() => void queue.add()}
              disabled={!settled || queue.busy}
              className={secondary}
            >
              {queue.busy ? 'Adding...' : 'Add to queue'}
            </button>
          )}
          <button
            type="button"
            onClick={() => save(false)}
            disabled={!settled || confirming}
            className="flex items-center gap-1 rounded-lg bg-brand-500 px-3 py-1.5 font-medium text-white hover:bg-brand-600 disabled:bg-slate-300"
          >
            {saveState === 'saved' ? (
              <>
                <Check aria-hidden="true" className="h-4 w-4" /> Saved
              </>
            ) : saveState === 'saving' ? (
              'Saving...'
            ) : plan.value !== null ? (
              'Save and plan'
            ) : (
              'Save Post'
            )}
          </button>
        </>
      }
      footer={
        <>
          {plan.value !== null && (
            <PlanOnSave
              value={plan.value}
              onChange={plan.change}
              onClear={plan.clear}
              error={plan.error}
              disabled={saveState !== 'idle'}
              inputRef={planInput}
            />
          )}
          {queueOffered && queue.notice}
          {confirming && (
            <SaveIncompleteConfirm onCancel={() => setConfirmingSave(false)} onConfirm={() => save(true)} />
          )}
        </>
      }
    />
  );
}
