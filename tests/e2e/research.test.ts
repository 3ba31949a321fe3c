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
  await signInAsOnboardedUser(page, server.url, newAccount('Research User'), {
    company: 'Navy Labs',
    role: 'Startup Founder',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await fake?.close();
});

const topicInput = () => page.getByLabel('What would you like to post about?');
const panel = () => page.getByRole('region', { name: 'Topic Research Assistant' });
const agentRequests = () => fake.requests.filter((entry) => entry.provider === 'perplexity');

async function openPanel(tab: string) {
  if (!(await panel().isVisible())) await page.getByRole('button', { name: 'Find Topics' }).click();
  await panel().getByRole('tab', { name: tab }).click();
}

describe('the Topic Research Assistant', () => {
  it('opens from "Find Topics" with the profile in its header, hiding Generate Post', async () => {
    await page.getByRole('button', { name: 'Find Topics' }).click();
    await panel().getByText('Navy Labs · Startup Founder').waitFor();
    expect(
      await panel().getByRole('tab', { name: 'AI-Powered Research' }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(
      await page
        .getByRole('region', { name: 'Create New Post' })
        .getByRole('button', { name: 'Generate Post' })
        .count(),
    ).toBe(0);
    expect(await panel().getByLabel('Your interests and expertise').inputValue()).toBe(
      'I build compilers and teach teams to ship.',
    );
  });

  it('tab 1: researches interests on chosen websites and sends "title: description" to the generator', async () => {
    await panel().getByLabel('Add specific websites to research').check();
    const site = panel().getByLabel('Website to research');
    await site.fill(' https://techcrunch.com/ ');
    await panel().getByRole('button', { name: 'Add' }).click();
    await site.fill('example.org');
    await site.press('Enter');
    await site.fill('   ');
    await site.press('Enter');
    const chips = panel().getByRole('list', { name: 'Websites to research' });
    expect(await chips.getByRole('listitem').allInnerTexts()).toEqual(['techcrunch.com', 'example.org']);
    await chips.getByRole('button', { name: 'Remove techcrunch.com' }).click();

    fake.setScenario('perplexity', { latencyMs: 1200 });
    await panel().getByRole('button', { name: 'Get Topic Suggestions' }).click();
    await panel().getByText('This may take a while. Go get a brew').waitFor();
    expect(await panel().getByRole('button', { name: 'Get Topic Suggestions' }).isDisabled()).toBe(true);
    await page.getByText('Topic suggestions loaded!').waitFor();
    for (const group of ['Industry Trends', 'Audience Interests', 'Content Gaps'])
      await panel().getByRole('region', { name: group }).waitFor();
    await panel()
      .getByText(/^Last updated:/)
      .waitFor();

    const body = agentRequests().at(-1)?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      model: 'perplexity/sonar',
      temperature: 0.7,
      top_p: 0.9,
      max_output_tokens: 2000,
      tools: [
        {
          type: 'web_search',
          search_context_size: 'high',
          filters: { search_domain_filter: ['example.org'] },
        },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'topic_suggestions' } },
    });
    expect(agentRequests().at(-1)?.headers.authorization).toBe('Bearer fake-perplexity-key');

    const first = panel().getByRole('region', { name: 'Industry Trends' }).getByRole('listitem').first();
    const title = await first.getByRole('heading').innerText();
    const description = await first.locator('p').first().innerText();
    await first.getByText(/Audience: /).waitFor();
    await first.getByRole('button', { name: 'Use this topic' }).click();
    await page.getByText('Topic selected!').waitFor();
    expect(await topicInput().inputValue()).toBe(`${title}: ${description}`);
    await page
      .getByRole('region', { name: 'Create New Post' })
      .getByRole('button', { name: 'Generate Post' })
      .waitFor();
  });

  it('keeps what was typed when the panel is closed and reopened', async () => {
    await openPanel('AI-Powered Research');
    await panel().getByLabel('Your interests and expertise').fill('Compilers, teaching, and shipping');
    await page.getByRole('button', { name: 'Find Topics' }).click();
    await openPanel('AI-Powered Research');
    expect(await panel().getByLabel('Your interests and expertise').inputValue()).toBe(
      'Compilers, teaching, and shipping',
    );
  });

  it('tab 2: finds communities, searches their pain points, and hands over ideas as bare text', async () => {
    await openPanel('Community Research');
    await panel().getByLabel('Niche or audience to explore').fill('early-stage founders');
    await panel().getByRole('button', { name: 'Find Subreddits' }).click();
    await page.getByText('Relevant subreddits found!').waitFor();
    await panel()
      .getByRole('button', { name: /^r\/careerguidance/ })
      .click();
    await panel()
      .getByRole('button', { name: /^r\/productivity/ })
      .click();
    await panel().getByText('2 selected.').waitFor();
    expect(
      await panel()
        .getByRole('button', { name: /^r\/careerguidance/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await panel()
      .getByRole('button', { name: /^r\/linkedin.*45 thousand members/ })
      .waitFor();

    await panel()
      .getByRole('radio', { name: /I'm struggling with/ })
      .check();
    await panel().getByLabel('Focus topics (optional)').fill('writing habits');
    const action = panel().getByRole('button', { name: 'Search Pain Points' });
    expect(await action.getAttribute('class')).toContain('bg-green-600');
    await action.click();
    await page.getByText('Pain points found in selected subreddits!').waitFor();
    const body = JSON.stringify(agentRequests().at(-1)?.body);
    for (const expected of ['r/careerguidance', 'r/productivity', "I'm struggling with", 'writing habits'])
      expect(body).toContain(expected);

    const card = panel().getByRole('listitem').filter({ hasText: 'Not knowing what to write about' });
    await card.getByText('513 upvotes').waitFor();
    await card.getByText('96 comments').waitFor();
    await card
      .getByRole('listitem')
      .filter({ hasText: 'Five questions to find your story' })
      .getByRole('button', { name: 'Use this idea' })
      .click();
    expect(await topicInput().inputValue()).toBe('Five questions to find your story');

    await openPanel('Community Research');
    await panel()
      .getByRole('listitem')
      .filter({ hasText: 'Posting consistently while working full time' })
      .getByRole('button', { name: 'Use top idea' })
      .click();
    expect(await topicInput().inputValue()).toBe('My 30-minute weekly writing routine');

    await openPanel('Community Research');
    await panel().getByRole('button', { name: 'Back to subreddit search' }).click();
    await panel().getByRole('button', { name: 'Find Subreddits' }).waitFor();
  });

  it('tab 3: refuses a non-YouTube link without a request, then analyses a video', async () => {
    // Provoked on purpose: the browser logs it as an error.
    browser.allowConsoleErrorsInThisTest('Research failed Error: Invalid YouTube URL');
    await openPanel('Video Research');
    const url = panel().getByLabel('YouTube video URL');
    const before = fake.requests.length;
    await url.fill('https://vimeo.com/123456789');
    await panel().getByRole('button', { name: 'Analyze Video' }).click();
    await panel().getByRole('alert').filter({ hasText: 'Invalid YouTube URL' }).waitFor();
    expect(fake.requests.length).toBe(before);

    await url.fill('https://youtu.be/dQw4w9WgXcQ?t=42');
    await panel().getByRole('button', { name: 'Analyze Video' }).click();
    await page.getByText('Video analysis complete!').waitFor();
    const card = panel().getByRole('article', { name: 'Video analysis' });
    await card.getByText('How to Build a Personal Brand on LinkedIn').waitFor();
    await card.getByText('Career Lab').waitFor();
    expect(await card.getByRole('link', { name: 'Watch on YouTube' }).getAttribute('href')).toBe(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    for (const count of ['1.2M', '45.7K', '1.2K', '0'])
      await card.getByText(count, { exact: true }).waitFor();
    const youtube = fake.requests.find((entry) => entry.provider === 'youtube');
    expect(youtube?.query).toMatchObject({ id: 'dQw4w9WgXcQ', key: 'fake-youtube-key' });

    const idea = panel()
      .getByRole('region', { name: 'Post ideas from this video' })
      .getByRole('listitem')
      .first();
    const title = await idea.getByRole('heading').innerText();
    await idea.getByRole('button', { name: 'Use this topic' }).click();
    expect(await topicInput().inputValue()).toContain(`${title}: `);
  });

  it('closing the panel mid-search cancels it: no late toast, nothing changes', async () => {
    await openPanel('AI-Powered Research');
    fake.setScenario('perplexity', { latencyMs: 1500 });
    await panel().getByRole('button', { name: 'Get Topic Suggestions' }).click();
    await panel().getByText('This may take a while. Go get a brew').waitFor();
    // Cancelled means the browser drops the request itself, so no answer can arrive later.
    const dropped = page.waitForEvent('requestfailed', (request) =>
      request.url().includes('/perplexity/agent'),
    );
    await page.getByRole('button', { name: 'Find Topics' }).click();
    await panel().waitFor({ state: 'detached' });
    expect((await dropped).failure()?.errorText).toMatch(/ABORTED/);
    expect(await page.getByText('Topic suggestions loaded!').count()).toBe(0);
    await openPanel('AI-Powered Research');
    expect(await panel().getByText('This may take a while. Go get a brew').count()).toBe(0);
    expect(await panel().getByRole('button', { name: 'Get Topic Suggestions' }).isEnabled()).toBe(true);
    fake.setScenario('perplexity', {});
  });

  it('shows a failed research run as a toast and keeps the inputs', async () => {
    // Provoked on purpose: the browser logs it as an error.
    browser.allowConsoleErrorsInThisTest('Research failed');
    await openPanel('Video Research');
    fake.setScenario('perplexity', { failed: true });
    await panel().getByRole('button', { name: 'Analyze Video' }).click();
    const failure = (await panel().getByRole('alert').innerText()).trim();
    await page.getByRole('status').filter({ hasText: failure }).first().waitFor();
    expect(await panel().getByLabel('YouTube video URL').inputValue()).toBe(
      'https://youtu.be/dQw4w9WgXcQ?t=42',
    );
    fake.setScenario('perplexity', {});
    expect(browser.pageErrors).toEqual([]);
  });
});
