import type { Context } from 'hono';
import type { ApiContext } from '../api-context.ts';
import { configuredProviders } from '../provider-config.ts';
import { authenticate } from '../verify-access-token.ts';

/** GET /models: this server's model catalog and which providers have a key (never the keys). */
export function listModels(api: ApiContext) {
  return async (c: Context): Promise<Response> => {
    await authenticate(c.req.raw, api.verifyToken);
    c.header('cache-control', 'no-store');
    return c.json({ catalog: api.catalog, configured: configuredProviders(api.providers) });
  };
}
