import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviders, type FakeProviders } from '../../harness/fakes/fake-providers.ts';
import type { AppServer } from '../../harness/app-server.ts';
import { newAccount, signInAsOnboardedUser } from '../../harness/journeys.ts';
import { startApp } from './support/app.ts';
import { type BrowserSession, openBrowserEarly } from './support/browser.ts';
import { setWidth } from './support/viewports.ts';

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
  const browserOpening = openBrowserEarly();
  fake = await startFakeProviders();
  server = await startApp({ GROQ_API_KEY: 'fake-groq-key', GROQ_BASE_URL: fake.url });
  browser = await browserOpening;
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

  it("at 390 px gives the Upcoming titles the list's whole width, and moves a post with 'Move to…' and Undo", async () => {
    await setWidth(page, 390);
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    const item = upcoming.getByRole('button', { name: new RegExp(`${topics[0]}, Scheduled$`) });
    await item.waitFor();
    const boxes = await item.evaluate((button) => {
      const title = button.querySelector<HTMLElement>('[data-upcoming-title]')!;
      const time = button.querySelector('time')!;
      const style = getComputedStyle(title);
      return {
        button: button.getBoundingClientRect().width,
        title: title.getBoundingClientRect().width,
        titleTop: title.getBoundingClientRect().top,
        timeBottom: time.getBoundingClientRect().bottom,
        lines: Math.round(title.getBoundingClientRect().height / parseFloat(style.lineHeight)),
      };
    });
    // The title sits under the time and takes the row's width (not a sliver beside the time).
    expect(boxes.titleTop).toBeGreaterThanOrEqual(boxes.timeBottom - 1);
    expect(boxes.title).toBeGreaterThan(240);
    expect(boxes.title).toBeGreaterThanOrEqual(boxes.button - 24);
    // A short title stays on one line: no word broken.
    expect(boxes.lines).toBe(1);

    // On a phone the month is an agenda; its hint names "Move to…", beside each planned post.
    await page.getByText('Tap “Move to…” beside a post to pick a new date and time').waitFor();
    const pad = (value: number) => String(value).padStart(2, '0');
    const target = new Date(Date.now() + 3 * 86_400_000);
    const value = `${target.getFullYear()}-${pad(target.getMonth() + 1)}-${pad(target.getDate())}T10:15`;
    const original = (await item.getAttribute('aria-label'))!;
    const moveTo = page.getByRole('button', { name: `Move to… “${topics[0]}”` });
    // The agenda lists the visible month: the queued post may be planned in the next one.
    if ((await moveTo.count()) === 0) await page.getByRole('button', { name: 'Next month' }).click();
    await moveTo.click();
    const dialog = page.getByRole('dialog', { name: `Move “${topics[0]}”` });
    // The field is in the zone chosen in Settings → Schedule, and says so.
    await dialog.getByText('Pick the new date and time. Times are in Europe/London.').waitFor();
    await dialog.getByLabel('New date and time').fill(value);
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByText(new RegExp(`^Moved “${topics[0]}” to .*, 10:15 AM\\.$`)).waitFor();
    await upcoming.getByRole('button', { name: new RegExp(`10:15 AM ${topics[0]}, Scheduled$`) }).waitFor();

    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText(new RegExp(`^Moved “${topics[0]}” back to .+\\.$`)).waitFor();
    await upcoming.getByRole('button', { name: original, exact: true }).waitFor();
  });
});
