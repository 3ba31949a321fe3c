import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_POST_TEXT,
  startFakeProviders,
  type FakeProviders,
} from '../../harness/fakes/fake-providers.ts';
import type { AppServer } from '../../harness/app-server.ts';
import { startApp } from './support/app.ts';
import { type BrowserSession, openBrowserEarly } from './support/browser.ts';
import { newAccount, restAsUser, signInAsOnboardedUser } from '../../harness/journeys.ts';

let fake: FakeProviders;
let server: AppServer;
let browser: BrowserSession;
let page: Page;
const account = newAccount('Grace Hopper');
const topic = 'Lessons from my first year as an engineering manager';

beforeAll(async () => {
  const browserOpening = openBrowserEarly();
  fake = await startFakeProviders();
  server = await startApp({
    GROQ_API_KEY: 'fake-groq-key',
    GROQ_BASE_URL: fake.url,
    ANTHROPIC_API_KEY: 'fake-anthropic-key',
    ANTHROPIC_BASE_URL: fake.url,
  });
  browser = await browserOpening;
  page = browser.page;
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await signInAsOnboardedUser(page, server.url, account, { company: 'Navy Labs', role: 'Product Manager' });
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await fake?.close();
});

const preview = () => page.getByRole('article', { name: 'Post preview' });
const composer = () => page.getByRole('region', { name: 'Create New Post' });
const generateButton = () => composer().getByRole('button', { name: /Generate Post|Generating post/ });

async function ideaCount(): Promise<number | undefined> {
  const rows = await restAsUser<{ used_count: number }[]>(
    page,
    server.url,
    `topic_ideas?select=used_count&topic=eq.${encodeURIComponent(topic)}`,
  );
  return rows[0]?.used_count;
}

