import type { ReactNode } from 'react';

export interface AuthorDetails {
  fullName: string | null | undefined;
  role: string | null | undefined;
  company: string | null | undefined;
}

/** The name a post is signed with (spec fallback "Your Name"). */
export function authorName(fullName: string | null | undefined): string {
  return fullName?.trim() || 'Your Name';
}

// Graphemes (what a reader sees as one character), so a leading emoji such as 👩‍💻, a flag or a
// letter with a combining accent stays whole instead of being cut inside a surrogate pair.
const graphemes =
  typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

function firstGrapheme(text: string): string {
  if (graphemes) return graphemes.segment(text)[Symbol.iterator]().next().value?.segment ?? '';
  // Without Intl.Segmenter (older browsers): at least a whole code point.
  return Array.from(text)[0] ?? '';
}

/**
 * The avatar's initial, the same in the user menu and on every post (docs/product.md §2.3): the first
 * character of the trimmed full name, upper-cased, else "U" (never the "Y" of the "Your Name"
 * fallback). A letter whose upper case is longer (ß → SS) is kept as it is.
 */
export function authorInitial(fullName: string | null | undefined): string {
  const first = firstGrapheme(fullName?.trim() ?? '');
  if (!first) return 'U';
  const upper = first.toUpperCase();
  return firstGrapheme(upper) === upper ? upper : first;
}

/** "role at company", or whichever of the two exists. */
export function authorHeadline(role: string | null | undefined, company: string | null | undefined): string {
  return [role?.trim(), company?.trim()].filter(Boolean).join(' at ');
}

/** Avatar initial, name and headline as a post shows them; `meta` goes on the third line. */
export function AuthorBlock({
  author,
  size = 'md',
  meta,
}: {
  author: AuthorDetails;
  size?: 'md' | 'lg';
  meta?: ReactNode;
}) {
  const name = authorName(author.fullName);
  const headline = authorHeadline(author.role, author.company);
  return (
    <div className="flex min-w-0 flex-1 items-start gap-3">
      <span
        aria-hidden="true"
        className={`flex shrink-0 items-center justify-center rounded-full bg-brand-500 font-semibold text-white ${size === 'lg' ? 'h-12 w-12 text-lg' : 'h-10 w-10'}`}
      >
        {authorInitial(author.fullName)}
      </span>
      {/* w-0 + flex-1: the truncated lines take the room there is, and never widen the page (a
          long headline would otherwise set the min-content width of every grid above it). */}
      <div className="w-0 min-w-0 flex-1">
        <p className="truncate font-semibold text-slate-900">{name}</p>
        {headline && <p className="truncate text-xs text-slate-500">{headline}</p>}
        {meta && <div className="text-xs text-slate-500">{meta}</div>}
      </div>
    </div>
  );
}
