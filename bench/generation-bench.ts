import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { AppServer } from '../tests/e2e/support/app-server.ts';
import { openBrowser, type BrowserSession } from '../tests/e2e/support/browser.ts';
import { newAccount, signUpAndOnboard } from '../tests/e2e/support/journeys.ts';
import { startFakeProviders, type FakeProviders } from '../tests/fakes/fake-providers.ts';
import {
  buildLongPost,
  check,
  distFileOf,
  distScripts,
  ensureFreshDist,
  gzipSizeOf,
  timeToFirstToken,
  totalGzipBytes,
  type GzipSize,
} from './generation-support.ts';
import type { BenchResult } from './report.ts';
import { round, summarize, type Summary } from './stats.ts';

const ttftWarmups = 20;
const ttftRequests = 200;
const ttftAddedTargetMs = 10;
const streamRuns = 3;
const streamTokensPerSecond = 500;
const longTaskTargetMs = 50;
const dashboardJsTargetKb = 170;
const groqKey = 'fake-groq-key';
const password = 'correct horse battery staple';

/** The app as `npm start` serves it (built dist/), its Groq pointed at the fake, no /api rate limit in the way. */
async function startApp(fake: FakeProviders): Promise<AppServer> {
  return AppServer.start({
    GROQ_API_KEY: groqKey,
    GROQ_BASE_URL: fake.url,
    API_RATE_LIMIT_REQUESTS: '100000',
  });
}

async function signUpForToken(appUrl: string): Promise<string> {
  const config = (await (await fetch(`${appUrl}/app-config.json`)).json()) as {
    supabasePublishableKey?: string;
  };
  check(!!config.supabasePublishableKey, '/app-config.json has no supabasePublishableKey');
  const response = await fetch(`${appUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: config.supabasePublishableKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-ttft-${Date.now()}@example.com`, password }),
  });
  const body = (await response.json()) as { access_token?: string };
  check(response.status === 200 && !!body.access_token, `sign-up returned ${response.status}`);
  return body.access_token;
}

/**
 * Time to first token through /api/groq compared with calling the (fake) provider directly: both
 * sequential, alternating direct and proxied requests so drift hits both sides alike.
 */
