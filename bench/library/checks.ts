import type { Page } from 'playwright-core';
import { check } from '../check.ts';
import { calendarTitleSelector, ideasShownPerStep, selectors } from './config.ts';

/** Saved Posts shows its first page of 50, newest first, with "Load more posts". */
export async function checkSavedPosts(page: Page, newestTopic: string): Promise<void> {
  const articles = page.locator(selectors.savedPost);
  const shown = await articles.count();
  check(shown === 50, `Saved Posts shows ${shown} posts, expected the first page of 50`);
  const firstTopic = (await articles.first().getByRole('heading', { level: 2 }).innerText()).trim();
  check(
    firstTopic === newestTopic,
    `the first saved post is "${firstTopic}", expected the newest "${newestTopic}"`,
  );
  check(
    await page.getByRole('button', { name: 'Load more posts' }).isVisible(),
    'no "Load more posts" button',
  );
}

/** The Ideas Bank has loaded every idea and renders one step of rows. */
export async function checkIdeasBank(page: Page): Promise<void> {
  await page.getByText(selectors.ideasAllLoadedText).waitFor();
  const rows = await page.locator(selectors.ideaRow).count();
  check(rows === ideasShownPerStep, `the Ideas Bank renders ${rows} rows, expected ${ideasShownPerStep}`);
}

/** The calendar shows `label` with some of its posts: the number of post buttons. */
export async function checkCalendar(page: Page, label: string, expectedPosts: number): Promise<number> {
  const title = (await page.locator(calendarTitleSelector).innerText()).trim();
  check(title === label, `the calendar shows "${title}", expected "${label}"`);
  const chips = await page.locator(selectors.calendarPost).count();
  // At most three posts per day are shown (the rest behind "+N more").
  check(
    chips > 0 && chips <= expectedPosts,
    `the calendar shows ${chips} post buttons for ${label} (${expectedPosts} posts)`,
  );
  return chips;
}
