import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { chromiumPath } from './chromium-path.ts';

export { chromiumPath };

/**
 * What Chromium logs for a request to a server that is stopping or stopped; which one it is
 * depends on where the request was when the socket went (on a busy machine, any of them).
 */
export const serverGoneErrors =
  /net::ERR_(CONNECTION_(REFUSED|RESET|CLOSED)|SOCKET_NOT_CONNECTED|EMPTY_RESPONSE)/;

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions and Content-Security-Policy violations: a test can assert there were none. */
  pageErrors: string[];
  /** Chromium's console reports of what the Content-Security-Policy blocked, in this page or its frames. */
  cspViolations: string[];
  /**
   * Console errors and uncaught exceptions of this test that nobody allowed: after each test any
   * left fail it (a healthy app logs no error). Read by the afterEach hook, which empties it.
   */
  unexpectedErrors: string[];
  /**
   * For a test that provokes errors on purpose: console errors and page errors matching one of
   * `patterns` (a substring or a RegExp) are not unexpected. Returns a function that withdraws
   * the allowance; it lasts until then (or until the browser closes).
   */
  allowConsoleErrors(...patterns: (string | RegExp)[]): () => void;
  /** The same, for the rest of the current test only (the afterEach check withdraws it). */
  allowConsoleErrorsInThisTest(...patterns: (string | RegExp)[]): void;
  /** Withdraws the allowances of the test that just ended (called by the afterEach check). */
  endTest(): void;
  close(): Promise<void>;
}

type Pattern = string | RegExp;
const matches = (text: string, pattern: Pattern) =>
  typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);

/** Every open browser of this process: a test run checks them for unexpected errors after each test. */
const openSessions = new Set<BrowserSession>();

/**
 * Fails (throws) when an open browser logged an error nobody allowed since the last check, and
 * withdraws the per-test allowances. The e2e tests run it after each test
 * (tests/e2e/support/browser.ts); the benchmarks do not.
 */
export function checkForUnexpectedErrors(): void {
  const sessions = [...openSessions];
  const found = sessions.flatMap((session) => session.unexpectedErrors.splice(0));
  for (const session of sessions) session.endTest();
  if (found.length > 0) {
    throw new Error(
      `The page logged ${found.length} unexpected error(s) (allow one on purpose with allowConsoleErrors):\n${found.join('\n')}`,
    );
  }
}

/** How Chromium's console reports it: the text plus where it came from (a failed request names its URL). */
function describeConsoleError(message: ConsoleMessage): string {
  const { url } = message.location();
  return url && !message.text().includes(url) ? `${message.text()} (${url})` : message.text();
}

/** A fresh headless Chromium profile (docs/toolchain.md: the profile goes through launchPersistentContext). */
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
  const unexpectedErrors: string[] = [];
  const allowed = new Set<Pattern>();
  const allowedInTest = new Set<Pattern>();
  const noteError = (text: string) => {
    if (![...allowed, ...allowedInTest].some((pattern) => matches(text, pattern)))
      unexpectedErrors.push(text);
  };
  const reportViolation = (text: string) => {
    cspViolations.push(text);
    pageErrors.push(text);
  };
  // Every page of the context (tabs a test opens too), from its first script on.
  const watch = (target: Page) => {
    target.on('pageerror', (error) => {
      pageErrors.push(error.message);
      noteError(`Uncaught: ${error.message}`);
    });
    // A policy that blocks something the app needs shows up only here (a missing toast style, a socket).
    // Chromium logs most violations; a blocked eval that the code catches is only an event.
    target.on('console', (message) => {
      if (message.type() !== 'error') return;
      if (message.text().includes('Content Security Policy')) reportViolation(message.text());
      noteError(describeConsoleError(message));
    });
  };
  watch(page);
  context.on('page', watch);
  await context.exposeBinding('reportCspViolation', (_source, text: string) => {
    reportViolation(text);
    noteError(text);
  });
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
  const session: BrowserSession = {
    context,
    page,
    pageErrors,
    cspViolations,
    unexpectedErrors,
    allowConsoleErrors: (...patterns) => {
      for (const pattern of patterns) allowed.add(pattern);
      return () => {
        for (const pattern of patterns) allowed.delete(pattern);
      };
    },
    allowConsoleErrorsInThisTest: (...patterns) => {
      for (const pattern of patterns) allowedInTest.add(pattern);
    },
    endTest: () => allowedInTest.clear(),
    close: async () => {
      openSessions.delete(session);
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
  openSessions.add(session);
  return session;
}
