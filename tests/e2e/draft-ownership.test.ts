import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviders, type FakeProviders } from '../../harness/fakes/fake-providers.ts';
import type { AppServer } from '../../harness/app-server.ts';
import { startApp } from './support/app.ts';
import { serverGoneErrors, type BrowserSession, openBrowserEarly } from './support/browser.ts';
import { newAccount, signIn, signInAsOnboardedUser } from '../../harness/journeys.ts';

let fake: FakeProviders;
let server: AppServer;
let browser: BrowserSession;
let page: Page;
const ada = newAccount('Ada Lovelace');
const grace = newAccount('Grace Hopper');
const adaTopic = 'The acquisition nobody knows about yet';
const adaPost = 'Ada draft: we are buying the Analytical Engine Company on Monday.';
const graceTopic = 'My resignation letter';
const gracePost = 'Grace draft: after 20 years I am leaving the Navy.';

const topicInput = () => page.getByLabel('What would you like to post about?');
const preview = () => page.getByRole('article', { name: 'Post preview' });
const emptyPreview = () => page.getByText('Your post preview will appear here');
/** Everything this origin keeps in localStorage, as one string to search. */
const storedText = () => page.evaluate(() => JSON.stringify({ ...localStorage }));

async function generate(topic: string, text: string) {
  fake.setScenario('groq', { text, tokensPerSecond: 3000 });
  await topicInput().fill(topic);
  await page
    .getByRole('region', { name: 'Create New Post' })
    .getByRole('button', { name: 'Generate Post' })
    .click();
  await preview().getByText(text).waitFor();
}

/** The session ends the way an expired one does: the stored session is gone when the page next loads. */
async function loseSession() {
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage))
      if (key.endsWith('-auth-token')) localStorage.removeItem(key);
  });
  await page.reload();
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
}

beforeAll(async () => {
  const browserOpening = openBrowserEarly();
  fake = await startFakeProviders();
  server = await startApp({ GROQ_API_KEY: 'fake-groq-key', GROQ_BASE_URL: fake.url });
  browser = await browserOpening;
  page = browser.page;
  await signInAsOnboardedUser(page, server.url, ada);
  await generate(adaTopic, adaPost);
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await fake?.close();
});

describe('the generator draft belongs to the account that wrote it', () => {
  it('comes back to its writer when their session ended without a sign-out', async () => {
    await loseSession();
    await signIn(page, ada);
    await preview().getByText(adaPost).waitFor();
    expect(await topicInput().inputValue()).toBe(adaTopic);
  });

  it('is never shown to another account signing in on the same browser', async () => {
    await loseSession();
    await signInAsOnboardedUser(page, server.url, grace);
    // The dashboard renders the draft with its first paint: what shows now is what Grace gets.
    expect(await topicInput().inputValue()).toBe('');
    expect(await emptyPreview().isVisible()).toBe(true);
    expect(await page.getByText(adaPost).count()).toBe(0);
    // Nor is it left behind in the browser for the next person.
    expect(await storedText()).not.toContain(adaPost);
  });

  it('is forgotten by "Sign Out & Restart" on the error screen, even while the server is down', async () => {
    // Provoked on purpose: the browser logs it as an error.
    browser.allowConsoleErrorsInThisTest(serverGoneErrors);
    await generate(graceTopic, gracePost);
    await server.stop();
    await page.getByRole('heading', { name: 'Error' }).waitFor({ timeout: 30_000 });
    // Clicked while the server is still down, as a user facing this screen would: the reload it
    // starts cannot reach the server, which is started again afterwards.
    const leaving = page.waitForEvent('framenavigated');
    await page.getByRole('button', { name: 'Sign Out & Restart' }).click();
    await leaving;
    await server.restart();
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect(await storedText()).not.toContain(gracePost);
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith('-auth-token'))),
    ).toEqual([]);

    await signIn(page, ada);
    await page.getByRole('heading', { name: 'Create New Post' }).waitFor();
    expect(await topicInput().inputValue()).toBe('');
    expect(await emptyPreview().isVisible()).toBe(true);
    expect(await page.getByText(gracePost).count()).toBe(0);
    expect(browser.pageErrors).toEqual([]);
  });
});
