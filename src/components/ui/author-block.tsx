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

/** The avatar's letter: the name's first character (a whole emoji or accented letter), else "U". */
export function authorInitial(fullName: string | null | undefined): string {
  const [first] = Array.from(new Intl.Segmenter().segment(fullName?.trim() ?? ''), (part) => part.segment);
  return first?.toLocaleUpperCase() ?? 'U';
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
