import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviders, type FakeProviders } from '../../harness/fakes/fake-providers.ts';
import type { AppServer } from '../../harness/app-server.ts';
import { newAccount, signInAsOnboardedUser } from '../../harness/journeys.ts';
import { startApp } from './support/app.ts';
import { openBrowser, type BrowserSession } from './support/browser.ts';

// The posting queue end to end (docs/product.md §9.6): two weekly posting times in Settings →
// Schedule, three drafts added to the queue (from the preview and from Saved Posts), and the
// calendar showing them in three different slots.

let fake: FakeProviders;
let server: AppServer;
let browser: BrowserSession;
let page: Page;

const topics = ['Queue one', 'Queue two', 'Queue three'];

async function generate(topic: string) {
  fake.setScenario('groq', { text: `A post about ${topic}.\n\nWhat do you think?`, tokensPerSecond: 3000 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Generate' }).click();
  await page.getByLabel('What would you like to post about?').fill(topic);
  await page
    .getByRole('region', { name: 'Create New Post' })
    .getByRole('button', { name: 'Generate Post' })
    .click();
  const preview = page.getByRole('article', { name: 'Post preview' });
  await preview.getByText(`A post about ${topic}.`).waitFor();
  return preview;
}

beforeAll(async () => {
  fake = await startFakeProviders();
  server = await startApp({ GROQ_API_KEY: 'fake-groq-key', GROQ_BASE_URL: fake.url });
  browser = await openBrowser();
  page = browser.page;
  await signInAsOnboardedUser(page, server.url, newAccount('Ada Lovelace'));
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await fake?.close();
});

describe('posting queue', () => {
  it('asks for posting times before a draft can be queued, with the way to Settings → Schedule', async () => {
    const preview = await generate(topics[0]!);
    // When the schedule is not loaded yet the database answers (400) with the same message.
    browser.allowConsoleErrorsInThisTest(/400 .*\/rest\/v1\/rpc\/queue_post/);
    await preview.getByRole('button', { name: 'Add to queue' }).click();
    await page.getByText('No posting times are set yet.').waitFor();
    await page.getByRole('link', { name: 'Set them in Settings → Schedule' }).click();
    await page.getByRole('heading', { name: 'Schedule' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#schedule');
  });

  it('saves two weekly posting times in a chosen time zone', async () => {
    const schedule = page.getByRole('region', { name: 'Schedule' });
    await schedule.getByLabel('Time zone').fill('Europe/London');
    await schedule.getByLabel('Day', { exact: true }).selectOption({ label: 'Tuesday' });
    await schedule.getByLabel('Time', { exact: true }).fill('08:30');
    await schedule.getByRole('button', { name: 'Add time' }).click();
    await schedule.getByLabel('Day', { exact: true }).selectOption({ label: 'Thursday' });
    await schedule.getByRole('button', { name: 'Add time' }).click();
    await schedule.getByRole('button', { name: 'Add time' }).click();
    await schedule.getByText('Thursday, 8:30 AM is already a posting time.').waitFor();
    expect(
      await schedule.getByRole('list', { name: 'Posting times' }).getByRole('listitem').allInnerTexts(),
    ).toEqual([expect.stringContaining('Tuesday, 8:30 AM'), expect.stringContaining('Thursday, 8:30 AM')]);
    await schedule.getByRole('button', { name: 'Save schedule' }).click();
    await schedule.getByText('Schedule saved').waitFor();
  });

  it('adds three drafts to the queue and shows them in three different slots on the calendar', async () => {
    const messages: string[] = [];
    const toastFor = async () => {
      let fresh: string | undefined;
      await expect
        .poll(async () => {
          const texts = await page.getByText(/^Added to the queue for /).allInnerTexts();
          fresh = texts.find((text) => !messages.includes(text));
          return fresh !== undefined;
        })
        .toBe(true);
      messages.push(fresh!);
    };

    // From the preview: the draft left open before is still there.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Generate' }).click();
    const preview = page.getByRole('article', { name: 'Post preview' });
    await preview.getByText(`A post about ${topics[0]}.`).waitFor();
    await preview.getByRole('button', { name: 'Add to queue' }).click();
    await toastFor();

    // Two more, saved as drafts, then queued from Saved Posts.
    for (const topic of topics.slice(1)) {
      const next = await generate(topic);
      await next.getByRole('button', { name: 'Save Post' }).click();
      await next.getByRole('button', { name: 'Saved' }).waitFor();
    }
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved Posts' }).click();
    for (const topic of topics.slice(1)) {
      const item = page.getByRole('article').filter({ has: page.getByRole('heading', { name: topic }) });
      await item.getByRole('button', { name: 'Add to queue' }).click();
      await toastFor();
    }
    expect(new Set(messages).size).toBe(3);
    for (const message of messages)
      expect(message).toMatch(/^Added to the queue for (Tue|Thu) \d+ \w{3}, 8:30 AM\.$/);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    for (const topic of topics)
      await upcoming.getByRole('button', { name: new RegExp(`${topic}, Scheduled$`) }).waitFor();
    const times = await upcoming
      .locator('time')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime')));
    expect(new Set(times).size).toBe(3);
  });
});
