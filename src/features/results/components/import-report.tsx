import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { MatchedRow, UnmatchedRow } from '../match-results';
import { formatCount, plural } from '@/lib/format/counting';

const count = (value: number | null) => (value === null ? '–' : formatCount(value));
const byWords = { link: 'its LinkedIn link', date: 'the day it went out', text: 'its day and text' } as const;
const reasonWords = {
  'no-post-that-day': 'none of your published posts here went out that day',
  'several-posts-that-day': 'several of your posts went out that day and the export does not say which',
} as const;

/**
 * Rows shown at first, and added by each "Show more": an export of 1,000 posts drawn in one go kept
 * the page busy for well over a frame (the 50 ms long-task budget of issue 28's benchmark).
 */
export const reportPageSize = 50;

/** Only LinkedIn's own links are shown as links (the file could hold any). */
const linkedinLink = /^https:\/\/(?:www\.)?linkedin\.com\//u;

/** What an import stored (the matched posts, with how each was matched) and what it could not match, and why. */
export function ImportReport({
  matched,
  unmatched,
  titleOf,
  onClose,
}: {
  matched: readonly MatchedRow[];
  unmatched: readonly UnmatchedRow[];
  titleOf: (postId: string) => string;
  onClose: () => void;
}) {
  return (
    <div className="space-y-3">
      <Alert tone={matched.length > 0 ? 'success' : 'warning'}>
        {matched.length > 0
          ? `Results imported for ${plural(matched.length, 'post', 'posts')}.`
          : 'No row of the export matched one of your posts, so nothing was saved.'}
        {unmatched.length > 0 &&
          ` ${plural(unmatched.length, 'row', 'rows')} could not be matched (listed below).`}
      </Alert>
      {matched.length > 0 && <MatchedTable matched={matched} titleOf={titleOf} />}
      {unmatched.length > 0 && <UnmatchedList unmatched={unmatched} />}
      <Button variant="ghost" onClick={onClose}>
        Done
      </Button>
    </div>
  );
}

/** "Show more" under a list cut to its first rows: adds a page; says how many are shown of how many. */
function ShowMore({
  shown,
  total,
  what,
  onMore,
}: {
  shown: number;
  total: number;
  what: string;
  onMore: () => void;
}) {
  if (shown >= total) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-600">
      <span>
        Showing {formatCount(shown)} of {formatCount(total)} {what}.
      </span>
      <Button variant="secondary" onClick={onMore}>
        Show {formatCount(Math.min(reportPageSize, total - shown))} more
      </Button>
    </div>
  );
}

function UnmatchedList({ unmatched }: { unmatched: readonly UnmatchedRow[] }) {
  const [shown, setShown] = useState(reportPageSize);
  return (
    <div>
      <h3 className="text-sm font-medium text-slate-800">Not matched</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {unmatched.slice(0, shown).map(({ row, reason }) => (
          <li key={row.url}>
            {linkedinLink.test(row.url) ? (
              <a href={row.url} target="_blank" rel="noreferrer" className="underline break-all">
                Post of {row.day}
              </a>
            ) : (
              `Post of ${row.day}`
            )}
            : {reasonWords[reason]}.
          </li>
        ))}
      </ul>
      <ShowMore
        shown={Math.min(shown, unmatched.length)}
        total={unmatched.length}
        what="rows not matched"
        onMore={() => setShown((count) => count + reportPageSize)}
      />
    </div>
  );
}

/** A figure's cell: on a narrow box its column's name shows beside it (the header row is hidden there). */
function Figure({
  label,
  children,
  align = 'right',
}: {
  label: string;
  children: string;
  align?: 'right' | 'left';
}) {
  return (
    <td
      role="cell"
      className={`flex justify-between gap-3 py-0.5 @xl:table-cell @xl:py-1 @xl:pr-3 ${
        align === 'right' ? '@xl:text-right' : '@xl:text-left'
      }`}
    >
      <span className="text-slate-600 @xl:hidden">{label}</span> <span>{children}</span>
    </td>
  );
}

/**
 * The matched posts and their figures. A table where its box is wide enough for five columns; on a
 * narrow one (a phone) each post is a card of its own, its figures stacked under its title with
 * their names, so nothing scrolls sideways and every figure stays in reach. The roles are written
 * out: a table laid out as blocks keeps its table semantics in every browser (Safari drops them
 * otherwise).
 */
function MatchedTable({
  matched,
  titleOf,
}: {
  matched: readonly MatchedRow[];
  titleOf: (postId: string) => string;
}) {
  const head = 'py-1 pr-3 font-medium';
  const [shown, setShown] = useState(reportPageSize);
  return (
    // A phone's cards grow with the page (a box scrolling inside a scrolling page is hard to use by
    // touch); the table keeps its capped, scrolling box.
    <div className="@container">
      <div className="@xl:max-h-72 @xl:overflow-auto">
        <table role="table" className="block w-full text-left text-sm @xl:table">
          <caption className="block text-left font-medium text-slate-800 @xl:table-caption">
            Matched posts
          </caption>
          {/* Hidden on a narrow box, where each figure is named in its cell. */}
          <thead role="rowgroup" className="hidden text-slate-600 @xl:table-header-group">
            <tr role="row">
              <th role="columnheader" scope="col" className={head}>
                Post
              </th>
              <th role="columnheader" scope="col" className={head}>
                Published
              </th>
              <th role="columnheader" scope="col" className={`${head} text-right`}>
                Impressions
              </th>
              <th role="columnheader" scope="col" className={`${head} text-right`}>
                Engagements
              </th>
              <th role="columnheader" scope="col" className="py-1 font-medium">
                Matched by
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup" className="block space-y-2 @xl:table-row-group @xl:space-y-0">
            {matched.slice(0, shown).map(({ postId, row, by }) => (
              <tr
                key={postId}
                role="row"
                className="block rounded-lg border border-slate-200 p-2 @xl:table-row @xl:rounded-none @xl:border-x-0 @xl:border-b-0 @xl:border-slate-100 @xl:p-0"
              >
                <th
                  role="rowheader"
                  scope="row"
                  className="block pb-1 font-medium break-words @xl:table-cell @xl:py-1 @xl:pr-3 @xl:font-normal"
                >
                  {titleOf(postId)}
                </th>
                <Figure label="Published" align="left">
                  {row.day}
                </Figure>
                <Figure label="Impressions">{count(row.impressions)}</Figure>
                <Figure label="Engagements">{count(row.engagements)}</Figure>
                <Figure label="Matched by" align="left">
                  {byWords[by]}
                </Figure>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ShowMore
        shown={Math.min(shown, matched.length)}
        total={matched.length}
        what="matched posts"
        onMore={() => setShown((count) => count + reportPageSize)}
      />
    </div>
  );
}
