import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { AppServer } from '../../../harness/app-server.ts';
import { startApp } from './app.ts';
import { startFakeProviders, type FakeProviders } from '../../../harness/fakes/fake-providers.ts';
import { newAccount, signInAsOnboardedUser, type TestAccount } from '../../../harness/journeys.ts';
import { type BrowserSession, openBrowserEarly } from './browser.ts';

export interface SignedInSession {
  fake: FakeProviders;
  server: AppServer;
  browser: BrowserSession;
  page: Page;
  account: TestAccount;
}

/**
 * For the tests of the file: the fake providers, the app as `npm start` runs it with Groq pointed
 * at them (and whatever `env` adds, which may depend on the fakes' URL), and a browser signed in
 * as a new, onboarded user. Read the fields inside tests (they
 * are set once beforeAll has run); everything is closed after the file.
 */
export function useSignedInSession(
  fullName: string,
  env: Record<string, string> | ((fake: FakeProviders) => Record<string, string>) = {},
): SignedInSession {
  const session = { account: newAccount(fullName) } as SignedInSession;
  beforeAll(async () => {
    const browserOpening = openBrowserEarly();
    session.fake = await startFakeProviders();
    session.server = await startApp({
      GROQ_API_KEY: 'fake-groq-key',
      GROQ_BASE_URL: session.fake.url,
      ...(typeof env === 'function' ? env(session.fake) : env),
    });
    session.browser = await browserOpening;
    session.page = session.browser.page;
    await signInAsOnboardedUser(session.page, session.server.url, session.account);
  });
  afterAll(async () => {
    await Promise.all([session.browser?.close(), session.server?.dispose()]);
    await session.fake?.close();
  });
  return session;
}

/** LinkedIn publishing against the fake LinkedIn, with the publisher running every second. */
export const fakeLinkedInEnv = (fake: FakeProviders): Record<string, string> => ({
  LINKEDIN_CLIENT_ID: 'e2e-client-id',
  LINKEDIN_CLIENT_SECRET: 'e2e-client-secret',
  LINKEDIN_AUTH_BASE_URL: `${fake.url}/oauth/v2`,
  LINKEDIN_API_BASE_URL: fake.url,
  PUBLISH_INTERVAL_SECONDS: '1',
});
