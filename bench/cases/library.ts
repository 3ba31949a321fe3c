import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { AppServer } from '../../harness/app-server.ts';
import { openBrowser, type BrowserSession } from '../../harness/browser.ts';
import { accessTokenOf, newAccount, signUpAndOnboard } from '../../harness/journeys.ts';
import { armKeyProbe, keyProbeScript } from '../browser/key-probe.ts';
import { pageScript } from '../browser/page-script.ts';
import { installProbe, renderProbeScript } from '../browser/render-probe.ts';
import {
  clientNavigation,
  fullLoad,
  repeat,
  samplesOf,
  type RenderRun,
  type Watch,
} from '../browser/render-timing.ts';
import { check } from '../check.ts';
import { distIsDevelopmentBuild, ensureFreshDist } from '../dist.ts';
import { measureMonthSwitches, type Months } from '../library/calendar.ts';
import { checkCalendar, checkIdeasBank, checkSavedPosts } from '../library/checks.ts';
import * as config from '../library/config.ts';
import { planLibrary } from '../library/data.ts';
import { firstRenderRows, monthRows, typingRows, type FirstRenders } from '../library/results.ts';
import { seedLibrary } from '../library/seed.ts';
import { expectedViews, measureTyping } from '../library/typing.ts';
import type { BenchCase, BenchResult } from '../report.ts';
import { row } from '../results.ts';
import { round, summarize } from '../stats.ts';

const { count, monthLabel, selectors } = config;

function logRuns(label: string, samples: readonly number[]): void {
  const summary = summarize(samples);
  console.log(
    `  ${label}: median ${round(summary.median)} ms, max ${round(summary.max)} ms [${samples.map(round).join(', ')}]`,
  );
}

/** Signs a writer up and seeds 10,000 posts (~420 this month) and 10,000 ideas as them. */
async function setUp(page: Page, appUrl: string) {
  let started = performance.now();
  await signUpAndOnboard(page, appUrl, newAccount('Library Writer'));
  console.log(`  signed up and onboarded in ${round(performance.now() - started)} ms`);
  const now = new Date();
  const { postCount, ideaCount, currentMonthPostCount: currentMonthPosts } = config;
  const plan = planLibrary({ now, postCount, ideaCount, currentMonthPosts });
  const months: Months = {
    current: { start: new Date(now.getFullYear(), now.getMonth(), 1), posts: plan.currentMonthPosts },
    previous: { start: new Date(now.getFullYear(), now.getMonth() - 1, 1), posts: plan.previousMonthPosts },
  };
  started = performance.now();
  const seeded = await seedLibrary(appUrl, await accessTokenOf(page), plan, months.current.start);
  console.log(
    `  seeded ${count(postCount)} posts (${seeded.posts.requests} requests) and ${count(ideaCount)} ideas (${seeded.ideas.requests} requests) in ${round(performance.now() - started)} ms; ${plan.currentMonthPosts} posts this month, ${plan.previousMonthPosts} last month`,
  );
  const newestTopic = plan.posts.reduce((a, b) => (b.created_at > a.created_at ? b : a)).topic;
  return { plan, months, seeded, newestTopic };
}

/** A page of the library: its sidebar link and path, what marks its first render, and its check. */
interface LibraryPage {
  link: string;
  path: string;
  /** Each watch with the label it is logged under. */
  watches: (Watch & { label: string })[];
  verify: () => Promise<unknown>;
  /** The calendar was measured by a click first. */
  navFirst?: boolean;
}

/** `runs` full loads and `runs` clicks in the sidebar (after warm-ups), each checked. */
async function firstRenders(page: Page, appUrl: string, view: LibraryPage): Promise<FirstRenders> {
  const counts = { warmups: config.warmups, runs: config.runs };
  const measure = async (how: string, once: (withRest: boolean) => Promise<RenderRun>) => {
    const result = await repeat(counts, async (withRest) => {
      const run = await once(withRest);
      await view.verify();
      return run;
    });
    for (const watch of view.watches)
      logRuns(`${watch.label}, ${how}`, samplesOf(result.measured, watch.name));
    return result;
  };
  const names = view.watches.map((watch) => watch.name);
  const full = () => measure('full load', (rest) => fullLoad(page, `${appUrl}${view.path}`, names, rest));
  const nav = () =>
    measure('client-side navigation', (rest) =>
      clientNavigation(page, appUrl, view.link, view.watches, rest),
    );
  if (view.navFirst) return { nav: await nav(), full: await full() };
  return { full: await full(), nav: await nav() };
}

