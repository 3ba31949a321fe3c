import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestEmailTo } from '../helpers/outbox.ts';
import type { AppServer } from '../../harness/app-server.ts';
import { startApp } from './support/app.ts';
import { openBrowser, type BrowserSession, openBrowserEarly } from './support/browser.ts';
import { newAccount, publishableKey, type TestAccount } from '../../harness/journeys.ts';

let mailing: AppServer;
let silent: AppServer;
let browser: BrowserSession;
let page: Page;

beforeAll(async () => {
  const browserOpening = openBrowserEarly();
  [mailing, silent] = await Promise.all([startApp({ AUTH_EMAIL_CONFIRMATION: 'true' }), startApp()]);
  browser = await browserOpening;
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await mailing?.dispose();
  await silent?.dispose();
});

/** An account whose address is confirmed (signed up through the API, its link followed). */
async function confirmedAccount(server: AppServer, account: TestAccount): Promise<void> {
  const response = await fetch(`${server.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: await publishableKey(server.url), 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  expect(response.status).toBe(200);
  const { link } = await latestEmailTo(path.join(server.dataDir, 'outbox'), account.email);
  await fetch(link, { redirect: 'manual' });
}

async function passwordWorks(server: AppServer, account: TestAccount, password: string): Promise<boolean> {
  const response = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: await publishableKey(server.url), 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password }),
  });
  return response.ok;
}

describe('"Forgot password?" on the sign-in card (docs/product.md §15 auth confirmations)', () => {
  it('sends a reset link; the link leads to a page where the new password is set', async () => {
    const account = newAccount('Ada Lovelace');
    await confirmedAccount(mailing, account);
    await page.goto(mailing.url);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email address').fill(account.email);
    await page.getByRole('button', { name: 'Send reset password instructions' }).click();
    await page.getByText('Check your email for the password reset link').waitFor();

    const mail = await latestEmailTo(path.join(mailing.dataDir, 'outbox'), account.email);
    expect(mail.subject).toBe('Reset your password');
    await page.goto(mail.link);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/reset-password');
    await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('Your password has been updated').waitFor();
    expect(await passwordWorks(mailing, account, 'a brand new passphrase')).toBe(true);
    expect(await passwordWorks(mailing, account, account.password)).toBe(false);

    await page.getByRole('button', { name: 'Continue' }).click();
    // A new account goes on into onboarding.
    await page.getByRole('heading', { name: 'Set up your profile' }).waitFor();
  });

  it('on a server that sends no email, says how the owner resets a password from the command line', async () => {
    const fresh = await openBrowser();
    try {
      await fresh.page.goto(silent.url);
      await fresh.page.getByLabel('Email address').fill('owner@example.com');
      await fresh.page.getByRole('button', { name: 'Forgot password?' }).click();
      await fresh.page.getByText('This server sends no email, so it cannot send a reset link.').waitFor();
      await fresh.page.getByText('npm run reset-password -- owner@example.com').waitFor();
      expect(await fresh.page.getByRole('button', { name: 'Send reset password instructions' }).count()).toBe(
        0,
      );
      await fresh.page.getByRole('button', { name: 'Back to sign in' }).click();
      await fresh.page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      // What was typed is still there.
      expect(await fresh.page.getByLabel('Email address').inputValue()).toBe('owner@example.com');
    } finally {
      await fresh.close();
    }
  });
});
