/**
 * Every page at 390, 800, 1280 and 1920 px: nothing scrolls sideways, nothing that matters is cut
 * off, the navigation (Settings included) is on screen or behind a visible menu button, select
 * boxes show their longest choice, calendar chips show a readable topic, markdown headings look like
 * headings, and axe finds no serious or critical violation. Screenshots of each page at 390 and
 * 1280 px go to test-results/screenshots/ (the CI artefact folder).
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviders, type FakeProviders } from '../../harness/fakes/fake-providers.ts';
import type { AppServer } from '../../harness/app-server.ts';
import { startApp } from './support/app.ts';
import { type BrowserSession, openBrowserEarly } from './support/browser.ts';
import { newAccount } from '../../harness/journeys.ts';
import { checkAtEveryWidth, type PageCheck } from './support/page-checks.ts';
import { readableCharacters, headingLooksLikeHeading } from './support/text-measures.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { fullyShown, pointerReaches, saveScreenshot, setWidth, widths } from './support/viewports.ts';

let fake: FakeProviders;
let server: AppServer;
let browser: BrowserSession;
let page: Page;

const shortTopic = 'Remote work lessons';
const longTopic =
  'How a five-person team replaced three weekly status meetings with one written update and won back six hours of focus';
const markdownPost = [
  '## Three lessons',
  '',
  'Working remotely taught me to write things down.',
  '',
  '| Lesson | Why it matters |',
  '| --- | --- |',
  '| Write it down | Memory fades |',
  '| Share early | Feedback is cheap |',
  '',
  '> Ship small, ship often.',
  '',
  'What did it teach you?',
].join('\n');
const navEntries = ['Generate', 'Ideas Bank', 'Saved Posts', 'Calendar', 'Results', 'Settings'];

const clean = widths.map((width) => ({ width, problems: [], axe: [] }));

/** The five navigation entries are on screen, directly or after opening the visible menu button. */
async function navigationProblems(): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  let opened = false;
  if (!(await nav.isVisible())) {
    const menu = page.getByRole('button', { name: 'Open navigation' });
    if (!(await menu.isVisible()) || !(await fullyShown(menu)))
      return ['the navigation is not on screen and no visible "Open navigation" button shows it'];
    await menu.click();
    await nav.waitFor();
    opened = true;
  }
  const problems: string[] = [];
  for (const name of navEntries) {
    const link = nav.getByRole('link', { name, exact: true });
    if (!(await fullyShown(link)) || !(await pointerReaches(link)))
      problems.push(`navigation link "${name}" is cut off or covered`);
  }
  if (opened) {
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
  }
  return problems;
}

async function check(name: string, options: Omit<PageCheck, 'name'> & { nav?: boolean } = {}) {
  const { nav = true, extra, ...rest } = options;
  const reports = await checkAtEveryWidth(page, {
    name,
    ...rest,
    extra: async (width) => [...(nav ? await navigationProblems() : []), ...((await extra?.(width)) ?? [])],
  });
  expect(reports).toEqual(clean);
}

async function generate(topic: string, text: string) {
  fake.setScenario('groq', { text, tokensPerSecond: 5000 });
  await page.getByLabel('What would you like to post about?').fill(topic);
  await page
    .getByRole('region', { name: 'Create New Post' })
    .getByRole('button', { name: 'Generate Post' })
    .click();
  await page
    .getByRole('article', { name: 'Post preview' })
    .getByRole('button', { name: 'Save Post' })
    .waitFor();
}

async function generateAndSave(topic: string, text: string) {
  await generate(topic, text);
  const preview = page.getByRole('article', { name: 'Post preview' });
  await preview.getByRole('button', { name: 'Save Post' }).click();
  await preview.getByRole('button', { name: 'Saved' }).waitFor();
  // The preview clears 3 s after saving; wait for it, so the next post starts from an empty preview.
  await page.getByText('Your post preview will appear here').waitFor();
}

async function goTo(entry: string, heading: string) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: entry, exact: true }).click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

const button = (name: string, within: Page | Locator = page) =>
  within.getByRole('button', { name, exact: true });

beforeAll(async () => {
  const browserOpening = openBrowserEarly();
  fake = await startFakeProviders();
  server = await startApp({
    GROQ_API_KEY: 'fake-groq-key',
    GROQ_BASE_URL: fake.url,
    PERPLEXITY_API_KEY: 'fake-perplexity-key',
    PERPLEXITY_BASE_URL: fake.url,
    YOUTUBE_API_KEY: 'fake-youtube-key',
    YOUTUBE_BASE_URL: fake.url,
  });
  browser = await browserOpening;
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await fake?.close();
});

