import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** The system Chromium (Debian package or CHROMIUM_PATH); the test tool never downloads a browser. */
export function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/lib/chromium/chromium',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  const found = candidates.find((candidate): candidate is string =>
    Boolean(candidate && existsSync(candidate)),
  );
  if (!found)
    throw new Error('No Chromium found: install Debian\'s "chromium" package or set CHROMIUM_PATH.');
  return found;
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions and Content-Security-Policy violations: a test can assert there were none. */
  pageErrors: string[];
  /** Chromium's console reports of what the Content-Security-Policy blocked, in this page or its frames. */
  cspViolations: string[];
  close(): Promise<void>;
}

/** A fresh headless Chromium profile (TOOLCHAIN.md: the profile goes through launchPersistentContext). */
export async function openBrowser(): Promise<BrowserSession> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors: string[] = [];
  const cspViolations: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const reportViolation = (text: string) => {
    cspViolations.push(text);
    pageErrors.push(text);
  };
  // A policy that blocks something the app needs shows up only here (a missing toast style, a socket).
  // Chromium logs most violations; a blocked eval that the code catches is only an event.
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy'))
      reportViolation(message.text());
  });
  await context.exposeBinding('reportCspViolation', (_source, text: string) => reportViolation(text));
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { reportCspViolation?: (text: string) => void })
          .reportCspViolation;
        void report?.(
          `Content Security Policy violation event: ${event.effectiveDirective} ${event.blockedURI}`,
        );
      },
      true,
    );
  });
  return {
    context,
    page,
    pageErrors,
    cspViolations,
    close: async () => {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