function libraryPages(page: Page, library: Awaited<ReturnType<typeof setUp>>) {
  const { current } = library.months;
  const saved: LibraryPage = {
    link: 'Saved Posts',
    path: '/saved',
    watches: [{ name: 'saved', selector: selectors.savedPost, label: 'Saved Posts' }],
    verify: () => checkSavedPosts(page, library.newestTopic),
  };
  const ideas: LibraryPage = {
    link: 'Ideas Bank',
    path: '/ideas-bank',
    watches: [
      { name: 'ideasFirst', selector: selectors.ideaRow, label: 'Ideas Bank first row' },
      {
        name: 'ideasAll',
        selector: 'p[role="status"]',
        text: selectors.ideasAllLoadedText,
        label: 'Ideas Bank all loaded',
      },
    ],
    verify: () => checkIdeasBank(page),
  };
  const calendar: LibraryPage = {
    link: 'Calendar',
    path: '/calendar',
    watches: [{ name: 'calendar', selector: selectors.calendarPost, label: 'Calendar' }],
    verify: () => checkCalendar(page, monthLabel(current.start), current.posts),
    navFirst: true,
  };
  return { saved, ideas, calendar };
}

/** In order: Saved Posts, the Ideas Bank, typing in its search (as the last click left it), the calendar. */
async function measure(browser: BrowserSession, appUrl: string) {
  const { page } = browser;
  const library = await setUp(page, appUrl);
  const pages = libraryPages(page, library);
  const saved = await firstRenders(page, appUrl, pages.saved);
  const ideas = await firstRenders(page, appUrl, pages.ideas);
  const expected = expectedViews(library.plan.ideas, config.searchQuery);
  const typing = await measureTyping(page, expected);
  const calendar = await firstRenders(page, appUrl, pages.calendar);
  const switches = await measureMonthSwitches(page, library.months);
  logRuns('Calendar "Previous month"', switches.previousSamples);
  logRuns('Calendar "Next month"', switches.nextSamples);
  check(browser.pageErrors.length === 0, `the page reported errors: ${browser.pageErrors.join('; ')}`);
  return { ...library, saved, ideas, calendar, typing, switches, expected };
}

function results(m: Awaited<ReturnType<typeof measure>>, warning: string, details: Record<string, unknown>) {
  const allLoaded = `"${selectors.ideasAllLoadedText}"`;
  const { current, previous } = m.months;
  return [
    ...firstRenderRows(
      [
        ['Saved Posts first post', m.saved, 'saved', 'first post', 'first post', true],
        ['Ideas Bank first row', m.ideas, 'ideasFirst', 'first row', 'first row', true],
        ['Ideas Bank all 10,000 loaded', m.ideas, 'ideasAll', allLoaded, allLoaded, false],
        [
          'Calendar month posts',
          m.calendar,
          'calendar',
          `${current.posts} posts of this month`,
          "the month's posts",
          true,
        ],
      ],
      warning,
    ),
    ...monthRows(
      'Calendar "Previous month"',
      m.switches.previousSamples,
      `${previous.posts} posts of ${monthLabel(previous.start)}`,
      {
        postButtons: m.switches.postButtons,
      },
    ),
    ...monthRows(
      'Calendar "Next month"',
      m.switches.nextSamples,
      `${current.posts} posts of ${monthLabel(current.start)}`,
    ),
    ...typingRows(m.typing.oneByOne, m.typing.burst, m.expected, warning),
    row('library seeding through REST (setup)', m.seeded.posts.ms + m.seeded.ideas.ms, 'ms', {
      note: `posts in ${m.seeded.posts.requests} bulk inserts, ideas in ${m.seeded.ideas.requests}; for reference`,
      details: {
        ...m.seeded,
        currentMonthPosts: current.posts,
        previousMonthPosts: previous.posts,
        ...details,
      },
    }),
  ];
}

/**
 * A user with 10,000 posts (~24 months, ~420 this month) and 10,000 ideas, in Chromium: first render
 * of Saved Posts, Ideas Bank and the calendar (full load and client-side navigation), calendar
 * month switches, and keystroke → filtered list in the Ideas Bank search.
 */
async function run(): Promise<BenchResult[]> {
  const dist = await ensureFreshDist();
  let app: AppServer | undefined;
  let browser: BrowserSession | undefined;
  try {
    app = await AppServer.start();
    browser = await openBrowser();
    const functions = [...renderProbeScript, ...keyProbeScript];
    await browser.context.addInitScript({
      content: pageScript(functions, { entry: installProbe, arg: selectors, expose: [armKeyProbe] }),
    });
    const measured = await measure(browser, app.url);
    // dist/ is served from disk: another process (the e2e global setup) may have rebuilt it meanwhile.
    const developmentAfter = await distIsDevelopmentBuild();
    if (developmentAfter) console.warn('  WARNING: dist/ became a development build of React during the run');
    const warning = `${dist.staleReason ? '; WARNING: stale dist/ (build failed)' : ''}${developmentAfter ? '; WARNING: dist/ was replaced by a development build during the run' : ''}`;
    return results(measured, warning, { ...dist, developmentAfter });
  } finally {
    await browser?.close();
    await app?.dispose();
  }
}

export const library: BenchCase = { name: 'library with 10,000 posts and 10,000 ideas', run };
