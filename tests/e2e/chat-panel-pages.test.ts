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

const topic = 'Lessons from shipping compilers';

const chat = () => page.getByRole('dialog', { name: 'Chat about this post' });
const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

beforeAll(async () => {
  const browserOpening = openBrowserEarly();
  fake = await startFakeProviders();
  server = await startApp({ GROQ_API_KEY: 'fake-groq-key', GROQ_BASE_URL: fake.url });
  browser = await browserOpening;
  page = browser.page;
  await signInAsOnboardedUser(page, server.url, newAccount('Grace Hopper'));
  fake.setScenario('groq', { text: 'Ship small, ship often.', tokensPerSecond: 3000 });
  await page.getByLabel('What would you like to post about?').fill(topic);
  await page
    .getByRole('region', { name: 'Create New Post' })
    .getByRole('button', { name: 'Generate Post' })
    .click();
  await page.getByRole('article', { name: 'Post preview' }).getByText('Ship small, ship often.').waitFor();
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await fake?.close();
});

describe('the floating chat stays on the page it was opened on (docs/product.md §2)', () => {
  it('opened on the dashboard, it is gone on the calendar and does not come back', async () => {
    await page
      .getByRole('article', { name: 'Post preview' })
      .getByRole('button', { name: 'Chat about this' })
      .click();
    await chat().waitFor();
    await nav('Calendar').click();
    await page.getByRole('heading', { name: 'Content Calendar' }).waitFor();
    expect(await chat().count()).toBe(0);
    await nav('Generate').click();
    await page.getByRole('heading', { name: 'Create New Post' }).waitFor();
    expect(await chat().count()).toBe(0);
  });

  it('opened on Saved Posts, it is gone on Ideas Bank and Calendar, and closed on coming back', async () => {
    await page
      .getByRole('article', { name: 'Post preview' })
      .getByRole('button', { name: 'Save Post' })
      .click();
    await page
      .getByRole('article', { name: 'Post preview' })
      .getByRole('button', { name: 'Saved' })
      .waitFor();
    await nav('Saved Posts').click();
    await page.getByRole('heading', { name: topic }).waitFor();
    await page.getByRole('button', { name: 'Chat about this post' }).click();
    await chat().waitFor();

    await nav('Ideas Bank').click();
    await page.getByRole('heading', { name: 'Ideas Bank' }).waitFor();
    expect(await chat().count()).toBe(0);
    await nav('Calendar').click();
    await page.getByRole('heading', { name: 'Content Calendar' }).waitFor();
    expect(await chat().count()).toBe(0);
    await nav('Saved Posts').click();
    await page.getByRole('heading', { name: topic }).waitFor();
    expect(await chat().count()).toBe(0);
  });
});
