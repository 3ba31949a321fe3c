import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { AppServer } from '../../tests/e2e/support/app-server.ts';
import { openBrowser, type BrowserSession } from '../../tests/e2e/support/browser.ts';
import { accessTokenOf, newAccount, signUpAndOnboard } from '../../tests/e2e/support/journeys.ts';
import { installProbe, nameShim } from '../browser/render-probe.ts';
import { clientNavigation, fullLoad, repeat, samplesOf, type RenderRun } from '../browser/render-timing.ts';
import { check } from '../check.ts';
import { distIsDevelopmentBuild, ensureFreshDist } from '../dist.ts';
import { measureMonthSwitches, type Months } from '../library/calendar.ts';
import { checkCalendar, checkIdeasBank, checkSavedPosts } from '../library/checks.ts';
import * as config from '../library/config.ts';
import { planLibrary } from '../library/data.ts';
import { monthRows, renderNotes, renderRows, typingRows } from '../library/results.ts';
import { seedLibrary } from '../library/seed.ts';
import { expectedViews, measureTyping } from '../library/typing.ts';
import type { BenchCase, BenchResult } from '../report.ts';
import { row } from '../results.ts';
import { round, summarize } from '../stats.ts';

const { count, monthLabel, selectors } = config;
const counts = { warmups: config.warmups, runs: config.runs };

function logRuns(label: string, runs: readonly RenderRun[], mark: string): void {
  const samples = samplesOf(runs, mark);
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
  const plan = planLibrary({
    now,
    postCount: config.postCount,
    ideaCount: config.ideaCount,
    currentMonthPosts: config.currentMonthPostCount,
  });
  const months: Months = {
    current: { start: new Date(now.getFullYear(), now.getMonth(), 1), posts: plan.currentMonthPosts },
    previous: { start: new Date(now.getFullYear(), now.getMonth() - 1, 1), posts: plan.previousMonthPosts },
  };
  started = performance.now();
  const seeded = await seedLibrary(appUrl, await accessTokenOf(page), plan, months.current.start);
  console.log(
    `  seeded ${count(config.postCount)} posts (${seeded.posts.requests} requests) and ${count(config.ideaCount)} ideas (${seeded.ideas.requests} requests) in ${round(performance.now() - started)} ms; ${plan.currentMonthPosts} posts this month, ${plan.previousMonthPosts} last month`,
  );
  const newestTopic = plan.posts.reduce((a, b) => (b.created_at > a.created_at ? b : a)).topic;
  return { plan, months, seeded, newestTopic };
}

/** Saved Posts and the Ideas Bank, each by full load and by a click in the sidebar. */
async function savedAndIdeas(page: Page, appUrl: string, newestTopic: string) {
  const checked = (measure: (withRest: boolean) => Promise<RenderRun>, verify: () => Promise<void>) =>
    repeat(counts, async (withRest) => {
      const run = await measure(withRest);
      await verify();
      return run;
    });
  const savedPosts = () => checkSavedPosts(page, newestTopic);
  const savedFull = await checked((rest) => fullLoad(page, `${appUrl}/saved`, ['saved'], rest), savedPosts);
  logRuns('Saved Posts, full load', savedFull.measured, 'saved');
  const savedWatch = [{ name: 'saved', selector: selectors.savedPost }];
  const savedNav = await checked(
    (rest) => clientNavigation(page, appUrl, 'Saved Posts', savedWatch, rest),
    savedPosts,
  );
  logRuns('Saved Posts, client-side navigation', savedNav.measured, 'saved');
  const ideasFull = await checked(
    (rest) => fullLoad(page, `${appUrl}/ideas-bank`, ['ideasFirst', 'ideasAll'], rest),
    () => checkIdeasBank(page),
  );
  logRuns('Ideas Bank first row, full load', ideasFull.measured, 'ideasFirst');
  logRuns('Ideas Bank all loaded, full load', ideasFull.measured, 'ideasAll');
  const ideasWatches = [
    { name: 'ideasFirst', selector: selectors.ideaRow },
    { name: 'ideasAll', selector: 'p[role="status"]', text: selectors.ideasAllLoadedText },
  ];
  const ideasNav = await checked(
    (rest) => clientNavigation(page, appUrl, 'Ideas Bank', ideasWatches, rest),
    () => checkIdeasBank(page),
  );
  logRuns('Ideas Bank first row, client-side navigation', ideasNav.measured, 'ideasFirst');
  logRuns('Ideas Bank all loaded, client-side navigation', ideasNav.measured, 'ideasAll');
  return { savedFull, savedNav, ideasFull, ideasNav };
}

