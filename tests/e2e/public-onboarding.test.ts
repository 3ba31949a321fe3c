import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServer } from '../../harness/app-server.ts';
import { startApp } from './support/app.ts';
import { type BrowserSession, openBrowserEarly } from './support/browser.ts';
import { newAccount } from '../../harness/journeys.ts';

let server: AppServer;
let browser: BrowserSession;
let page: Page;

beforeAll(async () => {
  const browserOpening = openBrowserEarly();
  server = await startApp();
  browser = await browserOpening;
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('/onboarding is open to everyone (docs/product.md §2)', () => {
  it('a signed-out visitor sees the first step, creates an account there and goes on with what they typed', async () => {
    const account = newAccount('Katherine Johnson');
    await page.goto(`${server.url}/onboarding`);
    await page.getByRole('heading', { name: 'Set up your profile' }).waitFor();
    await page.getByText('Step 1 of 5').waitFor();
    expect(await page.getByRole('heading', { name: 'Welcome Back' }).count()).toBe(0);

    await page.getByLabel('Full name').fill(account.fullName);
    await page.getByLabel('Company').fill('NASA Langley');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Create password').fill(account.password);
    await page.getByRole('button', { name: 'Sign up' }).click();

    // Signed in, still on step 1, and nothing typed is lost.
    await page.getByRole('button', { name: 'Next' }).waitFor();
    expect(await page.getByLabel('Full name').inputValue()).toBe(account.fullName);
    expect(await page.getByLabel('Company').inputValue()).toBe('NASA Langley');
    expect(await page.getByLabel('Email address').count()).toBe(0);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Tell us about yourself').fill('I compute trajectories.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.getByRole('heading', { name: 'Create New Post' }).waitFor();
    await page.getByRole('button', { name: `Account menu for ${account.fullName}` }).waitFor();
  });

  it('a signed-out visitor who already has an account can go to sign in from there', async () => {
    await page.getByRole('button', { name: `Account menu for Katherine Johnson` }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await page.goto(`${server.url}/onboarding`);
    await page.getByRole('heading', { name: 'Set up your profile' }).waitFor();
    // The previous account's answers are not shown to the next visitor.
    expect(await page.getByLabel('Full name').inputValue()).toBe('');
    await page.getByRole('link', { name: 'Already have an account? Sign in' }).click();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  });
});
