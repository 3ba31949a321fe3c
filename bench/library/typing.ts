import type { Page } from 'playwright-core';
import type { ExpectedView, KeyProbe, KeyRecord, KeyWindow } from '../browser/key-probe.ts';
import type { ProbeLongTask } from '../browser/render-probe.ts';
import { settleMs } from '../browser/render-timing.ts';
import { check } from '../check.ts';
import { round, summarize } from '../stats.ts';
import { ideasListSelector, runs, searchQuery, searchSelector, selectors, warmups } from './config.ts';
import type { SeedIdea } from './data.ts';

export interface TypingRun {
  records: KeyRecord[];
  longTasks: ProbeLongTask[];
  slowEvents: KeyProbe['slowEvents'];
}

export type ExpectedViews = Record<string, ExpectedView>;

/**
 * What the Ideas Bank must show for each prefix of the search: how many ideas match (topic contains
 * the search, case-insensitive) and the newest match's topic (the default "Date" order).
 */
export function expectedViews(ideas: readonly SeedIdea[], search: string): ExpectedViews {
  const views: ExpectedViews = {};
  for (let length = 1; length <= search.length; length += 1) {
    const query = search.slice(0, length).trim().toLowerCase();
    if (query === '' || views[query]) continue;
    const matches = ideas.filter((idea) => idea.topic.toLowerCase().includes(query));
    const newest = matches.reduce(
      (latest, idea) => (idea.created_at > latest ? idea.created_at : latest),
      '',
    );
    views[query] = {
      count: matches.length,
      firstTopics: matches.filter((idea) => idea.created_at === newest).map((idea) => idea.topic),
    };
  }
  return views;
}

async function armKeys(page: Page, expected: ExpectedViews): Promise<void> {
  const options = { inputSelector: searchSelector, listSelector: ideasListSelector, expected };
  await page.evaluate((keyOptions) => {
    const arm = (window as unknown as KeyWindow).armKeyProbe;
    if (!arm) throw new Error('the key probe is not installed in this document');
    arm({ ...keyOptions, statusSelector: 'p[role="status"]' });
  }, options);
}

async function collectKeys(page: Page): Promise<TypingRun> {
  // Long-task and event-timing entries arrive asynchronously.
  await page.waitForTimeout(200);
  return page.evaluate(() => {
    const probe = (window as unknown as KeyWindow).__benchKeys;
    if (!probe) throw new Error('the key probe is not armed');
    probe.stop();
    return { records: probe.records, longTasks: probe.longTasks, slowEvents: probe.slowEvents };
  });
}

/** The first `n` keystrokes have been answered (their frame after the expected list). */
async function waitForKeys(page: Page, n: number): Promise<void> {
  try {
    await page.waitForFunction(
      (wanted) => {
        const records = (window as unknown as KeyWindow).__benchKeys?.records ?? [];
        return (
          records.length >= wanted &&
          records.slice(0, wanted).every((record) => typeof record.frameAt === 'number')
        );
      },
      n,
      { timeout: 10_000, polling: 25 },
    );
  } catch (error) {
    const snapshot = await page.evaluate(() => (window as unknown as KeyWindow).__benchKeys?.snapshot());
    throw new Error(
      `keystroke ${n} of "${searchQuery}" never showed its expected result; the page shows ${JSON.stringify(snapshot)}`,
      { cause: error },
    );
  }
}

/** Back to the full list: empty search, all ideas listed, nothing stale. */
async function clearSearch(page: Page): Promise<void> {
  await page.locator(searchSelector).fill('');
  await page.waitForFunction(
    ({ listSelector, text }) => {
      const list = document.querySelector(listSelector);
      const status = [...document.querySelectorAll('p[role="status"]')].some((p) =>
        (p.textContent ?? '').includes(text),
      );
      return !!list && list.getAttribute('aria-busy') !== 'true' && status;
    },
    { listSelector: ideasListSelector, text: selectors.ideasAllLoadedText },
    { timeout: 10_000 },
  );
  await page.waitForTimeout(settleMs);
}

