import { Suspense, lazy, useEffect, useMemo } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { formatCount } from '@/lib/format/counting';
import { userTimeZone } from '@/lib/format/plan-dates';
import { warmPostTraits } from '../post-traits';
import type { ResultsPost } from '../results-post';
import { summarizeResults } from '../results-summary';
import { useResults } from '../use-results';
import { LinkedInRefresh, type RefreshOutcome } from './linkedin-refresh';
import { ResultsImport } from './results-import';
import { ResultsTable } from './results-table';
import { SharedTraits } from './shared-traits';
import { TopPosts } from './top-posts';

// The chart is drawn by its own module, loaded once there is something to draw.
const ResultsChart = lazy(() => import('./results-chart').then((m) => ({ default: m.ResultsChart })));

const firstLine = (text: string) => {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};

/**
 * /results (docs/product.md): how the author's published posts did on LinkedIn, from LinkedIn's
 * analytics export: impressions and engagements over time (a chart, and a table saying the same),
 * the top posts by engagement rate and by reach, what they share, and "Write a new version" on each.
 */
export function ResultsPage({
  userId,
  timeZone = userTimeZone(),
  onWriteNewVersion,
  onRefreshFromLinkedIn,
}: {
  userId: string | null;
  timeZone?: string;
  onWriteNewVersion: (post: ResultsPost) => void;
  /** Reads due figures from LinkedIn's API (by itself on opening, every few hours); absent when LinkedIn is not connected. */
  onRefreshFromLinkedIn?: (() => Promise<RefreshOutcome>) | undefined;
}) {
  const { load, stage, pick, close, reload } = useResults(userId, timeZone);
  const posts = load.status === 'ready' ? load.posts : null;
  const summary = useMemo(() => (posts ? summarizeResults(posts, timeZone) : null), [posts, timeZone]);
  // What the posts share is worked out ahead, in slices, so the summary an import brings does not
  // read 1,000 posts in one task (issue 28's benchmark: no main-thread task over 50 ms).
  useEffect(() => {
    if (!posts) return;
    const stop = new AbortController();
    warmPostTraits(
      posts.map(({ post }) => post),
      timeZone,
      stop.signal,
    );
    return () => stop.abort();
  }, [posts, timeZone]);
  const titles = useMemo(
    () => new Map((posts ?? []).map(({ post }) => [post.id, firstLine(post.content)])),
    [posts],
  );

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">Results</h1>
        <p className="mt-1 text-sm text-slate-600">
          How your published posts did on LinkedIn, and what the best ones have in common.
        </p>
      </header>
      {onRefreshFromLinkedIn && (
        <LinkedInRefresh userId={userId} onRefresh={onRefreshFromLinkedIn} onRefreshed={reload} />
      )}
      <ResultsImport
        stage={stage}
        onPick={pick}
        onClose={close}
        titleOf={(id) => titles.get(id) ?? 'A post'}
      />
      {load.status === 'loading' && (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <Spinner /> Loading your results...
        </p>
      )}
      {load.status === 'failed' && <Alert tone="danger">{load.message}</Alert>}
      {summary && summary.scored.length === 0 && (
        <p className="text-sm text-slate-600">
          {posts && posts.length > 0
            ? `None of your ${formatCount(posts.length)} published posts has results yet: import LinkedIn's analytics export above.`
            : 'You have no published posts yet. Results appear here once your posts are on LinkedIn and you import their analytics.'}
        </p>
      )}
      {summary && summary.scored.length > 0 && (
        <>
          <section
            aria-labelledby="results-over-time"
            className="rounded-xl border border-slate-200 bg-white p-4"
          >
            <h2 id="results-over-time" className="text-base font-semibold text-slate-900">
              Impressions and engagements over time
            </h2>
            <p className="mt-1 text-xs text-slate-600">
              <span className="text-brand-600">Solid line: impressions (left scale).</span>{' '}
              <span className="text-amber-700">Dashed line: engagements (right scale).</span>
              {summary.withoutResults > 0 &&
                ` ${formatCount(summary.withoutResults)} published posts have no results yet.`}
            </p>
            <Suspense
              fallback={
                <p role="status" className="text-sm text-slate-600">
                  Loading the chart...
                </p>
              }
            >
              <ResultsChart points={summary.series} />
            </Suspense>
            <ResultsTable points={summary.series} unit={summary.seriesUnit} />
          </section>
          <div className="grid gap-4 lg:grid-cols-2">
            <TopPosts
              title="Top posts by engagement rate"
              posts={summary.topByRate}
              onWriteNewVersion={onWriteNewVersion}
            />
            <TopPosts
              title="Top posts by reach"
              posts={summary.topByReach}
              onWriteNewVersion={onWriteNewVersion}
            />
          </div>
          <SharedTraits traits={summary.shared} />
        </>
      )}
    </div>
  );
}
