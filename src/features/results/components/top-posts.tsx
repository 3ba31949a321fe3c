import { Button } from '@/components/ui/button';
import type { ResultsPost } from '../results-post';
import type { ScoredPost } from '../results-summary';
import { formatCount } from '@/lib/format/counting';

const percent = (rate: number | null) => (rate === null ? '–' : `${(rate * 100).toFixed(1)}%`);
const firstLine = (text: string) => {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 90 ? `${line.slice(0, 89)}…` : line;
};
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** A list of top posts (by engagement rate, or by reach), each with "Write a new version". */
export function TopPosts({
  title,
  posts,
  onWriteNewVersion,
}: {
  title: string;
  posts: readonly ScoredPost[];
  onWriteNewVersion: (post: ResultsPost) => void;
}) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {posts.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No post has enough impressions yet.</p>
      ) : (
        <ol className="mt-2 space-y-3">
          {posts.map((each) => (
            <li key={each.post.id} className="border-t border-slate-100 pt-3 first:border-0 first:pt-0">
              <p className="text-sm font-medium break-words text-slate-900">{firstLine(each.post.content)}</p>
              <p className="mt-1 text-xs text-slate-600">
                {day(each.post.publishedAt)} · {formatCount(each.impressions)} impressions ·{' '}
                {each.membersReached === null ? '' : `${formatCount(each.membersReached)} reached · `}
                {formatCount(each.engagements)} engagements · {percent(each.rate)} engagement rate
              </p>
              <Button
                variant="secondary"
                className="mt-2 px-3 py-1"
                aria-label={`Write a new version of “${firstLine(each.post.content)}”`}
                onClick={() => onWriteNewVersion(each.post)}
              >
                Write a new version
              </Button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
