// Supabase Edge Function "api" (Deno): the same /api app that the embedded Node server mounts.
// Deploy: `npx supabase functions deploy api` and set the provider keys with
// `npx supabase secrets set GROQ_API_KEY=… ANTHROPIC_API_KEY=…` (see README.md).
import { Hono } from 'hono';
import { apiCors } from '../../../server/api/api-cors.ts';
import { createApiApp } from '../../../server/api/create-api-app.ts';
import { readProviderConfig } from '../../../server/api/provider-config.ts';
import { supabaseAuthVerifier } from '../../../server/api/supabase-auth-verifier.ts';
import { defaultModelCatalog } from '../../../src/config/model-catalog.ts';

const env = Deno.env.toObject();
const supabaseUrl = env.SUPABASE_URL;
const anonKey = env.SUPABASE_ANON_KEY;
if (!supabaseUrl || !anonKey)
  throw new Error(
    'SUPABASE_URL and SUPABASE_ANON_KEY must be set (Supabase sets both for deployed functions).',
  );

const positive = (value: string | undefined, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};

const api = createApiApp({
  // Tokens are checked by our app, not the gateway (config.toml: verify_jwt = false), against Auth itself.
  verifyToken: supabaseAuthVerifier({ supabaseUrl, anonKey }),
  providers: readProviderConfig(env),
  catalog: defaultModelCatalog,
  rateLimit: {
    requests: positive(env.API_RATE_LIMIT_REQUESTS, 30),
    windowMs: positive(env.API_RATE_LIMIT_WINDOW_SECONDS, 60) * 1000,
  },
});

// Supabase routes https://<ref>.supabase.co/functions/v1/api/<path> to this function as /api/<path>.
const app = new Hono();
app.use('/api/*', apiCors());
app.route('/api', api);

Deno.serve(app.fetch);
