import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServer } from '../../harness/app-server.ts';
import { startApp } from './support/app.ts';
import { serverGoneErrors, type BrowserSession, openBrowserEarly } from './support/browser.ts';

let server: AppServer;
let browser: BrowserSession;
let page: Page;

const email = `journey-${Date.now()}@example.com`;
const password = 'a sturdy passphrase';

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

describe('a new user, from sign-up to signing back in', () => {
  it('creates an account (after a too-short password) and is sent to onboarding', async () => {
    // Provoked on purpose: the browser logs it as an error.
    browser.allowConsoleErrorsInThisTest(/status of 422 .*\/auth\/v1\/signup/);
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await page.getByRole('button', { name: 'Need an account? Sign up' }).click();
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Create password').fill('short');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Password should be at least 8 characters.');

    await page.getByLabel('Create password').fill(password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Set up your profile' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/onboarding');
  });

  it('goes through the onboarding steps, skipping the optional fifth, and lands in the app shell', async () => {
    await page.getByText('Step 1 of 5').waitFor();
    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.getByLabel('Company').fill('Navy Labs');
    await page.getByLabel('Industry').fill('Computing');
    await page.getByLabel('Website').fill('gracehopper.example.com');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByText('Step 2 of 5').waitFor();
    await page.getByLabel('Tell us about yourself').fill('Compiler pioneer who loves teaching.');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByText('Step 3 of 5').waitFor();
    await page.getByLabel('Choose your writing style').selectOption('Story-driven and narrative');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByText('Step 4 of 5').waitFor();
    await page.getByLabel("What's your role?").selectOption('Product Manager');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByText('Step 5 of 5').waitFor();
    await page.getByRole('heading', { name: 'Teach it your voice (optional)' }).waitFor();
    await page.getByRole('button', { name: 'Skip' }).click();

    await page.getByRole('button', { name: 'Account menu for Grace Hopper' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.getByText('Product Manager').first().isVisible()).toBe(true);
    // The shell: sidebar title, Generate Post, navigation with the active entry.
    await page.getByText('AI Post Generator').first().waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Generate' }).getAttribute('aria-current')).toBe('page');
    await nav.getByRole('link', { name: 'Saved Posts' }).click();
    // Navigation is a transition: the current page stays until the next one's code has loaded.
    await expect
      .poll(() => nav.getByRole('link', { name: 'Saved Posts' }).getAttribute('aria-current'))
      .toBe('page');
    expect(await nav.getByRole('link', { name: 'Generate' }).getAttribute('aria-current')).toBeNull();
  });

  it('changes the profile, engine and model in settings, and they persist', async () => {
    await page.getByRole('button', { name: 'Account menu for Grace Hopper' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    expect(await page.getByLabel('Website').inputValue()).toBe('https://gracehopper.example.com');

    await page.getByLabel('Company').fill('Harvard Computation Lab');
    await page.getByLabel('Language').selectOption('en-GB');
    await page.getByRole('radio', { name: /Anthropic/ }).check();
    expect(await page.getByLabel('Model', { exact: true }).inputValue()).toBe('claude-sonnet-4-6');
    await page.getByLabel('Model', { exact: true }).selectOption('claude-haiku-4-5');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Settings saved successfully').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    expect(await page.getByLabel('Company').inputValue()).toBe('Harvard Computation Lab');
    expect(await page.getByLabel('Language').inputValue()).toBe('en-GB');
    expect(await page.getByRole('radio', { name: /Anthropic/ }).isChecked()).toBe(true);
    expect(await page.getByLabel('Model', { exact: true }).inputValue()).toBe('claude-haiku-4-5');
  });

  it('survives the server stopping mid-session: error screen, then Try Again recovers without losing typed text', async () => {
    // Provoked on purpose: the browser logs it as an error.
    browser.allowConsoleErrorsInThisTest(serverGoneErrors);
    await page.getByLabel('Company').fill('Typed while offline');
    await server.stop();
    await page.getByRole('heading', { name: 'Error' }).waitFor({ timeout: 30_000 });
    await page.getByText('Troubleshooting tips').waitFor();

    await server.restart();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { name: 'Error' }).waitFor({ state: 'detached', timeout: 20_000 });
    expect(await page.getByLabel('Company').inputValue()).toBe('Typed while offline');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Settings saved successfully').waitFor();
  });

  it('signs out, refuses a wrong password, and signs back in straight to the app', async () => {
    // Provoked on purpose: the browser logs it as an error.
    browser.allowConsoleErrorsInThisTest(/status of 400 .*\/auth\/v1\/token\?grant_type=password/);
    await page.getByRole('button', { name: 'Account menu for Grace Hopper' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith('-auth-token'))),
    ).toEqual([]);

    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('not my password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid login credentials');

    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Account menu for Grace Hopper' }).waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/onboarding');
    expect(browser.pageErrors).toEqual([]);
  });
});
