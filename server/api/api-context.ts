import type { Context } from 'hono';
import type { AiQuota } from './ai-quota.ts';
import type { SessionCheck } from './live-session.ts';
import type { LinkedInState } from './linkedin/linkedin-api.ts';
import type { ModelCatalogSource } from './model-catalog-source.ts';
import type { ProviderConfig } from './provider-config.ts';
import type { VerifyToken } from './verify-access-token.ts';

/** What every route needs, injected once by createApiApp (no globals, so tests and Deno can differ). */
export interface ApiContext {
  verifyToken: VerifyToken;
  /** Whether a token's session still exists (authenticateLive): signing out ends it before it expires. */
  sessionIsLive: SessionCheck;
  quota: AiQuota;
  /** The caller's network address for the per-address quota; null when unknown. */
  clientAddress: (c: Context) => string | null;
  /** The models offered now; the OpenAI-compatible engine's are read from its server (docs/decisions/030). */
  catalog: ModelCatalogSource;
  providers: ProviderConfig;
  /** The configured provider keys, hidden by value in anything sent back to the browser. */
  secrets: readonly string[];
  fetch: typeof fetch;
  /** The paid AI calls' requests to Groq, Anthropic and Perplexity (createApiApp's `aiFetch`). */
  aiFetch: typeof fetch;
  /** Publishing to LinkedIn: ready, or what the server owner still has to set. */
  linkedin: LinkedInState;
}
