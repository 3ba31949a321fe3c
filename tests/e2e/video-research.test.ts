import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviders, type FakeProviders } from '../../harness/fakes/fake-providers.ts';
import type { AppServer } from '../../harness/app-server.ts';
import { startApp } from './support/app.ts';
import { type BrowserSession, openBrowserEarly } from './support/browser.ts';
import { newAccount, signInAsOnboardedUser } from '../../harness/journeys.ts';

let fake: FakeProviders;
let server: AppServer;
let browser: BrowserSession;
let page: Page;
/** What the page wrote to the console as errors and warnings. */
const consoleErrors: string[] = [];

beforeAll(async () => {
  const browserOpening = openBrowserEarly();
  fake = await startFakeProviders();
  server = await startApp({
    PERPLEXITY_API_KEY: 'fake-perplexity-key',
    PERPLEXITY_BASE_URL: fake.url,
    YOUTUBE_API_KEY: 'fake-youtube-key',
    YOUTUBE_BASE_URL: fake.url,
  });
  browser = await browserOpening;
  page = browser.page;
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') consoleErrors.push(message.text());
  });
  await signInAsOnboardedUser(page, server.url, newAccount('Video Researcher'));
  await page.getByRole('button', { name: 'Find Topics' }).click();
  await panel().getByRole('tab', { name: 'Video Research' }).click();
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await fake?.close();
});

const panel = () => page.getByRole('region', { name: 'Topic Research Assistant' });
const urlInput = () => panel().getByLabel('YouTube video URL');
const analyseButton = () => panel().getByRole('button', { name: 'Analyze Video' });
const card = () => panel().getByRole('article', { name: 'Video analysis' });
const watchLink = () => card().getByRole('link', { name: 'Watch on YouTube' });
const youtubeIds = () =>
  fake.requests.filter((entry) => entry.provider === 'youtube').map((entry) => entry.query.id);
const alertText = async () => (await panel().getByRole('alert').innerText()).trim();

async function analyse(url: string) {
  await urlInput().fill(url);
  await analyseButton().click();
}

/** Analyses a link and waits until this analysis (not an earlier one) has finished. */
async function analyseToTheEnd(url: string) {
  const before = fake.requests.filter((entry) => entry.provider === 'perplexity').length;
  await analyse(url);
  await expect
    .poll(() => fake.requests.filter((entry) => entry.provider === 'perplexity').length, { timeout: 10_000 })
    .toBe(before + 1);
  await panel().getByText('This may take a while. Go get a brew').waitFor({ state: 'detached' });
  await page.getByText('Video analysis complete!').last().waitFor();
}

