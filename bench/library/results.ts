import type { Repeated } from '../browser/render-timing.ts';
import { samplesOf } from '../browser/render-timing.ts';
import type { BenchResult } from '../report.ts';
import { row, sampleRows, summaryRows } from '../results.ts';
import { round, summarize } from '../stats.ts';
import { count, ideaCount, postCount, runs, searchQuery, warmups } from './config.ts';
import { latencies, subsetSummary, typingDetails, type ExpectedViews, type TypingRun } from './typing.ts';

const firstRenderTargetMs = 200;
const keystrokeTargetMs = 16;

/** What one page measured: its first render by full load and by a click in the sidebar. */
export interface FirstRenders {
  full: Repeated;
  nav: Repeated;
}

/** A row pair per mark: [name, page, mark, what the click waits for, what the full load waits for, target]. */
export type RenderSpec = [string, FirstRenders, string, string, string, boolean];

/** Median and max of one mark over the measured runs (the target, if any, on both). */
function renderRows(
  name: string,
  result: Repeated,
  mark: string,
  note: string,
  target: boolean,
): BenchResult[] {
  const samples = samplesOf(result.measured, mark);
  return sampleRows(name, samples, ['median', 'max'], {
    ...(target ? { target: firstRenderTargetMs } : {}),
    note,
    restNote: `n=${samples.length}`,
    details: {
      warmupMs: samplesOf(result.warmup, mark),
      longTasksPerRun: result.measured.map((run) => run.longTasks),
      restOfLastRun: result.measured.at(-1)?.rest,
    },
  });
}

/** First renders, client-side navigation (the target applies) then full load; `warning` flags dist/. */
export function firstRenderRows(specs: readonly RenderSpec[], warning: string): BenchResult[] {
  const library = `${count(postCount)} posts / ${count(ideaCount)} ideas`;
  const note = (how: string) =>
    `n=${runs} after ${warmups} warm-up, ${how}, next frame after the DOM; ${library}${warning}`;
  return specs.flatMap(([name, result, mark, navWhat, fullWhat, target]) => [
    ...renderRows(
      `${name}, client-side nav`,
      result.nav,
      mark,
      note(`click in the sidebar → ${navWhat}`),
      target,
    ),
    ...renderRows(
      `${name}, full load`,
      result.full,
      mark,
      `${note(`full load, from navigation start to ${fullWhat}`)}; target applies to client-side navigation`,
      false,
    ),
  ]);
}

/** Month switches: click → next frame with the month's posts. */
export function monthRows(name: string, samples: number[], what: string, details?: Record<string, unknown>) {
  return sampleRows(name, samples, ['median', 'max'], {
    target: firstRenderTargetMs,
    note: `n=${runs} after ${warmups} warm-up, click → next frame with ${what}`,
    restNote: `n=${samples.length}`,
    ...(details ? { details } : {}),
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
