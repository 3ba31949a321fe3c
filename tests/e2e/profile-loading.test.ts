import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServer } from '../../harness/app-server.ts';
import { startApp } from './support/app.ts';
import { type BrowserSession, openBrowserEarly } from './support/browser.ts';
import { createOnboardedAccount, newAccount, signIn, signInAsOnboardedUser } from '../../harness/journeys.ts';

let server: AppServer;
let browser: BrowserSession;
let page: Page;
const first = newAccount('Ada Lovelace');
const second = newAccount('Grace Hopper');

beforeAll(async () => {
  const browserOpening = openBrowserEarly();
  server = await startApp();
  // The second account exists and is onboarded (made elsewhere).
  await createOnboardedAccount(server.url, second);
  browser = await browserOpening;
  page = browser.page;
  await signInAsOnboardedUser(page, server.url, first);
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('the profile loading again inside the app (docs/product.md §2 dashboard: "Loading profile...")', () => {
  it('another account signing in from another tab: the dashboard shows "Loading profile...", never the previous profile', async () => {
    await page.getByRole('button', { name: `Account menu for ${first.fullName}` }).waitFor();
    // Hold the profile read of this tab until the test has looked at the page.
    const held: Route[] = [];
    let holding = true;
    await page.route('**/rest/v1/profiles?**', async (route) => {
      if (holding) held.push(route);
      else await route.continue();
    });

    // A read sent during the switch (the profile, or the voice samples read beside it) may go out
    // without a session or with the first account's token and be refused; its answer is dropped
    // and the app reads again for the account now signed in.
    browser.allowConsoleErrorsInThisTest(/status of 401 .*\/rest\/v1\/(profiles|voice_samples)\?/);
    // Another tab of this browser signs the other account in (the first tab's stored session is
    // set aside first, so that tab starts signed out); supabase-js tells the first tab.
    await page.evaluate(() => localStorage.removeItem('sb-127-auth-token'));
    const tab = await browser.context.newPage();
    await tab.goto(server.url);
    await signIn(tab, second);

    await page.getByText('Loading profile...', { exact: true }).waitFor();
    expect(await page.getByText('Loading your profile...').count()).toBe(0);
    expect(await page.getByRole('button', { name: `Account menu for ${first.fullName}` }).count()).toBe(0);
    // The shell stays; only the page waits.
    await page.getByRole('navigation', { name: 'Main' }).waitFor();

    await expect.poll(() => held.length).toBeGreaterThan(0);
    // Stop holding first, then let every held read go, so none is left waiting forever.
    holding = false;
    for (const route of held) await route.continue();
    await page.unroute('**/rest/v1/profiles?**');
    await page.getByRole('button', { name: `Account menu for ${second.fullName}` }).waitFor();
    await page.getByRole('heading', { name: 'Create New Post' }).waitFor();
    await tab.close();
  });
});
