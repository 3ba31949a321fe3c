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
      {matched.length > 0 && (
        <div className="max-h-72 overflow-auto">
          <table className="w-full text-left text-sm">
            <caption className="text-left font-medium text-slate-800">Matched posts</caption>
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Post
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Published
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">
                  Impressions
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">
                  Engagements
                </th>
                <th scope="col" className="py-1 font-medium">
                  Matched by
                </th>
              </tr>
            </thead>
            <tbody>
              {matched.map(({ postId, row, by }) => (
                <tr key={postId} className="border-t border-slate-100">
                  <th scope="row" className="py-1 pr-3 font-normal break-words">
                    {titleOf(postId)}
                  </th>
                  <td className="py-1 pr-3 whitespace-nowrap">{row.day}</td>
                  <td className="py-1 pr-3 text-right">{count(row.impressions)}</td>
                  <td className="py-1 pr-3 text-right">{count(row.engagements)}</td>
                  <td className="py-1">{byWords[by]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {unmatched.length > 0 && (
        <div>
          <h3 className="text-sm font-medium text-slate-800">Not matched</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {unmatched.map(({ row, reason }) => (
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
        </div>
      )}
      <Button variant="ghost" onClick={onClose}>
        Done
      </Button>
    </div>
  );
}
