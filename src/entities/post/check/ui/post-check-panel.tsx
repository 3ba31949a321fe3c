import { CheckCircle2, ChevronDown, ShieldAlert } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { applyFix, checkPost, type Finding } from '@/entities/post/check/check-post';

interface PostCheckPanelProps {
  text: string;
  /** Applies a one-click fix; without it the findings are only listed (while the post streams). */
  onChange?: ((text: string) => void) | undefined;
  maxHashtags?: number;
}

/**
 * The post check under a post (docs/product.md §5.9): what would give it away as AI writing or
 * hold it back in the feed, each with why and, where it is mechanical, a one-click fix. It runs
 * on every change of the text (checkPost is pure and takes well under a frame).
 */
export function PostCheckPanel({ text, onChange, maxHashtags }: PostCheckPanelProps) {
  const findings = useMemo(
    () => checkPost(text, maxHashtags === undefined ? {} : { maxHashtags }),
    [text, maxHashtags],
  );
  const [open, setOpen] = useState(true);
  const listId = useId();
  if (text.trim() === '') return null;
  const count = findings.length;
  if (count === 0) {
    // Nothing to unfold: a plain line, not a toggle that would control a list that does not exist.
    return (
      <section aria-label="Post check" className="px-4 py-3 text-sm">
        <p className="flex items-center gap-2 font-medium text-slate-800">
          <CheckCircle2 aria-hidden="true" className="h-4 w-4 text-green-600" />
          Post check: nothing stands out
        </p>
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
      {/* Folded, the list stays in the page (hidden), so aria-controls always names an element. */}
      <ul id={listId} hidden={!open} className="mt-2 space-y-2">
        {findings.map((finding, index) => (
          <FindingItem
            key={`${finding.kind}-${finding.start}-${index}`}
            text={text}
            finding={finding}
            onFix={onChange && finding.fix ? () => onChange(applyFix(text, finding)) : undefined}
          />
        ))}
      </ul>
    </section>
  );
}

function FindingItem({
  text,
  finding,
  onFix,
}: {
  text: string;
  finding: Finding;
  onFix: (() => void) | undefined;
}) {
  // Short spans are quoted so the words are easy to find, on a line of their own; a finding about
  // the whole post is not, nor one whose message already quotes the same words.
  const span = finding.end - finding.start;
  const words = span <= 60 && span < text.length ? text.slice(finding.start, finding.end).trim() : '';
  const quoted = words && !finding.message.includes(`"${words}"`) ? words : '';
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 rounded-lg bg-amber-50 px-3 py-2 text-slate-800">
      <span className="min-w-0 flex-1">
        {quoted && <q className="block font-medium break-words">{quoted}</q>}
        {finding.message}
      </span>
      {onFix && finding.fix && (
        <button
          type="button"
          onClick={onFix}
          className="shrink-0 rounded-md border border-amber-300 bg-white px-2 py-1 text-xs font-medium text-amber-900 hover:bg-amber-100"
        >
          {finding.fix.label}
        </button>
      )}
    </li>
  );
}
