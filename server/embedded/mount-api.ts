import { getConnInfo } from '@hono/node-server/conninfo';
import type { ModelCatalog } from '../../shared/model-catalog.ts';
import { postgresAiQuota, type AiQuotaLimits } from '../api/ai-quota.ts';
import { createApiApp } from '../api/create-api-app.ts';
import type { ProviderConfig } from '../api/provider-config.ts';
import { userTokenVerifier } from '../api/user-token-verifier.ts';
import type { EmbeddedServerOptions } from './start-embedded-server.ts';

export interface EmbeddedApiSettings {
  providers: ProviderConfig;
  catalog: ModelCatalog;
  quota: AiQuotaLimits;
}

/**
 * The /api functions app as the embedded server mounts it: the same app as the hosted Edge
 * Function, given this install's keys (tokens checked against its JWKS), the quota in its own
 * Postgres through its REST API in-process, and the socket's address as the client's (behind a
 * reverse proxy every user would share the proxy's address).
 */
export function mountApi(settings: EmbeddedApiSettings): NonNullable<EmbeddedServerOptions['createApi']> {
  return ({ keys, restFetch, supabaseUrl }) =>
    createApiApp({
      verifyToken: userTokenVerifier({ jwks: keys.jwks, legacySecret: keys.legacy?.jwtSecret ?? null }),
      providers: settings.providers,
      catalog: settings.catalog,
      quota: postgresAiQuota(
        { supabaseUrl, publishableKey: keys.publishableKey, secretKey: keys.secretKey, fetch: restFetch },
        settings.quota,
      ),
      clientAddress: (c) => {
        try {
          return getConnInfo(c).remote.address ?? null;
        } catch {
          return null;
        }
      },
    });
}
