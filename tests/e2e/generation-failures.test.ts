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
import { accessTokenOf, newAccount, restAsUser, signInAsOnboardedUser } from '../../harness/journeys.ts';

let fake: FakeProviders;
let server: AppServer;
let browser: BrowserSession;
let page: Page;
/** Every request the page sent to /api/groq, in order. */
const groqApiCalls: string[] = [];
const topic = 'What a failed launch taught our team';

beforeAll(async () => {
  const browserOpening = openBrowserEarly();
  fake = await startFakeProviders();
  server = await startApp({ GROQ_API_KEY: 'fake-groq-key', GROQ_BASE_URL: fake.url });
  browser = await browserOpening;
  page = browser.page;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/groq/')) groqApiCalls.push(request.url());
  });
  await signInAsOnboardedUser(page, server.url, newAccount('Ada Lovelace'));
  await page.getByLabel('What would you like to post about?').fill(topic);
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await fake?.close();
});

const preview = () => page.getByRole('article', { name: 'Post preview' });
const composer = () => page.getByRole('region', { name: 'Create New Post' });
const generateButton = () => composer().getByRole('button', { name: /Generate Post|Generating post/ });
const generationError = () => page.getByRole('region', { name: 'Preview', exact: true }).getByRole('alert');
const savedPosts = () => restAsUser<{ content: string }[]>(page, server.url, 'posts?select=content');
const groqRequests = () => fake.requests.filter((entry) => entry.provider === 'groq').length;
const idle = () => composer().getByRole('button', { name: 'Generate Post' }).waitFor({ timeout: 30_000 });

describe('a post cut off mid-stream', () => {
  it('stays as the post, marked incomplete, and is not filed by one click on "Save Post"', async () => {
    fake.setScenario('groq', { midStreamError: 3 });
    await generateButton().click();
    await idle();
    await generationError().waitFor();
    const fragment = DEFAULT_POST_TEXT.slice(0, 16);
    await preview().getByText(fragment).waitFor();
    await preview().getByText('Incomplete post', { exact: true }).waitFor();

    await preview().getByRole('button', { name: 'Save Post' }).click();
    const confirm = preview().getByRole('group', { name: 'Save an incomplete post?' });
    await confirm.waitFor({ timeout: 3_000 });
    // The words that arrived are the post's draft row, but it is not filed: no topic counted.
    expect(await restAsUser<unknown[]>(page, server.url, 'topic_ideas?select=id')).toEqual([]);

    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await preview().getByText(fragment).count()).toBe(1);
    expect(await page.getByLabel('What would you like to post about?').inputValue()).toBe(topic);
  });

  it('saves the fragment only after an explicit "Save anyway"', async () => {
    await preview().getByRole('button', { name: 'Save Post' }).click();
    await preview().getByRole('button', { name: 'Save anyway' }).click();
    await page.getByText('Post saved successfully!').waitFor();
    expect((await savedPosts()).map((post) => post.content.trim())).toEqual([
      DEFAULT_POST_TEXT.slice(0, 16).trim(),
    ]);
    await page.getByText('Your post preview will appear here').waitFor({ timeout: 10_000 });
  });

  it('offers to regenerate, which replaces the fragment with a whole post', async () => {
    fake.setScenario('groq', { midStreamError: 3 });
    await generateButton().click();
    await idle();
    await preview().getByText('Incomplete post', { exact: true }).waitFor();

    fake.setScenario('groq', { tokensPerSecond: 2000 });
    await preview().getByRole('button', { name: 'Regenerate' }).click();
    await idle();
    await preview()
      .getByText(`${DEFAULT_POST_TEXT.trim().length.toLocaleString('en-US')} / 3,000 characters`)
      .waitFor();
    expect(await preview().getByText('Incomplete post', { exact: true }).count()).toBe(0);
    expect(await generationError().count()).toBe(0);
  });

  it('keeps the post the user had when a new run fails before writing anything', async () => {
    // Provoked on purpose: the browser logs the refused request (and the app its failure) as errors.
    browser.allowConsoleErrorsInThisTest(/status of 500 .*\/api\/groq\//);
    fake.setScenario('groq', { error: { status: 500 } });
    await generateButton().click();
    await generationError().filter({ hasText: 'Groq API error: 500 Internal Server Error' }).waitFor();
    await preview()
      .getByText(`${DEFAULT_POST_TEXT.trim().length.toLocaleString('en-US')} / 3,000 characters`)
      .waitFor();
    expect(await preview().getByText('Incomplete post', { exact: true }).count()).toBe(0);
  });
});