describe('every page at 390, 800, 1280 and 1920 px', () => {
  it('sign-in', async () => {
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await check('sign-in', {
      nav: false,
      keyControls: () => [
        page.getByLabel('Email address'),
        button('Sign in'),
        button('Need an account? Sign up'),
      ],
    });
  });

  it('onboarding wizard', async () => {
    const account = newAccount('Ada Lovelace');
    await button('Need an account? Sign up').click();
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Create password').fill(account.password);
    await button('Sign up').click();
    await page.getByText('Step 1 of 5').waitFor();
    await check('onboarding', {
      nav: false,
      keyControls: () => [page.getByLabel('Website'), button('Next')],
    });

    await page.getByLabel('Full name').fill(account.fullName);
    await page.getByLabel('Company').fill('Analytical Engines Ltd');
    await button('Next').click();
    await page
      .getByLabel('Tell us about yourself')
      .fill('I write about engineering teams and how they work.');
    await button('Next').click();
    await page.getByLabel('Choose your writing style').selectOption('Inspirational and motivational');
    await check('onboarding-writing-style', {
      nav: false,
      keyControls: () => [page.getByLabel('Choose your writing style'), button('Back'), button('Next')],
    });
    await button('Next').click();
    await page.getByLabel("What's your role?").selectOption('Marketing Professional');
    await button('Next').click();
    await check('onboarding-voice-samples', {
      nav: false,
      keyControls: () => [
        page.getByLabel('Sample 1', { exact: true }),
        button('Skip'),
        button('Complete Setup'),
      ],
    });
    await button('Complete Setup').click();
    await page.getByRole('heading', { name: 'Create New Post' }).waitFor();
  });

  it('dashboard with a generated post', async () => {
    await generateAndSave(shortTopic, markdownPost);
    await generateAndSave(
      longTopic,
      'Status meetings cost us six hours a week.\n\nA written update costs ten minutes.',
    );
    await generate(
      'Hiring for curiosity',
      'Curious people learn the job faster than experienced people learn curiosity.',
    );
    const preview = page.getByRole('article', { name: 'Post preview' });
    await check('dashboard', {
      keyControls: () => [
        page.getByLabel('What would you like to post about?'),
        button('Find Topics'),
        button('Generate Post'),
        button('Save Post', preview),
        button('Chat about this', preview),
        page.getByRole('button', { name: /^Account menu for/ }),
      ],
    });
  });

  it('the navigation drawer on a phone', async () => {
    await setWidth(page, 390);
    try {
      await button('Open navigation').click();
      const drawer = page.getByRole('dialog', { name: 'Navigation' });
      const nav = drawer.getByRole('navigation', { name: 'Main' });
      for (const name of navEntries)
        expect(await pointerReaches(nav.getByRole('link', { name, exact: true })), name).toBe(true);
      expect(await pointerReaches(button('Generate Post', drawer))).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'navigation', 390);
      await nav.getByRole('link', { name: 'Settings', exact: true }).click();
      await page.getByRole('heading', { name: 'Profile Settings', level: 1 }).waitFor();
      await drawer.waitFor({ state: 'detached' });
      await button('Open navigation').click();
      await drawer
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Generate', exact: true })
        .click();
      await page.getByRole('heading', { name: 'Create New Post' }).waitFor();
    } finally {
      await setWidth(page, 1280);
    }
  });

  it('dashboard with the research panel, on each tab', async () => {
    await button('Find Topics').click();
    const panel = page.getByRole('region', { name: 'Topic Research Assistant' });
    const tab = (name: string) => panel.getByRole('tab', { name });
    const tabs = () => [tab('AI-Powered Research'), tab('Community Research'), tab('Video Research')];

    await button('Get Topic Suggestions', panel).click();
    await panel.getByRole('region', { name: 'Industry Trends' }).waitFor();
    await check('research-ai', {
      keyControls: () => [
        ...tabs(),
        button('Get Topic Suggestions', panel),
        panel.getByRole('button', { name: 'Use this topic' }).first(),
      ],
    });

    await tab('Community Research').click();
    await check('research-community', { keyControls: tabs });

    await tab('Video Research').click();
    await check('research-video', { keyControls: tabs });
    await button('Find Topics').click();
  });

  it('saved posts', async () => {
    await goTo('Saved Posts', 'Saved Posts');
    await page.getByRole('article').filter({ hasText: longTopic }).waitFor();
    const first = page.getByRole('article').first();
    await check('saved-posts', {
      keyControls: () => [
        button('Copy', first),
        button('Edit', first),
        button('Chat about this post', first),
        button('Delete', first),
        first.getByRole('button', { name: /mark as/ }),
      ],
    });
  });

  it('the chat panel, with a markdown reply', async () => {
    fake.setScenario('groq', {
      text: '### A sharper hook\n\nTry one of these:\n\n| Option | Hook |\n| --- | --- |\n| 1 | Start with a question |\n| 2 | Start with a number |',
      tokensPerSecond: 5000,
    });
    await page
      .getByRole('article')
      .filter({ hasText: shortTopic })
      .getByRole('button', { name: 'Chat about this post' })
      .click();
    const chat = page.getByRole('dialog', { name: 'Chat about this post' });
    await chat.getByLabel('Ask about this post...').fill('Can you give me a sharper hook?');
    await chat.getByLabel('Ask about this post...').press('Enter');
    const heading = chat.getByRole('heading', { name: 'A sharper hook', level: 3 });
    try {
      await heading.waitFor();
      await chat.getByRole('table').waitFor();
      expect(await headingLooksLikeHeading(heading, chat.getByText('Try one of these:'))).toEqual([]);
      await check('chat', {
        keyControls: () => [
          chat,
          chat.getByLabel('Ask about this post...'),
          button('Send message', chat),
          button('Close chat', chat),
        ],
      });
    } finally {
      await button('Close chat', chat).click();
    }
  });

  it('ideas bank', async () => {
    await goTo('Ideas Bank', 'Ideas Bank');
    const rows = page.getByRole('list', { name: 'Topic ideas' }).getByRole('listitem');
    await rows.filter({ hasText: longTopic }).waitFor();
    await check('ideas-bank', {
      keyControls: () => [
        page.getByPlaceholder('Search topics...'),
        button('Date'),
        button('Usage'),
        rows.getByRole('button', { name: 'Reuse this topic' }),
        rows.getByRole('button', { name: 'Delete this topic' }),
      ],
    });
  });

  it('calendar, with readable chips and every weekday on screen', async () => {
    await goTo('Calendar', 'Content Calendar');
    const chip = (topic: string) => page.getByRole('button', { name: new RegExp(`${topic}, Draft$`) });
    const monthTitle = new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
    await chip(shortTopic).waitFor();
    await check('calendar', {
      keyControls: () => [
        button('Previous month'),
        button('Next month'),
        button('Today'),
        chip(shortTopic),
        chip(longTopic),
      ],
      extra: async () => {
        const problems: string[] = [];
        for (const topic of [shortTopic, longTopic]) {
          if (!(await chip(topic).isVisible())) continue;
          const shown = await readableCharacters(chip(topic), topic);
          // A chip shows a readable topic: all of a short one, and at least 24 characters of a long one.
          if (shown < Math.min(topic.length, 24))
            problems.push(`the chip shows about ${shown} characters of "${topic}"`);
        }
        // Where the month is a grid, all seven weekdays are on screen, Friday and Saturday included.
        const grid = page.getByRole('table', { name: monthTitle });
        if (await grid.isVisible())
          for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'])
            if (!(await fullyShown(grid.getByRole('columnheader', { name: day }))))
              problems.push(`the ${day} column is cut off`);
        return problems;
      },
    });
  });

  it('calendar with the post dialog open, its markdown set as headings and a table', async () => {
    await page.getByRole('button', { name: new RegExp(`${shortTopic}, Draft$`) }).click();
    const dialog = page.getByRole('dialog', { name: shortTopic });
    const heading = dialog.getByRole('heading', { name: 'Three lessons' });
    try {
      await heading.waitFor();
      expect(await headingLooksLikeHeading(heading, dialog.getByText('What did it teach you?'))).toEqual([]);
      expect(await dialog.getByRole('columnheader').allInnerTexts()).toEqual(['Lesson', 'Why it matters']);
      await check('calendar-post', {
        nav: false,
        keyControls: () => [button('Edit Post', dialog), button('Close', dialog), heading],
      });
    } finally {
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
  });

  it('settings', async () => {
    await goTo('Settings', 'Profile Settings');
    await page.getByLabel('Writing style').selectOption('Inspirational and motivational');
    await check('settings', {
      keyControls: () => [
        page.getByRole('link', { name: 'Back to Dashboard' }),
        page.getByLabel('Writing style'),
        page.getByLabel('Role'),
        page.getByLabel('Language'),
        page.getByLabel('Model'),
        button('Save Changes'),
        page.getByLabel('Emoji in posts'),
        page.getByLabel('Sample 1', { exact: true }),
        button('Learn my voice'),
        button('Save Voice'),
      ],
    });
  });
});