describe('generating a post', () => {
  it('keeps Generate disabled for an empty or whitespace topic and for a 10,000-character topic', async () => {
    const input = page.getByLabel('What would you like to post about?');
    await input.fill('   ');
    expect(await generateButton().isDisabled()).toBe(true);
    await input.fill('x'.repeat(10_000));
    expect(await generateButton().isDisabled()).toBe(true);
    await page.getByText('The topic is too long: keep it under 1,000 characters').waitFor();
    expect(fake.requests.length).toBe(0);
  });

  it('streams the post word by word from Groq into a LinkedIn-style card', async () => {
    fake.setScenario('groq', { tokensPerSecond: 40 });
    await page.getByLabel('What would you like to post about?').fill(topic);
    await generateButton().click();
    await composer().getByRole('button', { name: 'Generating post...' }).waitFor();
    await preview().waitFor();
    // Word by word: the card grows while the button still says it is generating.
    const streamed = () => preview().getByRole('textbox', { name: 'Post text' }).inputValue();
    const early = (await streamed()).length;
    await expect.poll(async () => (await streamed()).length).toBeGreaterThan(early);
    expect(await composer().getByRole('button', { name: 'Generating post...' }).count()).toBe(1);
    await composer().getByRole('button', { name: 'Generate Post' }).waitFor({ timeout: 30_000 });

    // The whole post is in the card, editable; what the feed folds away is shaded, per device.
    expect(await preview().getByRole('textbox', { name: 'Post text' }).inputValue()).toBe(
      DEFAULT_POST_TEXT.trim(),
    );
    await preview().getByText('Shaded: behind “…see more” on a phone').waitFor();
    await preview().getByRole('radio', { name: 'Desktop' }).click();
    await preview().getByText('Shaded: behind “…see more” on a desktop').waitFor();
    await preview()
      .getByText(`${DEFAULT_POST_TEXT.trim().length.toLocaleString('en-US')} / 3,000 characters`)
      .waitFor();
    await preview().getByText('Grace Hopper').waitFor();
    await preview().getByText('Product Manager at Navy Labs').waitFor();
    await preview().getByText('Just now').waitFor();

    const request = fake.requests.find((entry) => entry.provider === 'groq');
    expect(request?.headers.authorization).toBe('Bearer fake-groq-key');
    expect(request?.body).toMatchObject({
      model: 'openai/gpt-oss-120b',
      stream: true,
      temperature: 0.7,
      max_tokens: 1500,
      include_reasoning: false,
    });
    expect(JSON.stringify(request?.body)).toContain(topic);
  });

  it('copies the post to the clipboard', async () => {
    await preview().getByRole('button', { name: 'Copy post' }).click();
    await page.getByText('Post copied to clipboard!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(DEFAULT_POST_TEXT.trim());
  });

  it('saves the post, counts the topic in the ideas bank, and survives a reload', async () => {
    await preview().getByRole('button', { name: 'Save Post' }).click();
    await preview().getByRole('button', { name: 'Saved' }).waitFor();
    await page.getByText('Post saved successfully!').waitFor();
    await page.getByText('Your post preview will appear here').waitFor({ timeout: 10_000 });

    await page.reload();
    await page.getByRole('heading', { name: 'Create New Post' }).waitFor();
    const posts = await restAsUser<{ topic: string; content: string; is_published: boolean }[]>(
      page,
      server.url,
      'posts?select=topic,content,is_published',
    );
    expect(posts).toEqual([{ topic, content: DEFAULT_POST_TEXT.trim(), is_published: false }]);
    expect(await ideaCount()).toBe(1);
  });

  it('counts the same topic again on a second save (used_count 2)', async () => {
    fake.setScenario('groq', { tokensPerSecond: 2000 });
    expect(await page.getByLabel('What would you like to post about?').inputValue()).toBe(topic);
    await generateButton().click();
    await preview().getByRole('button', { name: 'Save Post' }).click();
    await page.getByText('Post saved successfully!').waitFor();
    await expect.poll(ideaCount).toBe(2);
  });

  it('shows a provider failure inline and as a toast, keeping the topic', async () => {
    // Provoked on purpose: the browser logs it as an error.
    browser.allowConsoleErrorsInThisTest(/status of 500 .*\/api\/groq\//);
    fake.setScenario('groq', { error: { status: 500 } });
    const before = fake.requests.filter((entry) => entry.provider === 'groq').length;
    await generateButton().click();
    // One press, three requests: a provider's 500 is tried twice more before it is shown (docs/product.md §13.9).
    await expect
      .poll(
        () =>
          page.getByRole('alert').filter({ hasText: 'Groq API error: 500 Internal Server Error' }).count(),
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    // …and as a toast, which announces itself as a status.
    await page
      .getByRole('status')
      .filter({ hasText: 'Groq API error: 500 Internal Server Error' })
      .first()
      .waitFor();
    expect(fake.requests.filter((entry) => entry.provider === 'groq').length - before).toBe(3);
    expect(await page.getByLabel('What would you like to post about?').inputValue()).toBe(topic);
  });

  it('keeps the partial text when the stream is cut half-way, as a draft marked incomplete', async () => {
    fake.setScenario('groq', { tokensPerSecond: 500, disconnectAfterChunks: 12 });
    await generateButton().click();
    await composer().getByRole('button', { name: 'Generate Post' }).waitFor({ timeout: 30_000 });
    // /api ends the cut stream with an error event and closes it cleanly, so every word sent arrives.
    await page
      .getByText('The connection to the AI service was interrupted before the post was finished.')
      .first()
      .waitFor();
    const partial = await preview().getByRole('textbox', { name: 'Post text' }).inputValue();
    expect(partial.length).toBeGreaterThan(10);
    await preview().getByText('Incomplete post', { exact: true }).waitFor();
    // The words that arrived are the post (a draft row, never planned or published by one click).
    await expect
      .poll(async () =>
        (
          await restAsUser<{ content: string }[]>(
            page,
            server.url,
            'posts?select=content&publish_status=eq.draft',
          )
        ).map((row) => row.content),
      )
      .toContain(partial);
  });

  it('generates through Anthropic after switching the engine in settings', async () => {
    fake.setScenario('anthropic', {
      text: 'A Claude-written post about management.\n\nWhat did your first year teach you?',
      tokensPerSecond: 200,
    });
    await page.getByRole('button', { name: 'Account menu for Grace Hopper' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('radio', { name: /Anthropic/ }).check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Settings saved successfully').waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();

    await generateButton().click();
    await preview().getByText('What did your first year teach you?').waitFor({ timeout: 30_000 });
    const request = fake.requests.filter((entry) => entry.provider === 'anthropic').at(-1);
    expect(request?.headers['x-api-key']).toBe('fake-anthropic-key');
    expect(request?.body).toMatchObject({
      model: 'claude-sonnet-4-6',
      stream: true,
      max_tokens: 1500,
      temperature: 0.7,
    });
    expect(browser.pageErrors).toEqual([]);
  });
});
