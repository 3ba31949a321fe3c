import type { Page } from 'playwright-core';
import type { ProbeWindow } from '../browser/render-probe.ts';
import { probeState, settleMs, waitForMarks } from '../browser/render-timing.ts';
import { check } from '../check.ts';
import { checkCalendar } from './checks.ts';
import { calendarTitleSelector, monthLabel, runs, selectors, warmups } from './config.ts';

/** Clicks "Previous month" / "Next month": ms from the click to the frame after the month's posts render. */
async function switchMonth(
  page: Page,
  button: 'Previous month' | 'Next month',
  label: string,
): Promise<number> {
  await page.evaluate(
    ({ wanted, titleSelector, postSelector }) => {
      const probe = (window as unknown as ProbeWindow).__benchProbe;
      if (!probe) throw new Error('the bench probe is not installed in this document');
      probe.watch(
        'month',
        () =>
          document.querySelector(titleSelector)?.textContent?.trim() === wanted &&
          document.querySelector(postSelector) !== null,
      );
    },
    { wanted: label, titleSelector: calendarTitleSelector, postSelector: selectors.calendarPost },
  );
  await page.getByRole('button', { name: button }).click();
  await waitForMarks(page, ['month']);
  const state = await probeState(page);
  check(state.lastClickAt !== null, 'the click was not seen by the probe');
  return (state.marks.month?.frame ?? Number.NaN) - state.lastClickAt;
}

export interface Months {
  current: { start: Date; posts: number };
  previous: { start: Date; posts: number };
}

/** Back and forth between the previous and the current month, each switch checked: the measured clicks. */
export async function measureMonthSwitches(page: Page, months: Months) {
  const [current, previous] = [monthLabel(months.current.start), monthLabel(months.previous.start)];
  await page.waitForTimeout(settleMs);
  const previousSamples: number[] = [];
  const nextSamples: number[] = [];
  const postButtons = { current: 0, previous: 0 };
  for (let i = 0; i < warmups + runs; i += 1) {
    const back = await switchMonth(page, 'Previous month', previous);
    postButtons.previous = await checkCalendar(page, previous, months.previous.posts);
    await page.waitForTimeout(settleMs);
    const forward = await switchMonth(page, 'Next month', current);
    postButtons.current = await checkCalendar(page, current, months.current.posts);
    await page.waitForTimeout(settleMs);
    if (i >= warmups) {
      previousSamples.push(back);
      nextSamples.push(forward);
    }
  }
  return { previousSamples, nextSamples, postButtons };
}
