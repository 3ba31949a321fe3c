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

const plainTopic = 'Remote work lessons';
// Each payload would set window.__xss if it ever ran.
const xssTopic = '<img src=x onerror="window.__xss=1"> Hiring tips';
const xssPost =
  'Great **news** today <script>window.__xss=2</script> <img src=x onerror="window.__xss=3">\n\n[click me](javascript:window.__xss=4)';

async function generateAndSave(topic: string, text: string) {
  fake.setScenario('groq', { text, tokensPerSecond: 3000 });
  await page.getByRole('link', { name: 'Generate' }).first().click();
  await page.getByLabel('What would you like to post about?').fill(topic);
  const composer = page.getByRole('region', { name: 'Create New Post' });
  await composer.getByRole('button', { name: 'Generate Post' }).click();
  const preview = page.getByRole('article', { name: 'Post preview' });
  await preview.getByRole('button', { name: 'Save Post' }).click();
  await preview.getByRole('button', { name: 'Saved' }).waitFor();
}

const saved = () =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: plainTopic }) });

beforeAll(async () => {
  const browserOpening = openBrowserEarly();
  fake = await startFakeProviders();
  server = await startApp({ GROQ_API_KEY: 'fake-groq-key', GROQ_BASE_URL: fake.url });
  browser = await browserOpening;
  page = browser.page;
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await page.addInitScript(() => {
    window.alert = () => {
      (window as unknown as { __xss: string }).__xss = 'alert';
    };
  });
  await signInAsOnboardedUser(page, server.url, newAccount('Ada Lovelace'), {
    company: 'Engines Ltd',
    role: 'Content Creator',
  });
  await generateAndSave(plainTopic, 'Working remotely taught me three things.\n\nWhat did it teach you?');
  await generateAndSave(xssTopic, xssPost);
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await fake?.close();
});

describe('saved posts', () => {
  it('lists both posts newest first, as drafts with their date, showing markup as text', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved Posts' }).click();
    await page.getByRole('heading', { name: 'Saved Posts' }).waitFor();
    // The heading shows before the list has loaded: wait for the list rather than read it once.
    await expect
      .poll(() => page.getByRole('article').getByRole('heading', { level: 2 }).allInnerTexts())
      .toEqual([xssTopic, plainTopic]);
    await page.getByText(xssPost.split('\n')[0] ?? '').waitFor();
    expect(await saved().getByRole('button', { name: 'Draft — mark as published' }).count()).toBe(1);
    const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    await saved().getByText(today).waitFor();
    await saved().getByText('Content Creator at Engines Ltd').waitFor();
  });

  it('copies, edits and publishes a post', async () => {
    await saved().getByRole('button', { name: 'Copy' }).click();
    await saved().getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
      'Working remotely taught me three things.',
    );

    await saved().getByRole('button', { name: 'Edit' }).click();
    await saved().getByLabel('Edit post').fill('Working remotely taught me to write things down.');
    await saved().getByRole('button', { name: 'Save Changes' }).click();
    await saved().getByText('Working remotely taught me to write things down.').waitFor();

    await saved().getByRole('button', { name: 'Draft — mark as published' }).click();
    await saved().getByRole('button', { name: 'Published — mark as draft' }).waitFor();
  });

  it('chats about a post and renders the reply as safe markdown', async () => {
    fake.setScenario('groq', {
      text: 'Here is a **sharper hook**:\n\n- Start with a question\n- Keep it short\n\n[Read more](javascript:window.__xss=5) <img src=x onerror="window.__xss=6">',
      tokensPerSecond: 3000,
    });
    await saved().getByRole('button', { name: 'Chat about this post' }).click();
    const chat = page.getByRole('dialog', { name: 'Chat about this post' });
    await chat.getByText('Model: GPT-OSS 120B (reasoning)').waitFor();
    await chat.getByLabel('Ask about this post...').fill('Can you give me a sharper hook?');
    await chat.getByLabel('Ask about this post...').press('Enter');
    await chat.locator('strong', { hasText: 'sharper hook' }).waitFor();
    expect(await chat.getByRole('listitem').allInnerTexts()).toEqual([
      'Start with a question',
      'Keep it short',
    ]);
    expect(await chat.getByRole('link', { name: 'Read more' }).count()).toBe(0);
    expect(await chat.locator('img').count()).toBe(0);
    expect(await chat.locator('time').count()).toBe(2);
    const request = fake.requests.filter((entry) => entry.provider === 'groq').at(-1);
    expect(JSON.stringify(request?.body)).toContain('Working remotely taught me to write things down.');
    expect(JSON.stringify(request?.body)).toContain('Can you give me a sharper hook?');
  });

  it('keeps the question when the chat provider fails', async () => {
    // Provoked on purpose: the browser logs it as an error.
    browser.allowConsoleErrorsInThisTest(/status of 500 .*\/api\/groq\//, 'Post chat failed');
    fake.setScenario('groq', { error: { status: 500 } });
    const chat = page.getByRole('dialog', { name: 'Chat about this post' });
    await chat.getByLabel('Ask about this post...').fill('And a closing line?');
    await chat.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Failed to get AI response. Please try again.').waitFor({ timeout: 20_000 });
    expect(await chat.getByLabel('Ask about this post...').inputValue()).toBe('And a closing line?');
    await chat.getByRole('button', { name: 'Close chat' }).click();
    fake.setScenario('groq', {});
  });

  it('deletes a post after confirmation', async () => {
    const xssArticle = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: xssTopic }) });
    await xssArticle.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this post?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await xssArticle.count()).toBe(1);
    await xssArticle.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete post' }).click();
    await page.getByText('Post deleted').waitFor();
    await xssArticle.waitFor({ state: 'detached' });
  });
});

