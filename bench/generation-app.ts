import { AppServer } from '../harness/app-server.ts';
import type { FakeProviders } from '../harness/fakes/fake-providers.ts';

export const fakeGroqKey = 'fake-groq-key';

/** The app as `npm start` serves it (built dist/), its Groq pointed at the fake, no /api rate limit in the way. */
export function startAppWithFakeGroq(fake: FakeProviders): Promise<AppServer> {
  return AppServer.start({
    GROQ_API_KEY: fakeGroqKey,
    GROQ_BASE_URL: fake.url,
    API_RATE_LIMIT_REQUESTS: '100000',
  });
}
