import { Check, Copy, Globe, MessageSquare, Repeat2, Send, ThumbsUp } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { AuthorBlock, type AuthorDetails } from '@/components/ui/author-block';
import { messages } from '@/config/messages';
import { useCopyToClipboard } from '@/lib/clipboard/use-copy-to-clipboard';
import { foldIndex, linkedInLength, linkedInPostLimit, type FeedDevice } from '@/lib/linkedin/linkedin-text';
import { toast } from '@/lib/toast/toast';
import { FirstComment } from './first-comment';
import { FoldToggle } from './fold-toggle';
import { HistoryButtons } from './history-buttons';
import { PostTextEditor } from './post-text-editor';

export interface EditorHistory {
  undoName: string | null;
  redoName: string | null;
  onUndo: () => void;
  onRedo: () => void;
  /** What the last undo or redo did, for the live region. */
  notice: string;
}

interface PostEditorCardProps {
  author: AuthorDetails;
  content: string;
  /** Edits the text; without it (while text streams in) the text is shown, not edited. */
  onContentChange?: ((content: string) => void) | undefined;
  firstComment: string;
  onFirstCommentChange?: ((firstComment: string) => void) | undefined;
  history: EditorHistory;
  /** The post's image as LinkedIn shows a single image under the text. */
  image?: ReactNode;
  /** Where the autosave stands, under the author. */
  status?: ReactNode;
  /** A word about the post above its text (an incomplete post). */
  notice?: ReactNode;
  /** The buttons on the right of LinkedIn's action bar (chat, plan, save). */
  actions: ReactNode;
  /** What opens under the card (the plan field, a confirmation). */
  footer?: ReactNode;
}

/** LinkedIn's action bar under a post, drawn for the look only; Repost and Send from 640 px. */
const linkedInActions = [
  { label: 'Like', icon: ThumbsUp, wideOnly: false },
  { label: 'Comment', icon: MessageSquare, wideOnly: false },
  { label: 'Repost', icon: Repeat2, wideOnly: true },
  { label: 'Send', icon: Send, wideOnly: true },
];

/**
 * The post as the feed will show it, and the place it is written (docs/product.md §5.5): the text is
 * edited in the card, LinkedIn's counter follows, the part behind "…see more" on a phone or a
 * desktop is shaded, and the first comment sits under it as a comment would.
 */
export function PostEditorCard({
  author,
  content,
  onContentChange,
  firstComment,
  onFirstCommentChange,
  history,
  image,
  status,
  notice,
  actions,
  footer,
}: PostEditorCardProps) {
  const [device, setDevice] = useState<FeedDevice>('phone');
  const { copied, copy: copyText } = useCopyToClipboard();
  const counterId = useId();
  const streaming = onContentChange === undefined;
  const length = linkedInLength(content);
  const foldAt = foldIndex(content, device);

  async function copy() {
    if (await copyText(content)) toast.success('Post copied to clipboard!');
    else toast.error(messages.copy_failed);
  }

  return (
    <article aria-label="Post preview" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="flex items-start gap-3 p-4 pb-2">
        <AuthorBlock
          author={author}
          size="lg"
          meta={
            <>
              <p className="flex items-center gap-1">
                Just now · <Globe aria-label="Public" className="h-3 w-3" />
              </p>
              {status}
            </>
          }
        />
        <div className="flex shrink-0 items-center gap-1">
          <HistoryButtons {...history} disabled={streaming} />
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
        </div>
      </header>
      {notice}
      <PostTextEditor
        value={content}
        onChange={onContentChange}
        foldOf={(text) => foldIndex(text, device)}
        onUndo={history.onUndo}
        onRedo={history.onRedo}
        label="Post text"
        placeholder="Write your post, or generate one from a topic"
        describedBy={counterId}
      />
      <FoldToggle device={device} onChange={setDevice} folded={foldAt !== null} />
      {image}
      <p
        id={counterId}
        className={`px-4 pb-2 pt-2 text-right text-xs ${length > linkedInPostLimit ? 'font-medium text-red-600' : 'text-slate-500'}`}
      >
        {length.toLocaleString('en-US')} / {linkedInPostLimit.toLocaleString('en-US')} characters
        {length > linkedInPostLimit && ' (over LinkedIn’s limit)'}
      </p>
      <div className="flex items-center justify-between border-t border-slate-100 px-4 py-2 text-xs text-slate-500">
        <span className="flex items-center gap-1">
          <ThumbsUp aria-hidden="true" className="h-3.5 w-3.5" /> 0
        </span>
        <span>{firstComment.trim() ? '1 comment' : '0 comments'}</span>
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
        <span className="flex flex-wrap justify-end gap-2">{actions}</span>
      </div>
      <FirstComment
        value={firstComment}
        onChange={streaming ? undefined : onFirstCommentChange}
        fullName={author.fullName}
        onUndo={history.onUndo}
        onRedo={history.onRedo}
      />
      {footer}
    </article>
  );
}