describe('video research: what the user types', () => {
  it.each(['youtu.be/dQw4w9WgXcQ', 'www.youtube.com/watch?v=dQw4w9WgXcQ'])(
    'analyses the scheme-less link %s',
    async (link) => {
      const before = youtubeIds().length;
      await analyseToTheEnd(link);
      expect(youtubeIds().slice(before)).toEqual(['dQw4w9WgXcQ']);
      expect(await watchLink().getAttribute('href')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
      expect(await urlInput().inputValue()).toBe(link);
    },
  );

  it('answers plain text with the app’s own "Invalid YouTube URL", keeping the text and asking nothing of YouTube', async () => {
    // Provoked on purpose: the browser logs the refused request (and the app its failure) as errors.
    browser.allowConsoleErrorsInThisTest('Research failed');
    const before = fake.requests.length;
    await analyse('my favourite talk about compilers');
    await panel().getByRole('alert').filter({ hasText: 'Invalid YouTube URL' }).waitFor({ timeout: 5_000 });
    expect(await urlInput().inputValue()).toBe('my favourite talk about compilers');
    // The browser's own bubble never blocks the app: the form leaves validation to the app.
    expect(await urlInput().evaluate((input: HTMLInputElement) => input.form?.noValidate)).toBe(true);
    expect(fake.requests.length).toBe(before);
  });
});

describe('video research: a result stays bound to the video analysed', () => {
  it('keeps the card and its link on the analysed video while the field is edited', async () => {
    await analyseToTheEnd('https://youtu.be/dQw4w9WgXcQ');
    await card().waitFor();

    await urlInput().fill('https://www.youtube.com/watch?v=9bZkp7q19f0');
    expect(await watchLink().getAttribute('href')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');

    await urlInput().fill('not a link at all');
    await card().waitFor({ timeout: 2_000 });
    expect(await watchLink().getAttribute('href')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await panel().getByRole('region', { name: 'Post ideas from this video' }).waitFor();
  });
});

describe('video research: the stats row', () => {
  it.each([390, 800, 1280, 1920])('shows every count and label whole at %i px', async (width) => {
    await page.setViewportSize({ width, height: 900 });
    await card().waitFor();
    const clipped = await card()
      .locator('dl > div')
      .evaluateAll((cells) =>
        cells.flatMap((cell) => {
          const box = cell.getBoundingClientRect();
          const problems: string[] = [];
          if (cell.scrollWidth > cell.clientWidth + 1)
            problems.push(`${cell.textContent} overflows its cell`);
          for (const part of Array.from(cell.children)) {
            const inner = part.getBoundingClientRect();
            if (inner.right > box.right + 1 || inner.left < box.left - 1)
              problems.push(`${part.textContent} sticks out of its cell`);
            if (part.scrollWidth > part.clientWidth + 1) problems.push(`${part.textContent} is cut off`);
          }
          const card = cell.closest('article')?.getBoundingClientRect();
          if (card && (box.right > card.right + 1 || box.left < card.left - 1))
            problems.push(`${cell.textContent} sticks out of the card`);
          return problems;
        }),
      );
    expect(clipped).toEqual([]);
    const cells = await card().locator('dl > div').allInnerTexts();
    const words = (text: string) => text.trim().split(/\s+/).sort();
    expect(cells.map(words)).toEqual([
      ['1.2M', 'views'],
      ['45.7K', 'likes'],
      ['1.2K', 'comments'],
      ['0', 'favorites'],
    ]);
  });

  // The later tests use the browser's default width (harness/browser.ts).
  afterAll(async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

describe('video research: provider failures in plain words', () => {
  it('says what YouTube’s quota error means, without its JSON or HTML, in the alert and the toast', async () => {
    // Provoked on purpose: the browser logs the refused request (and the app its failure) as errors.
    browser.allowConsoleErrorsInThisTest(/status of 403 .*\/api\/youtube\//, 'Research failed');
    fake.setScenario('youtube', { quotaExceeded: true });
    consoleErrors.length = 0;
    await analyse('https://youtu.be/dQw4w9WgXcQ');
    await panel().getByRole('alert').waitFor({ timeout: 10_000 });
    const shown = await alertText();
    expect(shown).toMatch(/^YouTube API error: 403 Forbidden\. [A-Z][^{}<>]+\.$/);
    const toast = page.getByRole('status').filter({ hasText: 'YouTube API error: 403 Forbidden' });
    expect((await toast.first().innerText()).trim()).toBe(shown);
    for (const raw of ['<a', 'href', '{', 'quotaExceeded', '"error"']) expect(shown).not.toContain(raw);
    // The details are for whoever debugs it: in the console, never with a key.
    expect(consoleErrors.join('\n')).toContain('exceeded your');
    expect(consoleErrors.join('\n')).not.toContain('fake-youtube-key');
    fake.setScenario('youtube', {});
  });

  it('says the same for a Perplexity 500', async () => {
    // Provoked on purpose: the browser logs the refused request (and the app its failure) as errors.
    browser.allowConsoleErrorsInThisTest(/status of 500 .*\/api\/perplexity\//, 'Research failed');
    fake.setScenario('perplexity', { error: { status: 500 } });
    await analyse('https://youtu.be/dQw4w9WgXcQ');
    await panel().getByRole('alert').filter({ hasText: 'Perplexity' }).waitFor({ timeout: 10_000 });
    const shown = await alertText();
    expect(shown).toMatch(/^Perplexity API error: 500 Internal Server Error\. [A-Z][^{}<>]+\.$/);
    expect(shown).not.toContain('Request failed');
    expect(await urlInput().inputValue()).toBe('https://youtu.be/dQw4w9WgXcQ');
    fake.setScenario('perplexity', {});
    expect(browser.pageErrors).toEqual([]);
  });
});
