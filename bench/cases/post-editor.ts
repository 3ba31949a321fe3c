import type { Page, Request } from 'playwright-core';
import type { AppServer } from '../../harness/app-server.ts';
import { openBrowser, type BrowserSession } from '../../harness/browser.ts';
import { newAccount, signUpAndOnboard } from '../../harness/journeys.ts';
import { startFakeProviders, type FakeProviders } from '../../harness/fakes/fake-providers.ts';
import { check } from '../check.ts';
import { ensureFreshDist } from '../dist.ts';
import { startAppWithFakeGroq } from '../generation-app.ts';
import { buildLongPost } from '../long-post.ts';
import type { BenchCase, BenchResult } from '../report.ts';
import { row } from '../results.ts';
import { round, summarize } from '../stats.ts';

const keystrokes = 120;
const keyGapMs = 40;
const keyTargetMs = 16;
const autosaveTargetMs = 1000;
const resumeRuns = 5;

interface KeyRecord {
  downAt: number;
  /** The counter showed the new length (the React commit is in the DOM). */
  domAt: number | null;
  /** The next animation frame started (the frame that paints it). */
  frameAt: number | null;
}

interface EditorWindow {
  __keys?: KeyRecord[];
}

/**
 * In the page: for each keystroke in the post's text box, the time from the keydown to the first
 * animation frame after the card's character counter shows the new length (the counter, the fold
 * shading and the post check are one React commit, so the counter stands for all three).
 */
function armKeyProbe(): void {
  const win = window as unknown as EditorWindow;
  const records: KeyRecord[] = [];
  win.__keys = records;
  const box = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Post text"]');
  const counter = document.getElementById(box?.getAttribute('aria-describedby') ?? '');
  if (!box || !counter) throw new Error('no post editor on the page');
  let pending: (KeyRecord & { length: number }) | null = null;
  box.addEventListener(
    'keydown',
    (event) => {
      pending = { downAt: event.timeStamp, domAt: null, frameAt: null, length: -1 };
      records.push(pending);
    },
    { capture: true },
  );
  // Capture on the window: before any listener of the page redraws the counter.
  window.addEventListener(
    'input',
    () => {
      if (pending) pending.length = box.value.length;
    },
    { capture: true },
  );
  new MutationObserver(() => {
    const shown = Number((counter.textContent ?? '').split(' / ')[0]?.replace(/,/g, ''));
    const waiting = pending;
    if (!waiting || waiting.domAt !== null || shown !== waiting.length) return;
    waiting.domAt = performance.now();
    requestAnimationFrame(() => {
      waiting.frameAt = performance.now();
    });
  }).observe(counter, { childList: true, characterData: true, subtree: true });
}

const preview = (page: Page) => page.getByRole('article', { name: 'Post preview' });
const editor = (page: Page) => preview(page).getByRole('textbox', { name: 'Post text' });

async function generate(page: Page, text: string): Promise<void> {
  await page.getByLabel('What would you like to post about?').fill('Saying no more often');
  const composer = page.getByRole('region', { name: 'Create New Post' });
  await composer.getByRole('button', { name: 'Generate Post' }).click();
  await composer.getByRole('button', { name: 'Generate Post' }).waitFor({ timeout: 60_000 });
  await preview(page).getByRole('status').getByText('Saved', { exact: true }).waitFor({ timeout: 30_000 });
  check((await editor(page).inputValue()) === text, 'the generated post is not the whole text');
}

/** Types `keystrokes` keys at the end of the post text box; keydown → painted counter, and → DOM. */
async function typeKeys(page: Page) {
  await page.locator('textarea[aria-label="Post text"]').evaluate((box: HTMLTextAreaElement) => {
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  });
  await page.evaluate(armKeyProbe);
  const typed = 'x '.repeat(keystrokes / 2);
  await page.keyboard.type(typed, { delay: keyGapMs });
  const lastKeyAt = Date.now();
  return { typed, lastKeyAt };
}

async function keySummaries(page: Page) {
  const records = await page.evaluate(() => (window as unknown as EditorWindow).__keys ?? []);
  const painted = records.filter((record) => record.frameAt !== null);
  check(
    painted.length >= keystrokes * 0.9,
    `only ${painted.length} of ${records.length} keystrokes were painted`,
  );
  return {
    painted,
    toFrame: summarize(painted.map((record) => (record.frameAt ?? 0) - record.downAt)),
    toDom: summarize(painted.map((record) => (record.domAt ?? 0) - record.downAt)),
  };
}

/**
 * The floor of this machine and browser: the same keys in a bare text box holding the same post,
 * with a counter and nothing else (no app, no React).
 */
