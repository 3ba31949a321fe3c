import type { Page } from 'playwright-core';
import { check } from '../check.ts';
import type { Probe, ProbeLongTask, ProbeWindow } from './render-probe.ts';
import { restTimings, type RestTiming } from './rest-timings.ts';

const markTimeoutMs = 30_000;
export const settleMs = 300;

/** A first-render condition: an element matches `selector` (and its text contains `text`). */
export interface Watch {
  name: string;
  selector: string;
  text?: string;
}

export interface RenderRun {
  /** Per mark: ms from navigation start (full load) or from the click (client-side navigation). */
  ms: Record<string, number>;
  longTasks: { count: number; longestMs: number; totalMs: number };
  rest?: RestTiming[];
}

export async function probeState(page: Page): Promise<Pick<Probe, 'marks' | 'lastClickAt' | 'longTasks'>> {
  return page.evaluate(() => {
    const probe = (window as unknown as ProbeWindow).__benchProbe;
    if (!probe) throw new Error('the bench probe is not installed in this document');
    return { marks: probe.marks, lastClickAt: probe.lastClickAt, longTasks: probe.longTasks };
  });
}

export async function waitForMarks(page: Page, names: readonly string[]): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const marks = (window as unknown as ProbeWindow).__benchProbe?.marks ?? {};
      return wanted.every((name) => typeof marks[name]?.frame === 'number');
    },
    names,
    { timeout: markTimeoutMs, polling: 25 },
  );
}

async function arm(page: Page, watches: readonly Watch[]): Promise<void> {
  await page.evaluate((list) => {
    const probe = (window as unknown as ProbeWindow).__benchProbe;
    if (!probe) throw new Error('the bench probe is not installed in this document');
    for (const watch of list) probe.watchSelector(watch.name, watch.selector, watch.text);
  }, watches);
}

const longTaskSummary = (tasks: readonly ProbeLongTask[]) => ({
  count: tasks.length,
  longestMs: Math.max(0, ...tasks.map((task) => task.duration)),
  totalMs: tasks.reduce((sum, task) => sum + task.duration, 0),
});

/** Each mark's frame less `origin`, and the long tasks between `origin` and the last mark. */
async function renderRun(
  page: Page,
  names: readonly string[],
  origin: number,
  withRest: boolean,
): Promise<RenderRun> {
  const state = await probeState(page);
  const end = Math.max(...names.map((name) => state.marks[name]?.frame ?? 0));
  const ms = Object.fromEntries(
    names.map((name) => [name, (state.marks[name]?.frame ?? Number.NaN) - origin]),
  );
  const tasks = state.longTasks.filter((task) => task.startTime >= origin && task.startTime < end);
  return {
    ms,
    longTasks: longTaskSummary(tasks),
    rest: withRest ? await restTimings(page, origin) : undefined,
  };
}

/** A fresh, signed-in dashboard with nothing left loading, ready for a client-side navigation. */
async function openDashboard(page: Page, appUrl: string): Promise<void> {
  await page.goto(appUrl);
  await page.getByRole('heading', { name: 'Create New Post' }).waitFor();
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
  await page.waitForTimeout(settleMs);
}

/** A full load of `path` (signed in): each mark's next frame, in ms from navigation start. */
export async function fullLoad(
  page: Page,
  url: string,
  names: readonly string[],
  withRest: boolean,
): Promise<RenderRun> {
  await page.goto(url, { waitUntil: 'commit' });
  await waitForMarks(page, names);
  return renderRun(page, names, 0, withRest);
}

/** From the dashboard, click a sidebar link: each mark's next frame, in ms from the click. */
export async function clientNavigation(
  page: Page,
  appUrl: string,
  linkName: string,
  watches: readonly Watch[],
  withRest: boolean,
): Promise<RenderRun> {
  await openDashboard(page, appUrl);
  await arm(page, watches);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: linkName }).click();
  const names = watches.map((watch) => watch.name);
  await waitForMarks(page, names);
  const { lastClickAt } = await probeState(page);
  check(lastClickAt !== null, 'the click was not seen by the probe');
  return renderRun(page, names, lastClickAt, withRest);
}

export interface Repeated {
  warmup: RenderRun[];
  measured: RenderRun[];
}

/** `warmups` unmeasured runs, then `runs` measured ones (REST timings kept for the last). */
export async function repeat(
  counts: { warmups: number; runs: number },
  measure: (withRest: boolean) => Promise<RenderRun>,
): Promise<Repeated> {
  const warmup: RenderRun[] = [];
  const measured: RenderRun[] = [];
  for (let i = 0; i < counts.warmups; i += 1) warmup.push(await measure(false));
  for (let i = 0; i < counts.runs; i += 1) measured.push(await measure(i === counts.runs - 1));
  return { warmup, measured };
}

export const samplesOf = (runList: readonly RenderRun[], name: string) =>
  runList.map((run) => run.ms[name] ?? Number.NaN);
