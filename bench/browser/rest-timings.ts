import type { Page } from 'playwright-core';

export interface RestTiming {
  request: string;
  startTime: number;
  durationMs: number;
  transferBytes: number;
}

/** The page's /rest/v1/ requests since `since` (resource timing): what each took and weighed. */
export async function restTimings(page: Page, since: number): Promise<RestTiming[]> {
  const entries = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
      name: entry.name,
      startTime: entry.startTime,
      duration: entry.duration,
      transferSize: entry.transferSize,
    })),
  );
  return entries
    .filter((entry) => entry.name.includes('/rest/v1/') && entry.startTime >= since)
    .map((entry) => {
      const url = new URL(entry.name);
      return {
        request: decodeURIComponent(`${url.pathname.replace('/rest/v1/', '')}${url.search}`).slice(0, 160),
        startTime: entry.startTime,
        durationMs: entry.duration,
        transferBytes: entry.transferSize,
      };
    });
}
