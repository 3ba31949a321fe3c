import { Check, Copy, Globe, MessageCircle, MessageSquare, Repeat2, Send, ThumbsUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { PostImageFrame } from '@/entities/post/image/ui/post-image';
import { AuthorBlock } from '@/components/ui/author-block';
import { useCopyToClipboard } from '@/lib/clipboard/use-copy-to-clipboard';
import { messages } from '@/config/messages';
import { toast } from '@/lib/toast/toast';
import { foldForFeed, linkedInLength, linkedInPostLimit } from '@/lib/linkedin/linkedin-text';
import { IncompletePostNotice, SaveIncompleteConfirm } from './incomplete-post';
import { PlanOnSave, usePlanOnSave } from './plan-on-save';

interface PostPreviewCardProps {
  content: string;
  fullName: string | null | undefined;
  role: string | null | undefined;
  company: string | null | undefined;
  streaming: boolean;
  saveState: 'idle' | 'saving' | 'saved';
  /** The generation failed after this much: marked, and saved only after a confirmation. */
  incomplete?: boolean;
  /** Saves the post, planned for `plannedAt` (a time still to come) or not planned (null). */
  onSave: (plannedAt: Date | null) => void;
  /**
   * The "Planned for" value while the user plans the post ('' before a time is chosen), or null.
   * Kept by the page, so a new generation or a failed save loses nothing typed.
   */
  plannedFor?: string | null;
  /** Offers planning the post as it is saved ("Plan…"); null takes the plan away. */
  onPlannedForChange?: (value: string | null) => void;
  onRegenerate?: () => void;
  canRegenerate?: boolean;
  onChat: () => void;
  /** The attached image, shown under the text as LinkedIn shows a single image. */
  image?: { src: string; alt: string } | null;
}

/** LinkedIn's action bar under a post, drawn for the look only; Repost and Send from 640 px. */
const linkedInActions = [
  { label: 'Like', icon: ThumbsUp, wideOnly: false },
  { label: 'Comment', icon: MessageSquare, wideOnly: false },
  { label: 'Repost', icon: Repeat2, wideOnly: true },
  { label: 'Send', icon: Send, wideOnly: true },
];

/** A post as it will look in the LinkedIn feed (docs/product.md §2 "Preview"), with LinkedIn's length and fold. */
export function PostPreviewCard({
  content,
  fullName,
  role,
  company,
  streaming,
  saveState,
  incomplete = false,
  onSave,
  plannedFor = null,
  onPlannedForChange,
  onRegenerate,
  canRegenerate = false,
  onChat,
  image = null,
}: PostPreviewCardProps) {
  const [expanded, setExpanded] = useState(false);
  const [confirmingSave, setConfirmingSave] = useState(false);
  const confirming = confirmingSave && incomplete && !streaming;
  const { copied, copy: copyText } = useCopyToClipboard();
  const length = linkedInLength(content);
  const { visible, folded } = foldForFeed(content);
  const planInput = useRef<HTMLInputElement>(null);
  const planButton = useRef<HTMLButtonElement>(null);
  const plan = usePlanOnSave(plannedFor, onPlannedForChange, { input: planInput, button: planButton });

  function save(confirmed: boolean) {
    if (confirmed) setConfirmingSave(false);
    const plannedAt = plan.check();
    if (plannedAt === undefined) return;
    if (incomplete && !confirmed) setConfirmingSave(true);
    else onSave(plannedAt);
  }

  async function copy() {
    if (await copyText(content)) toast.success('Post copied to clipboard!');
    else toast.error(messages.copy_failed);
  }

  return (
    <article aria-label="Post preview" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="flex items-start gap-3 p-4 pb-2">
        <AuthorBlock
          author={{ fullName, role, company }}
          size="lg"
          meta={
            <p className="flex items-center gap-1">
              Just now · <Globe aria-label="Public" className="h-3 w-3" />
            </p>
          }
        />
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={copied ? 'Copied' : 'Copy post'}
          className="rounded-md p-2 text-slate-500 hover:bg-slate-100"
        >
          {copied ? (
            <Check aria-hidden="true" className="h-4 w-4 text-green-600" />
          ) : (
            <Copy aria-hidden="true" className="h-4 w-4" />
          )}
        </button>
      </header>
      {incomplete && !streaming && (
        <IncompletePostNotice
          onRegenerate={() => onRegenerate?.()}
          canRegenerate={canRegenerate && Boolean(onRegenerate)}
        />
      )}
      <div
        className="px-4 pb-3 text-sm leading-relaxed whitespace-pre-wrap break-words text-slate-900"
        aria-live={streaming ? 'polite' : 'off'}
      >
        {expanded || !folded || streaming ? content : visible}
        {folded && !expanded && !streaming && (
          <>
            {'… '}
            <button
              type="button"
              onClick={() => setExpanded(true)}
              className="font-medium text-slate-500 hover:text-brand-600 hover:underline"
            >
              see more
            </button>
          </>
        )}
      </div>
      {image && <PostImageFrame src={image.src} alt={image.alt} />}
      <p
        className={`px-4 pb-2 pt-2 text-right text-xs ${length > linkedInPostLimit ? 'font-medium text-red-600' : 'text-slate-500'}`}
      >
        {length.toLocaleString('en-US')} / {linkedInPostLimit.toLocaleString('en-US')} characters
        {length > linkedInPostLimit && ' (over LinkedIn’s limit)'}
      </p>
      <div className="flex items-center justify-between border-t border-slate-100 px-4 py-2 text-xs text-slate-500">
        <span className="flex items-center gap-1">
          <ThumbsUp aria-hidden="true" className="h-3.5 w-3.5" /> 0
        </span>
        <span>0 comments</span>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-2 py-2 text-sm text-slate-600">
        <span className="flex gap-1" aria-hidden="true">
          {linkedInActions.map(({ label, icon: Icon, wideOnly }) => (
            <span
              key={label}
              className={`items-center gap-1 px-2 py-1 ${wideOnly ? 'hidden sm:flex' : 'flex'}`}
            >
              <Icon className="h-4 w-4" /> {label}
            </span>
          ))}
        </span>
        <span className="flex gap-2">
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
              disabled={streaming || saveState !== 'idle'}
              className="rounded-lg border border-slate-300 px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-50 disabled:text-slate-400"
            >
              Plan…
            </button>
          )}
          <button
            type="button"
            onClick={() => save(false)}
            disabled={streaming || saveState !== 'idle' || confirming}
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
        </span>
      </div>
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
      {confirming && (
        <SaveIncompleteConfirm onCancel={() => setConfirmingSave(false)} onConfirm={() => save(true)} />
      )}
    </article>
  );
}
