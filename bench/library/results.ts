import type { Repeated } from '../browser/render-timing.ts';
import { samplesOf } from '../browser/render-timing.ts';
import type { BenchResult } from '../report.ts';
import { row, sampleRows, summaryRows } from '../results.ts';
import { round, summarize } from '../stats.ts';
import { count, ideaCount, postCount, runs, searchQuery, warmups } from './config.ts';
import { latencies, subsetSummary, typingDetails, type ExpectedViews, type TypingRun } from './typing.ts';

const firstRenderTargetMs = 200;
const keystrokeTargetMs = 16;

/** Notes of the first-render rows; `warning` flags a stale or replaced dist/. */
export function renderNotes(warning: string) {
  const library = `${count(postCount)} posts / ${count(ideaCount)} ideas`;
  const first = (how: string) =>
    `n=${runs} after ${warmups} warm-up, ${how}, next frame after the DOM; ${library}${warning}`;
  return {
    full: (what: string) =>
      `${first(`full load, from navigation start to ${what}`)}; target applies to client-side navigation`,
    nav: (what: string) => first(`click in the sidebar → ${what}`),
  };
}

/** Median and max of one mark over the measured runs; the target (if any) on both. */
export function renderRows(
  name: string,
  result: Repeated,
  mark: string,
  options: { note: string; target?: boolean; details?: Record<string, unknown> },
): BenchResult[] {
  const samples = samplesOf(result.measured, mark);
  const details = options.details ?? {
    warmupMs: samplesOf(result.warmup, mark),
    longTasksPerRun: result.measured.map((run) => run.longTasks),
    restOfLastRun: result.measured.at(-1)?.rest,
  };
  return sampleRows(name, samples, ['median', 'max'], {
    ...(options.target ? { target: firstRenderTargetMs } : {}),
    note: options.note,
    restNote: `n=${samples.length}`,
    details,
  });
}

/** Month switches: click → next frame with the month's posts. */
export function monthRows(name: string, samples: number[], what: string): BenchResult[] {
  const note = `n=${runs} after ${warmups} warm-up, click → next frame with ${what}`;
  return sampleRows(name, samples, ['median', 'max'], {
    target: firstRenderTargetMs,
    note,
    restNote: `n=${samples.length}`,
  });
}

const longest = (runsOf: readonly TypingRun[]) =>
  round(Math.max(0, ...runsOf.flatMap((run) => run.longTasks.map((task) => task.duration))));

/** Keystroke → filtered list, one key at a time (with its target) and in a burst. */
export function typingRows(
  oneByOne: TypingRun[],
  burst: TypingRun[],
  expected: ExpectedViews,
  warning: string,
) {
  const [keys, burstKeys] = [summarize(latencies(oneByOne)), summarize(latencies(burst))];
  const typingLongTasks = oneByOne.reduce((sum, run) => sum + run.longTasks.length, 0);
  const burstLongTasks = burst.reduce((sum, run) => sum + run.longTasks.length, 0);
  const note = (warmup: string) =>
    `${runs} × "${searchQuery}" (${searchQuery.length} keys)${warmup}, ${count(ideaCount)} ideas loaded; keydown → next frame after the filtered list`;
  const matchesPerPrefix = Object.fromEntries(
    Object.entries(expected).map(([query, view]) => [query, view.count]),
  );
  return [
    ...summaryRows('Ideas search keystroke → list', keys, ['median', 'p95'], {
      target: keystrokeTargetMs,
      note: `${note(` after ${warmups} warm-up`)}, one key at a time${warning}`,
      restNote: `n=${keys.n}; max ${round(keys.max)} ms`,
      details: {
        matchesPerPrefix,
        rowsReplaced: subsetSummary(latencies(oneByOne, 'changed')),
        sameRows: subsetSummary(latencies(oneByOne, 'same')),
        runs: typingDetails(oneByOne),
      },
    }),
    row('Ideas search typing: long tasks (> 50 ms)', typingLongTasks, 'tasks', {
      target: 0,
      note: `over ${runs} × ${searchQuery.length} keys one at a time; longest ${longest(oneByOne)} ms`,
    }),
    ...summaryRows('Ideas search burst keystroke → list', burstKeys, ['median', 'p95'], {
      note: `${note('')}, typed without delay (a skipped render counts until a later one shows)`,
      restNote: `n=${burstKeys.n}; max ${round(burstKeys.max)} ms; ${burstLongTasks} long task(s), longest ${longest(burst)} ms`,
      details: { runs: typingDetails(burst) },
    }),
  ];
}
