import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServer } from '../../harness/app-server.ts';
import { startApp } from './support/app.ts';
import { type BrowserSession, openBrowserEarly } from './support/browser.ts';
import { newAccount, signInAsOnboardedUser } from '../../harness/journeys.ts';

let server: AppServer;
let browser: BrowserSession;
let page: Page;

/**
 * Headless Chromium has SpeechRecognition but start() always fails (docs/toolchain.md §2.7), so the page
 * gets a scripted recogniser that "hears" two phrases, and a microphone that grants access.
 */
function installScriptedSpeech(): void {
  class ScriptedRecognition {
    continuous = false;
    interimResults = false;
    lang = '';
    onstart: (() => void) | null = null;
    onend: (() => void) | null = null;
    onerror: ((event: { error: string }) => void) | null = null;
    onresult: ((event: unknown) => void) | null = null;
    private timers: number[] = [];
    start() {
      (window as unknown as { recognitionLang: string }).recognitionLang = this.lang;
      setTimeout(() => this.onstart?.(), 10);
      const say = (transcript: string, isFinal: boolean, at: number) =>
        this.timers.push(
          window.setTimeout(
            () => this.onresult?.({ resultIndex: 0, results: [{ isFinal, 0: { transcript } }] }),
            at,
          ),
        );
      say('remote teams', false, 100);
      say('remote teams that ship', true, 300);
    }
    stop() {
      this.timers.forEach((timer) => clearTimeout(timer));
      setTimeout(() => this.onend?.(), 10);
    }
    abort() {
      this.stop();
    }
  }
  Object.assign(window, {
    SpeechRecognition: ScriptedRecognition,
    webkitSpeechRecognition: ScriptedRecognition,
  });
  const microphone = { allowed: true };
  (window as unknown as { microphone: typeof microphone }).microphone = microphone;
  Object.defineProperty(navigator, 'mediaDevices', {
    value: {
      getUserMedia: async () => {
        if (!microphone.allowed) throw new DOMException('denied', 'NotAllowedError');
        return { getTracks: () => [{ stop() {} }] };
      },
    },
  });
}

beforeAll(async () => {
  const browserOpening = openBrowserEarly();
  server = await startApp();
  browser = await browserOpening;
  page = browser.page;
  await page.addInitScript(installScriptedSpeech);
  await signInAsOnboardedUser(page, server.url, newAccount('Dictation User'));
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('dictation (the "Voice Input" button)', () => {
  it('dictates into the topic, shows Listening..., and stops on a second press', async () => {
    const input = page.getByLabel('What would you like to post about?');
    await input.fill('Why');
    await page.getByRole('button', { name: 'Voice Input' }).click();
    await page.getByText('Listening for voice input...').waitFor();
    await page.getByText('Listening...', { exact: true }).waitFor();
    await expect.poll(() => input.inputValue()).toBe('Why remote teams that ship');
    expect(
      await page.evaluate(() => (window as unknown as { recognitionLang: string }).recognitionLang),
    ).toBe('en-US');

    await page.getByRole('button', { name: 'Voice Input' }).click();
    await page.getByText('Voice input stopped').waitFor();
    await page.getByText('Listening...', { exact: true }).waitFor({ state: 'detached' });
    expect(browser.pageErrors).toEqual([]);
  });

  it('explains a denied microphone', async () => {
    await page.evaluate(() => {
      (window as unknown as { microphone: { allowed: boolean } }).microphone.allowed = false;
    });
    await page.getByRole('button', { name: 'Voice Input' }).click();
    await page
      .getByText('Microphone access denied. Please allow microphone access in your browser settings.')
      .waitFor();
  });
});