/** One character at a time, each answered (next frame after the filtered list) before the next. */
async function typeOneByOne(page: Page, expected: ExpectedViews): Promise<TypingRun> {
  await armKeys(page, expected);
  for (let i = 0; i < searchQuery.length; i += 1) {
    await page.keyboard.type(searchQuery[i] ?? '');
    await waitForKeys(page, i + 1);
  }
  return collectKeys(page);
}

/** The whole word typed as fast as the driver can send keys (no delay between them). */
async function typeBurst(page: Page, expected: ExpectedViews): Promise<TypingRun> {
  await armKeys(page, expected);
  await page.keyboard.type(searchQuery);
  await waitForKeys(page, searchQuery.length);
  return collectKeys(page);
}

function checkTyping(run: TypingRun, mode: string): void {
  const keys = run.records.length;
  check(keys === searchQuery.length, `${mode}: saw ${keys} keydowns, expected ${searchQuery.length}`);
  const last = run.records.at(-1)?.shownQuery;
  check(last === searchQuery, `${mode}: the list ended on "${last}", expected "${searchQuery}"`);
}

/**
 * On the Ideas Bank with every idea loaded: `runs` searches typed one key at a time (after `warmups`)
 * and `runs` typed in a burst, each checked and cleared again.
 */
export async function measureTyping(page: Page, expected: ExpectedViews) {
  await page.locator(searchSelector).click();
  await page.waitForTimeout(settleMs);
  const typeChecked = async (type: typeof typeOneByOne, mode: string, times: number, skip: number) => {
    const kept: TypingRun[] = [];
    for (let i = 0; i < times; i += 1) {
      const run = await type(page, expected);
      checkTyping(run, mode);
      if (i >= skip) kept.push(run);
      await clearSearch(page);
    }
    return kept;
  };
  const oneByOne = await typeChecked(typeOneByOne, 'one by one', warmups + runs, warmups);
  const burst = await typeChecked(typeBurst, 'burst', runs, 0);
  logTyping('one by one', oneByOne);
  for (const rows of ['changed', 'same'] as const) {
    const subset = subsetSummary(latencies(oneByOne, rows));
    if (subset)
      console.log(
        `    rows ${rows}: n=${subset.n}, median ${round(subset.median)} ms, p95 ${round(subset.p95)} ms`,
      );
  }
  logTyping('burst', burst);
  return { oneByOne, burst };
}

function logTyping(mode: string, typingRuns: readonly TypingRun[]): void {
  const summary = summarize(latencies(typingRuns));
  const longTasks = typingRuns.reduce((sum, run) => sum + run.longTasks.length, 0);
  console.log(
    `  keystroke → filtered list (${mode}): median ${round(summary.median)} ms, p95 ${round(summary.p95)} ms, max ${round(summary.max)} ms; ${longTasks} long task(s)`,
  );
}

/** Keydown → next frame after the filtered list, per keystroke (all, or those that changed the rows or not). */
export const latencies = (typingRuns: readonly TypingRun[], rows?: 'changed' | 'same') =>
  typingRuns.flatMap((run) =>
    run.records
      .filter((record) => rows === undefined || record.rowsChanged === (rows === 'changed'))
      .map((record) => (record.frameAt ?? Number.NaN) - record.downAt),
  );

/** Median and p95 of a subset, or null when it is empty. */
export function subsetSummary(samples: readonly number[]) {
  return samples.length === 0 ? null : summarize(samples);
}

export function typingDetails(typingRuns: readonly TypingRun[]) {
  return typingRuns.map((run) => ({
    perKeyMs: run.records.map((record) => ({
      key: record.key,
      rowsChanged: record.rowsChanged,
      toFrameMs: (record.frameAt ?? Number.NaN) - record.downAt,
      toDomMs: (record.doneAt ?? Number.NaN) - record.downAt,
      queueMs: record.handledAt - record.downAt,
      shown: record.shownQuery,
    })),
    longTasks: run.longTasks,
    slowEvents: run.slowEvents.map((entry) => ({
      name: entry.name,
      durationMs: entry.duration,
      processingMs: entry.processingEnd - entry.processingStart,
      inputDelayMs: entry.processingStart - entry.startTime,
    })),
  }));
}