describe('calendar', () => {
  it('shows the published post in green on today, opens it and saves an edit', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
    await page.getByRole('heading', { name: 'Content Calendar' }).waitFor();
    const monthTitle = new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
    await page.getByRole('heading', { name: monthTitle }).waitFor();
    const chip = page.getByRole('button', { name: new RegExp(`${plainTopic}, Published$`) });
    await chip.waitFor();
    expect(await chip.getAttribute('class')).toContain('green');
    expect(await page.locator('[aria-current="date"]').count()).toBe(1);

    await chip.click();
    const dialog = page.getByRole('dialog', { name: plainTopic });
    await dialog.getByText('Working remotely taught me to write things down.').waitFor();
    await dialog.getByRole('button', { name: 'Edit Post' }).click();
    await dialog.getByLabel('Post content').fill('Calendar edit: write things down, then share them.');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Calendar edit: write things down, then share them.').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Next month' }).click();
    const next = new Date(new Date().getFullYear(), new Date().getMonth() + 1, 1).toLocaleDateString(
      'en-US',
      { month: 'long', year: 'numeric' },
    );
    await page.getByText(`No posts scheduled for ${next}`).waitFor();
  });

  it('turns blue when the post goes back to draft', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved Posts' }).click();
    await saved().getByText('Calendar edit: write things down, then share them.').waitFor();
    await saved().getByRole('button', { name: 'Published — mark as draft' }).click();
    await saved().getByRole('button', { name: 'Draft — mark as published' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
    const chip = page.getByRole('button', { name: new RegExp(`${plainTopic}, Draft$`) });
    await chip.waitFor();
    expect(await chip.getAttribute('class')).toContain('blue');
  });
});

describe('ideas bank', () => {
  it('lists used topics, searches literally, and reuses one in the generator', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ideas Bank' }).click();
    await page.getByRole('heading', { name: 'Ideas Bank' }).waitFor();
    const row = page.getByRole('listitem').filter({ hasText: plainTopic });
    await row.getByText('Used 1 time').waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Hiring tips' }).waitFor();

    const search = page.getByPlaceholder('Search topics...');
    await search.fill('(*\\');
    await page.getByText('No topic ideas found').waitFor();
    await page.getByText('No results for "(*\\"').waitFor();
    await search.fill('REMOTE');
    // The list follows the search through useDeferredValue: wait for it rather than read it once.
    await expect
      .poll(() => page.getByRole('list', { name: 'Topic ideas' }).getByRole('listitem').count())
      .toBe(1);

    await row.getByRole('button', { name: 'Reuse this topic' }).click();
    await page.getByText('Topic added to generator!').waitFor();
    await page.getByRole('heading', { name: 'Create New Post' }).waitFor();
    expect(await page.getByLabel('What would you like to post about?').inputValue()).toBe(plainTopic);
  });

  it('opens the chat from the dashboard preview too', async () => {
    fake.setScenario('groq', { text: 'A post about remote work.', tokensPerSecond: 3000 });
    await page
      .getByRole('region', { name: 'Create New Post' })
      .getByRole('button', { name: 'Generate Post' })
      .click();
    await page
      .getByRole('article', { name: 'Post preview' })
      .getByRole('button', { name: 'Chat about this' })
      .click();
    const chat = page.getByRole('dialog', { name: 'Chat about this post' });
    await chat.getByText(plainTopic).waitFor();
    await chat.getByRole('button', { name: 'Close chat' }).click();
  });

  it('never ran any of the injected markup', async () => {
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(browser.pageErrors).toEqual([]);
  });
});
