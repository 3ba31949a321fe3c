import { AppServer } from '../harness/app-server.ts';
import { openBrowser, type BrowserSession } from '../harness/browser.ts';
import { startFakeProviders, type FakeProviders } from '../harness/fakes/fake-providers.ts';
import type { GroqScenario } from '../harness/fakes/scenarios.ts';
import { ensureFreshDist } from './dist.ts';

export const fakeGroqKey = 'fake-groq-key';

/** The app as `npm start` serves it (built dist/), its Groq pointed at the fake, no /api rate limit in the way. */
export function startAppWithFakeGroq(fake: FakeProviders): Promise<AppServer> {
  return AppServer.start({
    GROQ_API_KEY: fakeGroqKey,
    GROQ_BASE_URL: fake.url,
    API_RATE_LIMIT_REQUESTS: '100000',
  });
}

/**
 * A fresh build, the fake providers with Groq answering as `groq` says, the app pointed at them
 * and a browser: `measure` runs with the app and the browser, and everything is closed after.
 */
export async function withAppInBrowser<T>(
  groq: GroqScenario,
  measure: (app: AppServer, browser: BrowserSession) => Promise<T>,
): Promise<T> {
  await ensureFreshDist();
  const fake = await startFakeProviders({ scenarios: { groq } });
  let app: AppServer | undefined;
  let browser: BrowserSession | undefined;
  try {
    app = await startAppWithFakeGroq(fake);
    browser = await openBrowser();
    return await measure(app, browser);
  } finally {
    await browser?.close();
    await app?.dispose();
    await fake.close();
  }
}
