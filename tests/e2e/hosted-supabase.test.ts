import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POST_TEXT } from '../../harness/fakes/fake-providers.ts';
import { edgeProviderKeys } from '../../harness/hosted-function-env.ts';
import { type BrowserSession, openBrowserEarly } from './support/browser.ts';
import { startHostedReplica, type HostedReplica } from './support/hosted-replica.ts';
import { newAccount, signUpAndOnboard } from '../../harness/journeys.ts';

// The README's "Deploy to Supabase" path end to end: the SPA built with VITE_SUPABASE_URL and the
// publishable key on a static host, the Edge Function under Deno behind a gateway, Anthropic's
// secret never set. Hosted-only behaviour (the platform itself) is out of reach here.
let hosted: HostedReplica;
let browser: BrowserSession;
let page: Page;
const account = newAccount('Katherine Johnson');

beforeAll(async () => {
  const browserOpening = openBrowserEarly();
  hosted = await startHostedReplica(['ANTHROPIC_API_KEY']);
  browser = await browserOpening;
  page = browser.page;
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await hosted?.close();
});

const composer = () => page.getByRole('region', { name: 'Create New Post' });
const preview = () => page.getByRole('article', { name: 'Post preview' });

describe('the app built for hosted Supabase', () => {
  it('carries the project URL and publishable key, and no secret, in the bundle', async () => {
    const files = await readdir(path.join(hosted.distDir, 'assets'));
    const bundle = (
      await Promise.all(files.map((file) => readFile(path.join(hosted.distDir, 'assets', file), 'utf8')))
    ).join('\n');
    expect(bundle).toContain(`${hosted.projectUrl}`);
    expect(bundle).toContain('/functions/v1/api');
    expect(bundle).not.toContain(hosted.secretKey);
    // A production build: development builds name every source file (and this machine's paths).
    expect(bundle).not.toContain(path.join(process.cwd(), 'src'));
    for (const key of Object.values(edgeProviderKeys)) expect(bundle).not.toContain(key);
  });

  it('signs a new user up and onboards them against the project', async () => {
    await signUpAndOnboard(page, hosted.appUrl, account);
    const calls = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).origin),
    );
    expect(calls).toContain(hosted.projectUrl);
  });

  it('generates a post through the api Edge Function with the key set as a function secret', async () => {
    await page.getByLabel('What would you like to post about?').fill('What a launch checklist is for');
    await composer().getByRole('button', { name: 'Generate Post' }).click();
    await preview().waitFor();
    await composer().getByRole('button', { name: 'Generate Post' }).waitFor({ timeout: 60_000 });
    // The whole post is in the card's text box, editable.
    await expect
      .poll(() => preview().getByRole('textbox', { name: 'Post text' }).inputValue())
      .toBe(DEFAULT_POST_TEXT.trim());
    const request = hosted.fake.requests.find((entry) => entry.provider === 'groq');
    expect(request?.headers.authorization).toBe(`Bearer ${edgeProviderKeys.GROQ_API_KEY}`);
  });

  it("saves the post with an image on the project's Storage and shows it from there on Saved Posts", async () => {
    const chooser = page.waitForEvent('filechooser');
    await composer().getByRole('button', { name: 'Add Image' }).click();
    const png = await page.evaluate(async () => {
      const canvas = new OffscreenCanvas(320, 200);
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#0a66c2';
      context.fillRect(0, 0, 320, 200);
      return [...new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer())];
    });
    await (await chooser).setFiles({ name: 'launch.png', mimeType: 'image/png', buffer: Buffer.from(png) });
    await composer().getByLabel('Alt text').fill('A blue launch card');
    await preview().getByRole('img', { name: 'A blue launch card' }).waitFor();
    await preview().getByRole('button', { name: 'Save Post' }).click();
    await page.getByText('Post saved successfully!').waitFor();

    await page.goto(`${hosted.appUrl}/saved`);
    const image = page.getByRole('img', { name: 'A blue launch card' });
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
      .toBe(320);
    // Shown from the project (a signed Storage link), not from the static host.
    expect(new URL((await image.getAttribute('src')) ?? '').origin).toBe(hosted.projectUrl);
    await page.goto(hosted.appUrl);
  });

  it('learns from the function at run time which engines have keys (a deep link loads from the static host)', async () => {
    await page.goto(`${hosted.appUrl}/settings`);
    const engines = page.getByRole('group', { name: 'AI engine' });
    const card = (name: RegExp) => engines.locator('label').filter({ hasText: name });
    await card(/Anthropic|Claude/)
      .getByText('Not configured on this server yet')
      .waitFor();
    expect(await card(/Groq/).getByText('Not configured on this server yet').count()).toBe(0);
  });

  it('says so when the function cannot be reached, keeps the user signed in, and recovers on Try Again', async () => {
    // Provoked on purpose: the browser logs it as an error (the models, and LinkedIn's status,
    // which the due-posts reminder asks for on every page).
    browser.allowConsoleErrorsInThisTest('/functions/v1/api/models', '/functions/v1/api/linkedin/status');
    await hosted.stopFunction();
    try {
      await page.goto(`${hosted.appUrl}/`);
      const alert = page.getByRole('alert').filter({ hasText: 'AI features are unavailable' });
      await alert.waitFor();
      expect(await page.getByRole('heading', { name: 'Create New Post' }).isVisible()).toBe(true);
    } finally {
      await hosted.startFunction();
    }
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByText('AI features are unavailable').waitFor({ state: 'detached' });
  });
});