/** The calendar by a click and by full load (this month's posts), then month switches. */
async function calendar(page: Page, appUrl: string, months: Months) {
  const thisMonth = () => checkCalendar(page, monthLabel(months.current.start), months.current.posts);
  const watch = [{ name: 'calendar', selector: selectors.calendarPost }];
  const calendarNav = await repeat(counts, async (rest) => {
    const run = await clientNavigation(page, appUrl, 'Calendar', watch, rest);
    await thisMonth();
    return run;
  });
  logRuns('Calendar, client-side navigation', calendarNav.measured, 'calendar');
  const calendarFull = await repeat(counts, async (rest) => {
    const run = await fullLoad(page, `${appUrl}/calendar`, ['calendar'], rest);
    await thisMonth();
    return run;
  });
  logRuns('Calendar, full load', calendarFull.measured, 'calendar');
  const switches = await measureMonthSwitches(page, months);
  for (const [label, samples] of [
    ['Calendar "Previous month"', switches.previousSamples],
    ['Calendar "Next month"', switches.nextSamples],
  ] as const) {
    const summary = summarize(samples);
    console.log(`  ${label}: median ${round(summary.median)} ms, max ${round(summary.max)} ms`);
  }
  return { calendarNav, calendarFull, ...switches };
}

type Measured = Awaited<ReturnType<typeof setUp>> &
  Awaited<ReturnType<typeof savedAndIdeas>> &
  Awaited<ReturnType<typeof calendar>> &
  Awaited<ReturnType<typeof measureTyping>> & { expected: ReturnType<typeof expectedViews> };

function results(m: Measured, warning: string, details: Record<string, unknown>): BenchResult[] {
  const { full, nav } = renderNotes(warning);
  const allLoaded = `"${selectors.ideasAllLoadedText}"`;
  const warmupsOf = (result: typeof m.ideasNav) => ({
    warmupMs: samplesOf(result.warmup, 'ideasAll'),
  });
  const [current, previous] = [m.months.current, m.months.previous];
  return [
    ...renderRows('Saved Posts first post, client-side nav', m.savedNav, 'saved', {
      note: nav('first post'),
      target: true,
    }),
    ...renderRows('Saved Posts first post, full load', m.savedFull, 'saved', { note: full('first post') }),
    ...renderRows('Ideas Bank first row, client-side nav', m.ideasNav, 'ideasFirst', {
      note: nav('first row'),
      target: true,
    }),
    ...renderRows('Ideas Bank first row, full load', m.ideasFull, 'ideasFirst', { note: full('first row') }),
    ...renderRows('Ideas Bank all 10,000 loaded, client-side nav', m.ideasNav, 'ideasAll', {
      note: nav(allLoaded),
      details: warmupsOf(m.ideasNav),
    }),
    ...renderRows('Ideas Bank all 10,000 loaded, full load', m.ideasFull, 'ideasAll', {
      note: full(allLoaded),
      details: warmupsOf(m.ideasFull),
    }),
    ...renderRows('Calendar month posts, client-side nav', m.calendarNav, 'calendar', {
      note: nav(`${current.posts} posts of this month`),
      target: true,
    }),
    ...renderRows('Calendar month posts, full load', m.calendarFull, 'calendar', {
      note: full("the month's posts"),
    }),
    ...monthRows(
      'Calendar "Previous month"',
      m.previousSamples,
      `${previous.posts} posts of ${monthLabel(previous.start)}`,
    ),
    ...monthRows(
      'Calendar "Next month"',
      m.nextSamples,
      `${current.posts} posts of ${monthLabel(current.start)}`,
    ),
    ...typingRows(m.oneByOne, m.burst, m.expected, warning),
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

/** The pages in order: Saved Posts, Ideas Bank, typing in its search (as the last visit left it), the calendar. */
async function measure(browser: BrowserSession, appUrl: string) {
  const { page } = browser;
  const library = await setUp(page, appUrl);
  const pages = await savedAndIdeas(page, appUrl, library.newestTopic);
  const expected = expectedViews(library.plan.ideas, config.searchQuery);
  const typing = await measureTyping(page, expected);
  const months = await calendar(page, appUrl, library.months);
  check(browser.pageErrors.length === 0, `the page reported errors: ${browser.pageErrors.join('; ')}`);
  return { ...library, ...pages, ...typing, ...months, expected };
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
    await browser.context.addInitScript({ content: nameShim });
    await browser.context.addInitScript(installProbe, selectors);
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
