import { performance } from 'node:perf_hooks';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ResultsTable } from '../../src/features/results/components/results-table.tsx';
import { SharedTraits } from '../../src/features/results/components/shared-traits.tsx';
import { TopPosts } from '../../src/features/results/components/top-posts.tsx';
import { ImportReport } from '../../src/features/results/components/import-report.tsx';
import { importAnalyticsBytes } from '../../src/features/results/import-analytics-file.ts';
import { matchResults } from '../../src/features/results/match-results.ts';
import type { PostWithResults, ResultsPost } from '../../src/features/results/results-post.ts';
import { summarizeResults } from '../../src/features/results/results-summary.ts';
import { analyticsExport, linkedinDate } from '../../harness/analytics-workbook.ts';
import { check } from '../check.ts';
import { buildLongPost } from '../long-post.ts';
import type { BenchCase, BenchResult } from '../report.ts';
import { row } from '../results.ts';
import { quantile, round } from '../stats.ts';

const postCount = 1000;
const runs = 10;
const targets = { importMs: 2000, renderMs: 200 } as const;

/** 1,000 published posts, one a day back from November 2026, every other one published by the app (with its link). */
function posts(): ResultsPost[] {
  return Array.from({ length: postCount }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    content: `${['Why do we still', '40% of our tickets', 'I used to think', 'Hiring update:'][index % 4]} ${buildLongPost(200 + ((index * 397) % 2500))}`,
    publishedAt: new Date(Date.UTC(2026, 10, 1, 8, 30) - index * 86_400_000).toISOString(),
    linkedinUrl:
      index % 2 === 0 ? `https://www.linkedin.com/feed/update/urn:li:share:${7_000_000 + index}/` : null,
    hasImage: index % 5 === 0,
  }));
}

function exportOf(all: readonly ResultsPost[]): Uint8Array {
  return analyticsExport(
    all.map((post, index) => ({
      url: post.linkedinUrl ?? `https://www.linkedin.com/feed/update/urn:li:activity:${9_000_000 + index}/`,
      date: linkedinDate(post.publishedAt),
      engagements:
        index % 3 === 0
          ? `${(index * 7) % 900},${String(index % 1000).padStart(3, '0')}`
          : (index * 13) % 700,
      impressions: 1000 + ((index * 7919) % 90_000),
    })),
  );
}

const median = (samples: number[]) => quantile(samples, 0.5);

/** Read the workbook, parse, match to the posts, render the matched table: the import up to the matched table. */
async function importRows(all: ResultsPost[], workbook: Uint8Array): Promise<BenchResult> {
  const samples: number[] = [];
  for (let run = 0; run < runs + 2; run += 1) {
    const started = performance.now();
    const read = await importAnalyticsBytes(workbook);
    check(read.ok && read.rows.length === postCount, 'the export should list every post');
    if (!read.ok) throw new Error('unreachable');
    const { matched, unmatched } = matchResults(read.rows, all, 'UTC');
    check(matched.length === postCount && unmatched.length === 0, 'every row should match');
    renderToString(
      createElement(ImportReport, { matched, unmatched, titleOf: () => 'A post', onClose: () => {} }),
    );
    if (run >= 2) samples.push(performance.now() - started);
  }
  console.log(`  import of ${postCount} rows → matched table, median ${round(median(samples))} ms`);
  return row(
    `results import in Node: ${postCount}-post export → matched table, median`,
    median(samples),
    'ms',
    {
      target: targets.importMs,
      note: `${runs} runs, ${round(workbook.length / 1000)} kB workbook; read + parse + match + render, without the browser or the one RPC`,
    },
  );
}

/** The Results page's work on first render: summary (series, top posts, shared traits) and its sections' markup. */
function renderRows(all: ResultsPost[]): BenchResult {
  const withResults: PostWithResults[] = all.map((post, index) => ({
    post,
    result: {
      post_id: post.id,
      user_id: 'bench',
      impressions: 1000 + ((index * 7919) % 90_000),
      members_reached: null,
      reactions: null,
      comments: null,
      reshares: null,
      engagements: (index * 13) % 700,
      source: 'export',
      read_at: '2026-11-28T10:00:00Z',
      updated_at: '2026-11-28T10:00:00Z',
    },
  }));
  const samples: number[] = [];
  for (let run = 0; run < runs + 2; run += 1) {
    // Posts the page has not read yet (other ids each run): the traits it keeps by post
    // (post-traits.ts) are worked out afresh, as on a first render.
    const fresh = withResults.map(({ post, result }) => ({
      post: { ...post, id: `${run}:${post.id}` },
      result,
    }));
    const started = performance.now();
    const summary = summarizeResults(fresh, 'Europe/London');
    check(
      summary.topByRate.length === 5 && summary.series.length > 10,
      'the summary should have top posts and a series',
    );
    renderToString(
      createElement('div', null, [
        createElement(ResultsTable, { key: 't', points: summary.series, unit: summary.seriesUnit }),
        createElement(TopPosts, {
          key: 'r',
          title: 'Top posts by engagement rate',
          posts: summary.topByRate,
          onWriteNewVersion: () => {},
        }),
        createElement(TopPosts, {
          key: 'h',
          title: 'Top posts by reach',
          posts: summary.topByReach,
          onWriteNewVersion: () => {},
        }),
        createElement(SharedTraits, { key: 's', traits: summary.shared }),
      ]),
    );
    if (run >= 2) samples.push(performance.now() - started);
  }
  console.log(`  Results page first render with ${postCount} posts, median ${round(median(samples))} ms`);
  return row(`Results page in Node: ${postCount} posts → first render, median`, median(samples), 'ms', {
    target: targets.renderMs,
    note: `${runs} runs; summary (series, top posts, what they share, every post read afresh) + the sections' markup, without the browser`,
  });
}

export const postResults: BenchCase = {
  name: 'post results',
  run: async () => {
    const all = posts();
    const workbook = exportOf(all);
    return [await importRows(all, workbook), renderRows(all)];
  },
};
