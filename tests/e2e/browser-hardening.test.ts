import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviders, type FakeProviders } from '../../harness/fakes/fake-providers.ts';
import type { AppServer } from '../../harness/app-server.ts';
import { startApp } from './support/app.ts';
import { type BrowserSession, openBrowserEarly } from './support/browser.ts';
import { newAccount, signInAsOnboardedUser } from '../../harness/journeys.ts';

/** A plain HTTP server on 127.0.0.1 that records every request it gets. */
interface Listener {
  url: string;
  hits: string[];
  close(): Promise<void>;
}

async function startListener(
  answer: (path: string) => { type: string; body: string | Buffer },
): Promise<Listener> {
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    hits.push(request.url ?? '');
    const { type, body } = answer(request.url ?? '/');
    response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => {
      // Chromium keeps spare sockets open; without this close() would wait for them to time out.
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

// A valid 1×1 PNG, so an image that is let through fires `load`, never `error`.
const pixel = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const postText = 'Our unannounced Q3 launch: the Falcon pricing plan.';

let fake: FakeProviders;
let server: AppServer;
let browser: BrowserSession;
let page: Page;
let collector: Listener;

beforeAll(async () => {
  const browserOpening = openBrowserEarly();
  fake = await startFakeProviders();
  collector = await startListener(() => ({ type: 'image/png', body: pixel }));
  server = await startApp({ GROQ_API_KEY: 'fake-groq-key', GROQ_BASE_URL: fake.url });
  browser = await browserOpening;
  page = browser.page;
  await signInAsOnboardedUser(page, server.url, newAccount('Ada Lovelace'));
  fake.setScenario('groq', { text: postText, tokensPerSecond: 3000 });
  await page.getByLabel('What would you like to post about?').fill('Pricing');
  await page
    .getByRole('region', { name: 'Create New Post' })
    .getByRole('button', { name: 'Generate Post' })
    .click();
  await page.getByRole('article', { name: 'Post preview' }).getByText(postText).waitFor();
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await fake?.close();
  await collector?.close();
});

/** Resolves once every image in the page has loaded or failed, so a request it makes has been made. */
function imagesSettled(target: Page): Promise<unknown> {
  return target.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
}

describe('what the page may load (Content-Security-Policy)', () => {
  it('the app runs under its policy with nothing blocked: styled toasts, realtime, no violations', async () => {
    const policy = (await fetch(server.url)).headers.get('content-security-policy') ?? '';
    expect(policy).toContain("img-src 'self' data: blob:");
    // react-hot-toast's <style> (goober) carries the nonce and its rules apply: a blocked one has no sheet.
    const rules = await page.evaluate(
      () => (document.getElementById('_goober') as HTMLStyleElement | null)?.sheet?.cssRules.length ?? 0,
    );
    expect(rules).toBeGreaterThan(0);
    expect(browser.cspViolations).toEqual([]);
    expect(browser.pageErrors).toEqual([]);
  });

  it('an image in a chat reply never reaches its server, not even with the post text in its URL', async () => {
    const leak = `${collector.url}/?d=${encodeURIComponent(postText)}`;
    fake.setScenario('groq', {
      text: `Try this visual ![x](${leak}) and keep the hook short.`,
      tokensPerSecond: 3000,
    });
    await page
      .getByRole('article', { name: 'Post preview' })
      .getByRole('button', { name: 'Chat about this' })
      .click();
    const chat = page.getByRole('dialog', { name: 'Chat about this post' });
    await chat.getByLabel('Ask about this post...').fill('What image should I add?');
    await chat.getByLabel('Ask about this post...').press('Enter');
    await chat.getByText('and keep the hook short.').waitFor();
    await imagesSettled(page);
    expect(collector.hits).toEqual([]);
    expect(await chat.locator('img').count()).toBe(0);
    await chat.getByText('Image: x').waitFor();
    await chat.getByRole('button', { name: 'Close chat' }).click();
  });

  it('an <img> injected straight into the page is blocked by the policy itself', async () => {
    // Provoked on purpose: the browser logs it as an error.
    browser.allowConsoleErrorsInThisTest('img-src');
    const outcome = await page.evaluate(
      (src) =>
        new Promise<string>((resolve) => {
          let failed = false;
          let violation = '';
          const settle = () => failed && violation && resolve(`blocked: ${violation}`);
          document.addEventListener('securitypolicyviolation', (event) => {
            violation = `${event.effectiveDirective} ${event.blockedURI}`;
            settle();
          });
          const image = document.createElement('img');
          image.addEventListener('load', () => resolve('loaded'));
          image.addEventListener('error', () => {
            failed = true;
            settle();
          });
          image.src = src;
          document.body.append(image);
        }),
      `${collector.url}/?d=injected`,
    );
    expect(outcome.startsWith(`blocked: img-src ${collector.url}`)).toBe(true);
    expect(collector.hits).toEqual([]);
    expect(browser.cspViolations.some((message) => message.includes("img-src 'self' data: blob:"))).toBe(
      true,
    );
  });
});

describe('framing', () => {
  it('refuses to show the app inside another site’s frame', async () => {
    // Provoked on purpose: the browser logs it as an error.
    browser.allowConsoleErrorsInThisTest('frame-ancestors');
    const framer = await startListener(() => ({
      type: 'text/html',
      body: `<!doctype html><title>Framer</title><iframe src="${server.url}/" onload="window.frameLoaded = true"></iframe>`,
    }));
    const other = await browser.context.newPage();
    const refusals: string[] = [];
    other.on('console', (message) => refusals.push(message.text()));
    try {
      // Another origin: a different name and port than the app's 127.0.0.1.
      await other.goto(framer.url.replace('127.0.0.1', 'localhost'), { waitUntil: 'commit' });
      await other.waitForFunction(
        () => (window as unknown as { frameLoaded?: boolean }).frameLoaded === true,
      );
      const frame = other.frames().find((candidate) => candidate !== other.mainFrame());
      expect(frame?.url().startsWith(server.url)).toBe(false);
      expect(refusals.some((text) => text.includes("frame-ancestors 'none'"))).toBe(true);
    } finally {
      await other.close();
      await framer.close();
    }
  });
});
