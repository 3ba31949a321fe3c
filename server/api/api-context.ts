import type { ModelCatalog } from '../../src/config/model-catalog.ts';
import type { ProviderConfig } from './provider-config.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { VerifyToken } from './verify-access-token.ts';

/** What every route needs, injected once by createApiApp (no globals, so tests and Deno can differ). */
export interface ApiContext {
  verifyToken: VerifyToken;
  limiter: RateLimiter;
  catalog: ModelCatalog;
  providers: ProviderConfig;
  /** The configured provider keys, hidden by value in anything sent back to the browser. */
  secrets: readonly string[];
  fetch: typeof fetch;
}
