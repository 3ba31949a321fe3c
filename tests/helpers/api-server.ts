import { getConnInfo } from '@hono/node-server/conninfo';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { signedInClient } from './test-server.ts';
import type { AiQuotaOptions } from '../../server/api/ai-quota.ts';
import { createApiApp } from '../../server/api/create-api-app.ts';
import { hs256Verifier } from '../../server/api/hs256-verifier.ts';
import { configuredProviders, type ProviderConfig } from '../../server/api/provider-config.ts';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { defaultModelCatalog, type ModelCatalog } from '../../src/config/model-catalog.ts';
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
  rateLimit?: AiQuotaOptions;
  catalog?: ModelCatalog;
}

/** The embedded backend with the /api app mounted, wired as server/main.ts wires it. */
export function startApiTestServer(options: ApiTestServerOptions = {}): Promise<EmbeddedServer> {
  const providers = options.providers ?? testProviders;
  const catalog = options.catalog ?? defaultModelCatalog;
  return startTestServer({
    appConfig: () => ({ engines: configuredProviders(providers), modelCatalog: catalog }),
    createApi: ({ keys }) =>
      createApiApp({
        verifyToken: hs256Verifier(keys.jwtSecret),
        providers,
        catalog,
        rateLimit: options.rateLimit ?? { requests: 30, windowMs: 60_000 },
        clientAddress: (c) => getConnInfo(c).remote.address ?? null,
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
