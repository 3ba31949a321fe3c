import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { signedInClient } from './test-server.ts';
import type { AiQuotaLimits } from '../../server/api/ai-quota.ts';
import { configuredProviders, type ProviderConfig } from '../../server/api/provider-config.ts';
import { mountApi } from '../../server/embedded/mount-api.ts';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { defaultModelCatalog, type ModelCatalog } from '../../shared/model-catalog.ts';
import { startTestServer } from './test-server.ts';

/** Provider hosts that do not exist, for MSW to answer at the network edge, and keys that are only test strings. */
export const testProviders: ProviderConfig = {
  GROQ_API_KEY: 'gsk_server_test_key',
  GROQ_BASE_URL: 'https://groq.provider.test',
  ANTHROPIC_API_KEY: 'sk-ant-server-test-key',
  ANTHROPIC_BASE_URL: 'https://anthropic.provider.test',
  PERPLEXITY_API_KEY: 'pplx-server-test-key',
  PERPLEXITY_BASE_URL: 'https://perplexity.provider.test',
  YOUTUBE_API_KEY: 'yt-server-test-key',
  YOUTUBE_BASE_URL: 'https://youtube.provider.test/youtube/v3',
};

export interface ApiTestServerOptions {
  providers?: ProviderConfig;
  quota?: AiQuotaLimits;
  catalog?: ModelCatalog;
  /** LINKEDIN_* settings (point the base URLs at the fake providers to publish). */
  linkedin?: Record<string, string>;
}

/** The embedded backend with the /api app mounted, wired as server/main.ts wires it. */
export function startApiTestServer(options: ApiTestServerOptions = {}): Promise<EmbeddedServer> {
  const providers = options.providers ?? testProviders;
  const catalog = options.catalog ?? defaultModelCatalog;
  return startTestServer({
    appConfig: () => ({ engines: configuredProviders(providers), modelCatalog: catalog }),
    createApi: mountApi({
      providers,
      catalog,
      quota: options.quota ?? { requests: 30, windowSeconds: 60 },
      ...(options.linkedin ? { linkedinEnv: options.linkedin } : {}),
    }),
  });
}

/**
 * Registers the hooks most /api test files share: MSW mocking the providers at the network edge
 * (local requests pass through), a server with the API mounted, and a signed-in user's token.
 */
export function useApiTestServer(options: ApiTestServerOptions = {}) {
  const providers = setupServer();
  const state: { server?: EmbeddedServer; token?: string } = {};
  beforeAll(async () => {
    providers.listen({ onUnhandledRequest: 'bypass' });
    state.server = await startApiTestServer(options);
    state.token = (await signedInClient(state.server)).session.access_token;
  });
  afterEach(() => providers.resetHandlers());
  afterAll(async () => {
    providers.close();
    await state.server?.close();
  });
  return {
    providers,
    server: () => state.server as EmbeddedServer,
    token: () => state.token as string,
  };
}
