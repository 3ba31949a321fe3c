import type { Page } from 'playwright-core';

export interface LongTask {
  startTime: number;
  duration: number;
}

/** What the page keeps between starting and collecting. */
interface LongTaskWindow {
  __longTasks?: LongTask[];
  __longTaskObserver?: PerformanceObserver;
}

/** Starts recording the page's main-thread long tasks (not buffered); false when Chromium cannot. */
export function observeLongTasks(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    if (!PerformanceObserver.supportedEntryTypes.includes('longtask')) return false;
    const state = window as unknown as LongTaskWindow;
    state.__longTaskObserver?.disconnect();
    const tasks: LongTask[] = [];
    state.__longTasks = tasks;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        tasks.push({ startTime: entry.startTime, duration: entry.duration });
    });
    observer.observe({ type: 'longtask', buffered: false });
    state.__longTaskObserver = observer;
    return true;
  });
}

/** The long tasks since observeLongTasks(), after a moment for entries still on their way. */
export async function collectLongTasks(page: Page): Promise<LongTask[]> {
  // Long-task entries are delivered asynchronously: give the observer a moment before reading.
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const state = window as unknown as LongTaskWindow;
    state.__longTaskObserver?.disconnect();
    return state.__longTasks ?? [];
  });
}
