import { format } from 'date-fns';
import { sampleLength } from '@/lib/validation/voice-samples';
import { voiceSampleLimits } from '@/lib/voice/voice-profile';
import type { ArchivePost } from './parse-shares-csv';

const count = (value: number) => value.toLocaleString('en-US');
const excerptLength = 160;

/** The post's opening, on one line. */
function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length <= excerptLength ? line : `${line.slice(0, excerptLength).trimEnd()}…`;
}

/** Why a post cannot be a sample, or null when it can. */
function unfitReason(length: number): string | null {
  if (length < voiceSampleLimits.minCharacters)
    return `Too short to be a sample: ${count(length)} characters (at least ${voiceSampleLimits.minCharacters}).`;
  if (length > voiceSampleLimits.maxCharacters)
    return `Too long to be a sample: ${count(length)} characters (at most ${count(voiceSampleLimits.maxCharacters)}).`;
  return null;
}

interface ArchivePostItemProps {
  post: ArchivePost;
  checked: boolean;
  /** Ten are chosen already and this one is not among them. */
  full: boolean;
  disabled: boolean;
  onToggle: () => void;
}

/** One post of the archive: its date and opening, ticked when it is to be a sample. */
export function ArchivePostItem({ post, checked, full, disabled, onToggle }: ArchivePostItemProps) {
  const length = sampleLength(post.text);
  const reason = unfitReason(length);
  return (
    <li className="py-2">
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4 shrink-0 rounded border-slate-300 text-brand-500 focus:ring-brand-500"
          checked={checked}
          disabled={disabled || reason !== null || (full && !checked)}
          onChange={onToggle}
        />
        <span className="min-w-0">
          <span className="block text-xs text-slate-500">
            {format(new Date(post.postedAt), 'd MMM yyyy')} · {count(length)} characters
          </span>
          <span className="block break-words text-slate-800">{excerpt(post.text)}</span>
          {reason && <span className="block text-xs text-slate-500">{reason}</span>}
        </span>
      </label>
    </li>
  );
}
