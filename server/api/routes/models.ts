import type { Context } from 'hono';
import type { ApiContext } from '../api-context.ts';
import { configuredProviders } from '../provider-config.ts';
import { authenticate } from '../verify-access-token.ts';

/**
 * GET /models: this server's model catalog and which providers are set up (never the keys).
 * `?refresh=1` lists the OpenAI-compatible server's models again first (Settings' Refresh).
 */
export function listModels(api: ApiContext) {
  return async (c: Context): Promise<Response> => {
    await authenticate(c.req.raw, api.verifyToken);
    // A server that could not be listed is asked again (at most every 10 s) when someone opens the app.
    const unlisted = api.catalog.current().engines['openai-compatible'].unavailable !== undefined;
    const catalog =
      c.req.query('refresh') === '1' || unlisted ? await api.catalog.refresh() : await api.catalog.ready();
    c.header('cache-control', 'no-store');
    return c.json({ catalog, configured: configuredProviders(api.providers) });
  };
}
