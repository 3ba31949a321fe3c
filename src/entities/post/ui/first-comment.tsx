import { MessageSquarePlus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { authorInitial, authorName } from '@/components/ui/author-block';
import { linkedInCommentLimit } from '@/lib/linkedin/linkedin-text';
import { historyKeys } from './post-text-editor';

interface FirstCommentProps {
  value: string;
  /** Edits the comment; without it the comment is only shown (while the post streams). */
  onChange?: ((value: string) => void) | undefined;
  fullName: string | null | undefined;
  onUndo: () => void;
  onRedo: () => void;
}

/**
 * The post's first comment, shown under it as LinkedIn shows a comment (the author's avatar and
 * name beside a bubble) and edited there. It goes out right after the post (docs/product.md §5.5c).
 */
export function FirstComment({ value, onChange, fullName, onUndo, onRedo }: FirstCommentProps) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const length = value.length;
  const over = length > linkedInCommentLimit;
  if (value === '' && !open) {
    if (!onChange) return null;
    return (
      <div className="border-t border-slate-100 px-4 py-2">
        <button
          type="button"
          onClick={() => {
            setOpen(true);
            requestAnimationFrame(() => box.current?.focus());
          }}
          className="flex items-center gap-1.5 rounded-md px-1 py-1 text-sm font-medium text-slate-600 hover:text-brand-600"
        >
          <MessageSquarePlus aria-hidden="true" className="h-4 w-4" /> Add a first comment
        </button>
      </div>
    );
  }
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="border-t border-slate-100 px-4 py-3">
      <p id={`${id}-title`} className="mb-2 text-xs font-medium text-slate-500">
        First comment, posted under the post right after it
      </p>
      <div className="flex items-start gap-2">
        <span
          aria-hidden="true"
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-500 text-sm font-semibold text-white"
        >
          {authorInitial(fullName)}
        </span>
        <div className="min-w-0 flex-1 rounded-lg rounded-tl-none bg-slate-100 px-3 py-2">
          <p className="text-xs font-semibold text-slate-900">{authorName(fullName)}</p>
          {onChange ? (
            <textarea
              ref={box}
              value={value}
              rows={Math.min(8, Math.max(2, value.split('\n').length))}
              aria-label="First comment"
              aria-describedby={`${id}-count`}
              aria-invalid={over}
              placeholder="A link, a source, a question to start the conversation"
              onChange={(event) => onChange(event.target.value)}
              onKeyDown={historyKeys(onUndo, onRedo)}
              onBlur={() => setOpen(false)}
              className="mt-1 block w-full resize-y bg-transparent text-sm leading-relaxed text-slate-900 placeholder:text-slate-400 focus:outline-none"
            />
          ) : (
            <p className="mt-1 text-sm leading-relaxed whitespace-pre-wrap break-words text-slate-900">
              {value}
            </p>
          )}
        </div>
      </div>
      <p
        id={`${id}-count`}
        className={`mt-1 text-right text-xs ${over ? 'font-medium text-red-600' : 'text-slate-500'}`}
      >
        {length.toLocaleString('en-US')} / {linkedInCommentLimit.toLocaleString('en-US')} characters
        {over && ' (over LinkedIn’s limit for a comment)'}
      </p>
    </div>
  );
}