async function bareTextBox(browser: BrowserSession, text: string): Promise<BenchResult> {
  const page = await browser.context.newPage();
  // A tab in the background gets no animation frames.
  await page.bringToFront();
  try {
    await page.setContent(
      `<textarea aria-label="Post text" aria-describedby="count" style="width:560px;height:900px;font:14px/1.6 sans-serif"></textarea><p id="count"></p>`,
    );
    await page.locator('textarea').fill(text);
    await page.evaluate(`(() => {
      const box = document.querySelector('textarea');
      const count = document.getElementById('count');
      const show = () => { count.textContent = box.value.length.toLocaleString('en-US') + ' / 3,000 characters'; };
      box.addEventListener('input', show);
      show();
    })()`);
    await typeKeys(page);
    const { painted, toFrame } = await keySummaries(page);
    console.log(`  bare text box: median ${round(toFrame.median)} ms, p95 ${round(toFrame.p95)} ms`);
    return row('bare text box (the floor): keystroke → counter painted, p95', toFrame.p95, 'ms', {
      note: `${painted.length} keys in a plain <textarea> with the same post and a counter, same browser`,
      details: { toFrame },
    });
  } finally {
    await page.close();
    await browser.page.bringToFront();
  }
}

/** Keystrokes at the end of a ~3,000-character post: latency to the painted counter, and the autosave after. */
async function typeAndSave(page: Page, text: string): Promise<BenchResult[]> {
  const saves: { at: number; method: string }[] = [];
  const onRequest = (request: Request) => {
    if (request.url().includes('/rest/v1/posts') && ['PATCH', 'POST'].includes(request.method()))
      saves.push({ at: Date.now(), method: request.method() });
  };
  page.on('request', onRequest);
  const { typed, lastKeyAt } = await typeKeys(page);
  await page.waitForTimeout(autosaveTargetMs * 3);
  page.off('request', onRequest);
  const { painted, toFrame: summary, toDom } = await keySummaries(page);
  const after = saves.filter((save) => save.at >= lastKeyAt);
  check(after.length >= 1, 'no autosave request after the last keystroke');
  const delay = (after[0]?.at ?? lastKeyAt) - lastKeyAt;
  check((await editor(page).inputValue()) === `${text}${typed}`, 'the text box does not hold what was typed');
  const length = text.length + typed.length;
  console.log(
    `  keystroke → painted counter: median ${round(summary.median)} ms, p95 ${round(summary.p95)} ms over ${painted.length} keys (in the DOM: median ${round(toDom.median)}, p95 ${round(toDom.p95)} ms); autosave ${after.length} request(s), ${delay} ms after the last key`,
  );
  return [
    row('post editor: keystroke → counter, fold and check painted, p95', summary.p95, 'ms', {
      target: keyTargetMs,
      note: `${painted.length} keys ${keyGapMs} ms apart at the end of a ${length.toLocaleString('en-US')}-character post, headless Chromium`,
      details: { summary, toDom },
    }),
    row('post editor: keystroke → counter, fold and check in the DOM, p95', toDom.p95, 'ms', {
      note: 'the same keys, to the React commit (before the frame that paints it)',
    }),
    row('post editor: autosave after the last keystroke', delay, 'ms', {
      target: autosaveTargetMs,
      note: `${after.length} request(s) after the last key (${saves.length} during and after the burst)`,
      details: { saves, lastKeyAt },
    }),
  ];
}

/** A reload with the post open: navigation → the post in the text box (the document kept in this browser). */
async function resume(page: Page, appUrl: string, text: string): Promise<BenchResult> {
  const samples: number[] = [];
  for (let run = 0; run < resumeRuns; run += 1) {
    await page.goto(appUrl);
    await editor(page).waitFor({ timeout: 30_000 });
    // A string, so the bundler adds no helper the page does not have.
    const shownAt = (await page.evaluate(`new Promise((resolve) => {
      const start = ${JSON.stringify(text.slice(0, 40))};
      function look() {
        const box = document.querySelector('textarea[aria-label="Post text"]');
        if (box && box.value.startsWith(start)) resolve(performance.now());
        else requestAnimationFrame(look);
      }
      look();
    })`)) as number;
    samples.push(shownAt);
  }
  const summary = summarize(samples);
  console.log(`  reload → post in the editor: median ${round(summary.median)} ms over ${resumeRuns} loads`);
  return row('dashboard load with a post to resume: navigation → post in the editor', summary.median, 'ms', {
    note: `median of ${resumeRuns} reloads, from navigation start (performance.now), headless Chromium`,
    details: { summary },
  });
}

async function run(): Promise<BenchResult[]> {
  await ensureFreshDist();
  const text = buildLongPost(2880);
  const fake: FakeProviders = await startFakeProviders({
    scenarios: { groq: { text, tokensPerSecond: 5000, latencyMs: 0 } },
  });
  let app: AppServer | undefined;
  let browser: BrowserSession | undefined;
  try {
    app = await startAppWithFakeGroq(fake);
    browser = await openBrowser();
    await signUpAndOnboard(browser.page, app.url, newAccount('Bench Writer'));
    await generate(browser.page, text);
    const typing = await typeAndSave(browser.page, text);
    const floor = await bareTextBox(browser, text);
    return [...typing, floor, await resume(browser.page, app.url, text)];
  } finally {
    await browser?.close();
    await app?.dispose();
    await fake.close();
  }
}

export const postEditor: BenchCase = {
  name: 'post editor: typing, autosave and resuming a draft in Chromium',
  run,
};
