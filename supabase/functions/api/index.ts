// Supabase Edge Function "api" (Deno): the same /api app that the embedded Node server mounts.
// Deploy: `npx supabase functions deploy api` and set the provider keys with
// `npx supabase secrets set GROQ_API_KEY=… ANTHROPIC_API_KEY=…` (see README.md).
import { Hono } from 'hono';
import { postgresAiQuota, restQuotaCounter } from '../../../server/api/ai-quota.ts';
import { apiCors } from '../../../server/api/api-cors.ts';
import { forwardedForAddress } from '../../../server/api/client-address.ts';
import { createApiApp } from '../../../server/api/create-api-app.ts';
import { postgresSessionCheck } from '../../../server/api/live-session.ts';
import { readHostedEnv } from '../../../server/api/hosted-env.ts';
import { readLinkedInConfig } from '../../../server/api/linkedin/linkedin-config.ts';
import { readProviderConfig } from '../../../server/api/provider-config.ts';
import { userTokenVerifier } from '../../../server/api/user-token-verifier.ts';
import { defaultModelCatalog } from '../../../shared/model-catalog.ts';
import { postgresQuotaCounter } from './postgres-quota-counter.ts';

const env = Deno.env.toObject();
// Refuses to start, naming what is missing, rather than answer every request with an error.
const hosted = readHostedEnv(env);

const positive = (value: string | undefined, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};
const requests = positive(env.API_RATE_LIMIT_REQUESTS, 30);

// The quota through REST, with the secret key: hosted projects always give functions that key;
// without it (and without a database connection) the AI routes answer 503.
const quotaRest = {
  supabaseUrl: hosted.supabaseUrl,
  secretKey: hosted.secretKey,
  fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init),
};
// Hosted Supabase gives every function the project's database connection: one statement per
// count, REST when it cannot be had (docs/decisions/027).
const databaseUrl = env.SUPABASE_DB_URL?.trim() || null;

const api = createApiApp({
  // Checked against the project's JWKS here (config.toml: verify_jwt = false, so CORS preflights arrive).
  verifyToken: userTokenVerifier(hosted.tokenKeys),
  // A signed-out token is still validly signed: the LinkedIn routes ask the database (with the
  // user's own token) whether its session still exists (docs/decisions/019).
  sessionIsLive: postgresSessionCheck({
    supabaseUrl: hosted.supabaseUrl,
    publishableKey: hosted.publishableKey,
    fetch: (input, init) => fetch(input, init),
  }),
  providers: readProviderConfig(env),
  catalog: defaultModelCatalog,
  // In Postgres, so it holds across isolates and restarts (supabase/migrations, docs/decisions/012).
  quota: postgresAiQuota(
    databaseUrl ? postgresQuotaCounter(databaseUrl, restQuotaCounter(quotaRest)) : quotaRest,
    {
      requests,
      windowSeconds: positive(env.API_RATE_LIMIT_WINDOW_SECONDS, 60),
      requestsPerAddress: positive(env.API_RATE_LIMIT_REQUESTS_PER_IP, requests * 2),
    },
  ),
  // Publishing to LinkedIn: LINKEDIN_CLIENT_ID, LINKEDIN_CLIENT_SECRET, LINKEDIN_REDIRECT_URL and
  // LINKEDIN_TOKEN_KEY as function secrets (LINKEDIN_POST_ANALYTICS=true for Results from
  // LinkedIn's API, where the app has that permission); due posts are published when pg_cron calls
  // /linkedin/publish-due with any of the project's secret keys (docs/decisions/016).
  linkedin: {
    setup: readLinkedInConfig(env),
    service: hosted.secretKey
      ? {
          supabaseUrl: hosted.supabaseUrl,
          secretKey: hosted.secretKey,
          fetch: (input, init) => fetch(input, init),
        }
      : null,
    scheduleKeys: hosted.secretKeys,
  },
  // The gateway's X-Forwarded-For, only when the deployment says it can be trusted.
  ...(env.API_TRUST_FORWARDED_FOR === 'true' ? { clientAddress: (c) => forwardedForAddress(c.req.raw) } : {}),
});

// Supabase routes https://<ref>.supabase.co/functions/v1/api/<path> to this function as /api/<path>.
const app = new Hono();
app.use('/api/*', apiCors());
app.route('/api', api);

Deno.serve(app.fetch);
