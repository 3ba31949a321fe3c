import type { Page } from 'playwright-core';
import { check } from '../check.ts';
import { distFileOf, gzipSizeOf, type GzipSize } from '../js-size.ts';

/** Same-origin script URLs the page fetched: script responses and .js resource-timing entries. */
async function scriptUrls(page: Page, appUrl: string): Promise<string[]> {
  const urls = new Set<string>();
  const onResponse = (response: { url(): string; request(): { resourceType(): string } }) => {
    if (response.request().resourceType() === 'script') urls.add(response.url());
  };
  page.on('response', onResponse);
  try {
    await page.goto(appUrl);
    await page.getByRole('heading', { name: 'Create New Post' }).waitFor();
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    const entries = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    for (const name of entries) if (new URL(name).pathname.endsWith('.js')) urls.add(name);
  } finally {
    page.off('response', onResponse);
  }
  return [...urls].filter((url) => new URL(url).origin === new URL(appUrl).origin);
}

/** The JS a fresh load of the signed-in dashboard fetches, each sized as its dist/ file gzipped at level 9. */
export async function dashboardScripts(page: Page, appUrl: string): Promise<GzipSize[]> {
  const sameOrigin = await scriptUrls(page, appUrl);
  check(sameOrigin.length > 0, 'the dashboard loaded no scripts');
  const files = [...new Set(sameOrigin.map(distFileOf))].sort();
  return Promise.all(files.map(gzipSizeOf));
}
