import { hkdfSync } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { ModelCatalog } from '../../shared/model-catalog.ts';
import { postgresAiQuota, type AiQuotaLimits } from '../api/ai-quota.ts';
import { createApiApp } from '../api/create-api-app.ts';
import type { ModelCatalogSource } from '../api/model-catalog-source.ts';
import { postgresSessionCheck } from '../api/live-session.ts';
import { readLinkedInConfig } from '../api/linkedin/linkedin-config.ts';
import type { RetryPolicy } from '../api/linkedin/publish-failure.ts';
import type { ProviderConfig } from '../api/provider-config.ts';
import { userTokenVerifier } from '../api/user-token-verifier.ts';
import { providerFetch } from './provider-fetch.ts';
import { sqlQuotaCounter } from './sql-quota-counter.ts';
import type { EmbeddedServerOptions } from './start-embedded-server.ts';

export interface EmbeddedApiSettings {
  providers: ProviderConfig;
  catalog: ModelCatalog | ModelCatalogSource;
  quota: AiQuotaLimits;
  /** LINKEDIN_* from the environment (linkedin-config.ts); without them publishing is off. */
  linkedinEnv?: Partial<Record<string, unknown>>;
  /** Where LinkedIn sends the browser back when LINKEDIN_REDIRECT_URL is not set. */
  linkedinRedirectUrl?: string;
  /** How failed publishing attempts are retried (tests shorten it); publish-failure.ts has the default. */
  linkedinRetry?: RetryPolicy;
}

/**
 * The /api functions app as the embedded server mounts it: the same app as the hosted Edge
 * Function, given this install's keys (tokens checked against its JWKS), the quota counted in its
 * own Postgres by one statement (sql-quota-counter.ts), and the socket's address as the client's (behind a
 * reverse proxy every user would share the proxy's address).
 */
export function mountApi(settings: EmbeddedApiSettings): NonNullable<EmbeddedServerOptions['createApi']> {
  return ({ keys, db, restFetch, supabaseUrl }) =>
    createApiApp({
      verifyToken: userTokenVerifier({ jwks: keys.jwks, legacySecret: keys.legacy?.jwtSecret ?? null }),
      sessionIsLive: postgresSessionCheck({
        supabaseUrl,
        publishableKey: keys.publishableKey,
        fetch: restFetch,
      }),
      providers: settings.providers,
      catalog: settings.catalog,
      quota: postgresAiQuota(sqlQuotaCounter(db), settings.quota),
      aiFetch: providerFetch,
      linkedin: {
        setup: readLinkedInConfig(settings.linkedinEnv ?? {}, {
          ...(settings.linkedinRedirectUrl ? { redirectUrl: settings.linkedinRedirectUrl } : {}),
          // Stored tokens are sealed with a key of this install, unless LINKEDIN_TOKEN_KEY names one.
          tokenKey: new Uint8Array(
            hkdfSync('sha256', keys.installSecret, '', 'linkedin-token-encryption', 32),
          ),
        }),
        service: { supabaseUrl, secretKey: keys.secretKey, fetch: restFetch },
        // As on hosted: the legacy service_role key of an older install is a secret key too.
        ...(keys.legacy ? { scheduleKeys: [keys.legacy.serviceRoleKey] } : {}),
        ...(settings.linkedinRetry ? { retry: settings.linkedinRetry } : {}),
      },
      clientAddress: (c) => {
        try {
          return getConnInfo(c).remote.address ?? null;
        } catch {
          return null;
        }
      },
    });
}