export async function ttftBench(): Promise<BenchResult[]> {
  const fake = await startFakeProviders({ scenarios: { groq: { tokensPerSecond: 100_000, latencyMs: 0 } } });
  let app: AppServer | undefined;
  try {
    app = await startApp(fake);
    const accessToken = await signUpForToken(app.url);
    const body = JSON.stringify({
      model: 'openai/gpt-oss-20b',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      max_tokens: 50,
    });
    const direct = () =>
      timeToFirstToken(`${fake.url}/openai/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${groqKey}`, 'content-type': 'application/json' },
        body,
      });
    const viaApi = () =>
      timeToFirstToken(`${app?.url}/api/groq/openai/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body,
      });

    const directSamples: number[] = [];
    const apiSamples: number[] = [];
    for (let i = 0; i < ttftWarmups + ttftRequests; i += 1) {
      const a = await direct();
      const b = await viaApi();
      if (i >= ttftWarmups) {
        directSamples.push(a);
        apiSamples.push(b);
      }
    }
    const groqRequests = fake.requests.filter((request) => request.provider === 'groq');
    check(
      groqRequests.length === 2 * (ttftWarmups + ttftRequests),
      `the fake saw ${groqRequests.length} Groq requests, expected ${2 * (ttftWarmups + ttftRequests)}`,
    );
    check(
      groqRequests.every((request) => request.headers.authorization === `Bearer ${groqKey}`),
      '/api did not forward the server-side Groq key',
    );

    const a = summarize(directSamples);
    const b = summarize(apiSamples);
    const added = b.median - a.median;
    console.log(`  direct: median ${round(a.median)} ms, p95 ${round(a.p95)} ms`);
    console.log(`  via /api: median ${round(b.median)} ms, p95 ${round(b.p95)} ms`);
    console.log(`  added by /api (median): ${round(added)} ms`);
    const note = `n=${ttftRequests} each after ${ttftWarmups} warm-up, sequential, alternating`;
    const details = (summary: Summary, samples: number[]) => ({ summary, samplesMs: samples.map(round) });
    return [
      {
        name: 'TTFT added by /api (median b − median a)',
        value: added,
        unit: 'ms',
        target: ttftAddedTargetMs,
        note: `${note}; fake Groq, latency 0`,
        details: { p95Difference: round(b.p95 - a.p95) },
      },
      {
        name: 'TTFT direct to fake Groq, median',
        value: a.median,
        unit: 'ms',
        note,
        details: details(a, directSamples),
      },
      { name: 'TTFT direct to fake Groq, p95', value: a.p95, unit: 'ms', note },
      {
        name: 'TTFT via /api/groq, median',
        value: b.median,
        unit: 'ms',
        note,
        details: details(b, apiSamples),
      },
      { name: 'TTFT via /api/groq, p95', value: b.p95, unit: 'ms', note },
    ];
  } finally {
    await app?.dispose();
    await fake.close();
  }
}

interface LongTask {
  startTime: number;
  duration: number;
}

interface StreamRun {
  run: number;
  streamingMs: number;
  longTasks: LongTask[];
  longestMs: number;
}

/** What the page keeps between the two page.evaluate calls of a run. */
interface LongTaskWindow {
  __longTasks?: LongTask[];
  __longTaskObserver?: PerformanceObserver;
}

const composer = (page: Page) => page.getByRole('region', { name: 'Create New Post' });

/** Generates the post once while a longtask observer (not buffered) records the main thread. */
async function streamOnce(page: Page, run: number, expectedLength: number): Promise<StreamRun> {
  await page.getByLabel('What would you like to post about?').fill('What I learned by saying no more often');
  await composer(page).getByRole('button', { name: 'Generate Post' }).waitFor();
  await page.waitForTimeout(500);
  const observing = await page.evaluate(() => {
    if (!PerformanceObserver.supportedEntryTypes.includes('longtask')) return false;
    const state = window as unknown as LongTaskWindow;
    state.__longTaskObserver?.disconnect();
    const tasks: LongTask[] = [];
    state.__longTasks = tasks;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        tasks.push({ startTime: entry.startTime, duration: entry.duration });
    });
    observer.observe({ type: 'longtask', buffered: false });
    state.__longTaskObserver = observer;
    return true;
  });
  check(observing, 'this Chromium does not report longtask entries (a 0 would mean nothing)');

  const started = performance.now();
  await composer(page).getByRole('button', { name: 'Generate Post' }).click();
  await composer(page).getByRole('button', { name: 'Generating post...' }).waitFor({ timeout: 10_000 });
  await composer(page).getByRole('button', { name: 'Generate Post' }).waitFor({ timeout: 60_000 });
  const streamingMs = performance.now() - started;
  // Long-task entries are delivered asynchronously: give the observer a moment before reading.
  await page.waitForTimeout(300);
  const longTasks = await page.evaluate(() => {
    const state = window as unknown as LongTaskWindow;
    state.__longTaskObserver?.disconnect();
    return state.__longTasks ?? [];
  });

  const counter = `${expectedLength.toLocaleString('en-US')} / 3,000 characters`;
  check(
    (await page.getByRole('article', { name: 'Post preview' }).getByText(counter).count()) === 1,
    `run ${run}: the preview does not show "${counter}" (the post did not stream in full)`,
  );
  const longestMs = Math.max(0, ...longTasks.map((task) => task.duration));
  console.log(
    `  stream ${run}/${streamRuns}: ${round(streamingMs)} ms, ${longTasks.length} long task(s), longest ${round(longestMs)} ms`,
  );
  return { run, streamingMs, longTasks, longestMs };
}

/**
 * The JS a fresh load of the signed-in dashboard fetches: script responses and resource-timing
 * entries for .js, each sized as its dist/ file gzipped at level 9.
 */
async function dashboardScripts(page: Page, appUrl: string): Promise<GzipSize[]> {
  const urls = new Set<string>();
  const onResponse = (response: { url(): string; request(): { resourceType(): string } }) => {
    if (response.request().resourceType() === 'script') urls.add(response.url());
  };
  page.on('response', onResponse);
  try {
    await page.goto(appUrl);
    await page.getByRole('heading', { name: 'Create New Post' }).waitFor();
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    const entries = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    for (const name of entries) if (new URL(name).pathname.endsWith('.js')) urls.add(name);
  } finally {
    page.off('response', onResponse);
  }
  const sameOrigin = [...urls].filter((url) => new URL(url).origin === new URL(appUrl).origin);
  check(sameOrigin.length > 0, 'the dashboard loaded no scripts');
  const files = [...new Set(sameOrigin.map(distFileOf))].sort();
  return Promise.all(files.map(gzipSizeOf));
}

const kb = (bytes: number) => bytes / 1000;

/**
 * In Chromium, signed in: the gzipped JS of a fresh dashboard load, then main-thread long tasks
 * while a ~3,000-character post streams at 500 tokens/s (worst of three runs).
 */
export async function streamingBrowserBench(): Promise<BenchResult[]> {
  const dist = await ensureFreshDist();
  const stale = dist.staleReason ? '; WARNING: stale dist/ (build failed)' : '';
  const text = buildLongPost(3000);
  const fake = await startFakeProviders({
    scenarios: { groq: { text, tokensPerSecond: streamTokensPerSecond, latencyMs: 0 } },
  });
  let app: AppServer | undefined;
  let browser: BrowserSession | undefined;
  try {
    app = await startApp(fake);
    browser = await openBrowser();
    const { page } = browser;
    const started = performance.now();
    await signUpAndOnboard(page, app.url, newAccount('Bench Writer'));
    console.log(`  signed up and onboarded in ${round(performance.now() - started)} ms`);

    const dashboard = await dashboardScripts(page, app.url);
    const all = await Promise.all((await distScripts()).map(gzipSizeOf));
    const dashboardBytes = totalGzipBytes(dashboard);
    const allBytes = totalGzipBytes(all);
    console.log(
      `  dashboard JS: ${dashboard.length} file(s), ${round(kb(dashboardBytes))} kB gzip; all of dist/assets: ${round(kb(allBytes))} kB`,
    );

    const runs: StreamRun[] = [];
    for (let run = 1; run <= streamRuns; run += 1) runs.push(await streamOnce(page, run, text.length));
    const worst = runs.reduce((a, b) => (b.longestMs > a.longestMs ? b : a));
    const maxCount = Math.max(...runs.map((run) => run.longTasks.length));
    const maxStreaming = Math.max(...runs.map((run) => run.streamingMs));
    const streamNote = `worst of ${streamRuns}, ${text.length.toLocaleString('en-US')} chars at ${streamTokensPerSecond} tok/s, headless Chromium`;
    const perRun = runs.map((run) => ({
      run: run.run,
      streamingMs: round(run.streamingMs),
      longTaskCount: run.longTasks.length,
      longestMs: round(run.longestMs),
      longTasks: run.longTasks.map((task) => ({
        startTime: round(task.startTime),
        duration: round(task.duration),
      })),
    }));

    return [
      {
        name: 'streaming: longest main-thread task',
        value: worst.longestMs,
        unit: 'ms',
        target: longTaskTargetMs,
        note: `${streamNote}; 0 = no long task${stale}`,
        details: { runs: perRun, postLength: text.length, pageErrors: browser.pageErrors, ...dist },
      },
      {
        name: 'streaming: long tasks (> 50 ms)',
        value: maxCount,
        unit: 'tasks',
        target: 0,
        note: streamNote,
      },
      {
        name: 'streaming: click → Generate back',
        value: maxStreaming,
        unit: 'ms',
        note: `${streamNote}; whole stream, measured from the test driver`,
      },
      {
        name: 'dashboard JS (signed in), gzip -9',
        value: kb(dashboardBytes),
        unit: 'kB',
        target: dashboardJsTargetKb,
        note: `${dashboard.length} file(s) of a fresh load of /; kB = 1,000 bytes${stale}`,
        details: {
          ...dist,
          files: dashboard,
          rawBytes: dashboard.reduce((sum, size) => sum + size.rawBytes, 0),
        },
      },
      {
        name: 'all JS in dist/assets, gzip -9',
        value: kb(allBytes),
        unit: 'kB',
        note: `${all.length} file(s), for reference`,
        details: { files: all, rawBytes: all.reduce((sum, size) => sum + size.rawBytes, 0) },
      },
    ];
  } finally {
    await browser?.close();
    await app?.dispose();
    await fake.close();
  }
}
