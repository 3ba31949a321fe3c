import { useId } from 'react';
import { applyFix, type AppliedFix, type Fix } from '@/entities/post/check/fix';
import type { FindingGroup } from '@/entities/post/check/group-findings';
import { quoteOf } from '@/entities/post/check/quote-finding';

/** Places quoted under a finding; past these, "and N more". */
const shownQuotes = 3;

interface FindingItemProps {
  text: string;
  group: FindingGroup;
  /** The fixes to offer (none while the text cannot be changed). */
  fixes: readonly Fix[];
  onApply: ((edit: AppliedFix) => void) | undefined;
}

/**
 * One finding: the words it is about (quoted, a few places at most), why, and its fix buttons.
 * Each button is described by the message, so "Remove the emoji (3)" is heard with what it fixes.
 * An author's habit (severity "info") is drawn calmer, and has no buttons.
 */
export function FindingItem({ text, group, fixes, onApply }: FindingItemProps) {
  const messageId = useId();
  // A place the message already quotes is not quoted again.
  const quotes = [...new Set(group.findings.map((finding) => quoteOf(text, finding)))].filter(
    (quote) => quote !== '' && !group.message.includes(`"${quote}"`),
  );
  const more = quotes.length > shownQuotes ? group.findings.length - shownQuotes : 0;
  return (
    <li
      className={`flex flex-wrap items-start justify-between gap-2 rounded-lg px-3 py-2 text-slate-800 ${group.severity === 'info' ? 'border border-sky-100 bg-sky-50/60' : 'bg-amber-50'}`}
    >
      {/* At least 14rem for the words: fix buttons that do not fit beside them go under them. */}
      <div className="min-w-0 flex-[1_1_14rem]">
        {quotes.length === 1 && <q className="block font-medium break-words">{quotes[0]}</q>}
        {quotes.length > 1 && (
          <ul aria-label="Where" className="flex flex-wrap gap-x-3 font-medium">
            {quotes.slice(0, shownQuotes).map((quote) => (
              <li key={quote} className="break-words">
                <q>{quote}</q>
              </li>
            ))}
            {more > 0 && <li className="font-normal text-slate-600">{`and ${more} more`}</li>}
          </ul>
        )}
        <p id={messageId}>{group.message}</p>
      </div>
      {fixes.length > 0 && onApply && (
        <div className="flex flex-wrap gap-2">
          {fixes.map((fix) => (
            <button
              key={fix.label}
              type="button"
              aria-describedby={messageId}
              onClick={() => onApply(applyFix(text, fix))}
              className="rounded-md border border-amber-300 bg-white px-2 py-1 text-xs font-medium text-amber-900 hover:bg-amber-100"
            >
              {fix.label}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}