describe('a provider failure that passes', () => {
  it('is tried again before the first byte, twice at most, and the post arrives whole', async () => {
    // Provoked on purpose: the browser logs each refused request as an error.
    browser.allowConsoleErrorsInThisTest(/status of 500 .*\/api\/groq\//);
    const text = 'Second time lucky: what a retry taught me about patience.';
    fake.setScenario('groq', { failFirst: { times: 2, status: 500 }, text, tokensPerSecond: 2000 });
    const [calls, requests] = [groqApiCalls.length, groqRequests()];
    await generateButton().click();
    await idle();
    await preview().getByText(text).waitFor();
    expect(await generationError().count()).toBe(0);
    expect(await preview().getByText('Incomplete post', { exact: true }).count()).toBe(0);
    // Three tries from the page, each reaching Groq: two failed, the third streamed the post.
    expect(groqApiCalls.length - calls).toBe(3);
    expect(groqRequests() - requests).toBe(3);
  });
});

describe('rate limits', () => {
  it('shows Groq’s 429 as "Groq API error: 429 Too Many Requests" with when to retry, after one request', async () => {
    // Provoked on purpose: the browser logs the refused request (and the app its failure) as errors.
    browser.allowConsoleErrorsInThisTest(/status of 429 .*\/api\/groq\//);
    fake.setScenario('groq', { error: { status: 429, headers: { 'retry-after': '30' } } });
    const [calls, requests] = [groqApiCalls.length, groqRequests()];
    await generateButton().click();
    await generationError().filter({ hasText: 'Groq API error: 429' }).waitFor({ timeout: 10_000 });
    expect((await generationError().innerText()).trim()).toBe(
      'Groq API error: 429 Too Many Requests. Try again in 30 seconds.',
    );
    await page.getByRole('status').filter({ hasText: 'Try again in 30 seconds.' }).first().waitFor();
    // groq-sdk retries before it reports: once the error shows, every request it would make was made.
    expect(groqApiCalls.length - calls).toBe(1);
    expect(groqRequests() - requests).toBe(1);
  });

  it('sends one request when our own limit refuses, and says how long to wait', async () => {
    // Provoked on purpose: the browser logs the refused request (and the app its failure) as errors.
    browser.allowConsoleErrorsInThisTest(/status of 429 .*\/api\/groq\//);
    fake.setScenario('groq', {});
    // Spend the user's AI budget from outside the page (every call counts, even one the server cannot serve).
    const token = await accessTokenOf(page);
    let refused = false;
    for (let spent = 0; spent < 100 && !refused; spent += 1) {
      const response = await fetch(`${server.url}/api/groq/openai/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'openai/gpt-oss-20b',
          messages: [{ role: 'user', content: 'hi' }],
          max_tokens: 1,
        }),
      });
      await response.body?.cancel();
      refused = response.status === 429;
    }
    expect(refused).toBe(true);
    const calls = groqApiCalls.length;
    await generateButton().click();
    await generationError().filter({ hasText: 'Too many requests.' }).waitFor();
    expect(await generationError().innerText()).toMatch(
      /^Too many requests\. Please wait \d+ seconds and try again\.$/,
    );
    // As above: any retry would have come before the error was shown.
    expect(groqApiCalls.length - calls).toBe(1);
    expect(browser.pageErrors).toEqual([]);
  });
});
