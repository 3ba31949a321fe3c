import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestEmailTo } from '../helpers/outbox.ts';
import path from 'node:path';
import type { AppServer } from '../../harness/app-server.ts';
import { startApp } from './support/app.ts';
import { openBrowser, type BrowserSession, openBrowserEarly } from './support/browser.ts';
import { newAccount, type TestAccount } from '../../harness/journeys.ts';

let app: AppServer;
let outboxDir: string;
let browser: BrowserSession;
let page: Page;

beforeAll(async () => {
  const browserOpening = openBrowserEarly();
  app = await startApp({ AUTH_EMAIL_CONFIRMATION: 'true' });
  outboxDir = path.join(app.dataDir, 'outbox');
  browser = await browserOpening;
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await app?.dispose();
});

async function signUp(target: Page, account: TestAccount): Promise<void> {
  await target.goto(app.url);
  await target.getByRole('button', { name: 'Need an account? Sign up' }).click();
  await target.getByLabel('Email address').fill(account.email);
  await target.getByLabel('Create password').fill(account.password);
  await target.getByRole('button', { name: 'Sign up' }).click();
}

const account = newAccount('Ada Lovelace');

describe('sign-up with email confirmation (PKCE)', () => {
  it('asks the new user to check their email, and refuses a sign-in until they have', async () => {
    // Provoked on purpose: the browser logs it as an error.
    browser.allowConsoleErrorsInThisTest(/status of 400 .*\/auth\/v1\/token\?grant_type=password/);
    await signUp(page, account);
    await page.getByText('Check your email for the confirmation link').waitFor();
    expect(await page.getByRole('heading', { name: 'Create Account' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Already have an account? Sign in' }).click();
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Email not confirmed');
  });

  it('lands signed in, in the onboarding wizard, from the link in the email', async () => {
    const { link } = await latestEmailTo(outboxDir, account.email);
    // The link leads to the auth server, which confirms and sends the browser back to the app.
    expect(new URL(link).searchParams.get('redirect_to')).toBe(`${app.url}/`);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Set up your profile' }).waitFor();
    await page.getByText('Step 1 of 5').waitFor();
    const landed = new URL(page.url());
    expect(landed.pathname).toBe('/onboarding');
    // supabase-js exchanged the code and took it out of the address.
    expect(landed.searchParams.has('code')).toBe(false);
    const stored = await page.evaluate(() => localStorage.getItem('sb-127-auth-token'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ user: { email: account.email } });
    expect(browser.pageErrors).toEqual([]);
  });

  it('says the link is used up when it is opened again, in a browser that is signed out', async () => {
    const other = await openBrowser();
    try {
      const { link } = await latestEmailTo(outboxDir, account.email);
      await other.page.goto(link);
      await other.page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      await expect
        .poll(() => other.page.getByRole('alert').textContent())
        .toBe('Email link is invalid or has expired');
      const landed = new URL(other.page.url());
      expect(landed.searchParams.has('error_code')).toBe(false);
      expect(landed.hash).toBe('');
    } finally {
      await other.close();
    }
  });

  it('confirms from another browser too, and then asks for a sign-in, which works', async () => {
    const second = newAccount('Grace Hopper');
    const signer = await openBrowser();
    try {
      await signUp(signer.page, second);
      await signer.page.getByText('Check your email for the confirmation link').waitFor();
    } finally {
      await signer.close();
    }
    // This browser never saw the sign-up, so it holds no code verifier for the link's code.
    const other = await openBrowser();
    try {
      await other.page.goto((await latestEmailTo(outboxDir, second.email)).link);
      await other.page.getByText('Your email address is confirmed. Sign in to continue.').waitFor();
      expect(new URL(other.page.url()).searchParams.has('code')).toBe(false);
      await other.page.getByLabel('Email address').fill(second.email);
      await other.page.getByLabel('Password').fill(second.password);
      await other.page.getByRole('button', { name: 'Sign in' }).click();
      await other.page.getByText('Step 1 of 5').waitFor();
      expect(other.pageErrors).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
