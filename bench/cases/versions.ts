import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import type { AppServer } from '../../harness/app-server.ts';
import type { BrowserSession } from '../../harness/browser.ts';
import { newAccount, signUpAndOnboard } from '../../harness/journeys.ts';
import { check } from '../check.ts';
import { withAppInBrowser } from '../generation-app.ts';
import { buildLongPost } from '../long-post.ts';
import type { BenchCase, BenchResult } from '../report.ts';
import { row } from '../results.ts';
import { quantile, round } from '../stats.ts';

// "Generate" with 3 versions against one post, in Chromium against the fake Groq: the versions are
// written at the same time, so the whole wait should be about one version's (issue 27: ≤ 1.3×).

const runs = 3;
const tokensPerSecond = 200;
const ratioTarget = 1.3;
const composer = (page: Page) => page.getByRole('region', { name: 'Create New Post' });

async function timeGeneration(page: Page, count: '1' | '3'): Promise<number> {
  await page.getByLabel('What would you like to post about?').fill('What I learned by saying no more often');
  await composer(page).getByLabel('Versions').selectOption(count);
  const generate = composer(page).getByRole('button', { name: 'Generate Post' });
  await generate.waitFor();
  const started = performance.now();
  await generate.click();
  if (count === '1') {
    await composer(page).getByRole('button', { name: 'Generating post...' }).waitFor({ timeout: 10_000 });
    await generate.waitFor({ timeout: 120_000 });
  } else {
    const panel = page.getByRole('region', { name: 'Choose a version' });
    await panel.getByText('Writing 3 versions at once…').waitFor({ timeout: 10_000 });
    await panel.getByText('Each version opens differently.', { exact: false }).waitFor({ timeout: 120_000 });
    check(
      (await panel
        .getByRole('button', { name: 'Use this version' })
        .and(page.locator(':enabled'))
        .count()) === 3,
      'not every version was written',
    );
  }
  const ms = performance.now() - started;
  // The next run starts from an empty composer.
  await page.goto(page.url());
  return ms;
}

async function measure(app: AppServer, browser: BrowserSession): Promise<BenchResult[]> {
  const { page } = browser;
  await signUpAndOnboard(page, app.url, newAccount('Bench Versions'));
  const one: number[] = [];
  const three: number[] = [];
  for (let run = 1; run <= runs; run += 1) {
    one.push(await timeGeneration(page, '1'));
    three.push(await timeGeneration(page, '3'));
    console.log(
      `  run ${run}/${runs}: one post ${round(one.at(-1)!)} ms, three versions ${round(three.at(-1)!)} ms`,
    );
  }
  const ratio = quantile(three, 0.5) / quantile(one, 0.5);
  const note = `median of ${runs}, ~1,000-character posts at ${tokensPerSecond} tok/s from the fake Groq, headless Chromium`;
  return [
    row('versions: three written at once / one post', ratio, 'ratio', { target: ratioTarget, note }),
    row('versions: one post, click → done', quantile(one, 0.5), 'ms', { note }),
    row('versions: three versions, click → all done', quantile(three, 0.5), 'ms', { note }),
  ];
}

async function run(): Promise<BenchResult[]> {
  return withAppInBrowser({ text: buildLongPost(1000), tokensPerSecond, latencyMs: 0 }, measure);
}

export const versions: BenchCase = { name: 'versions: three at once against one post', run };
