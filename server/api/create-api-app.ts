import { Hono, type Context } from 'hono';
import type { ModelCatalog } from '../../shared/model-catalog.ts';
import type { AiQuota } from './ai-quota.ts';
import type { ApiContext } from './api-context.ts';
import { ApiError, errorResponse } from './api-error.ts';
import { linkedinResultsRefresh } from './routes/linkedin-results.ts';
import { linkedinState, type LinkedInApiOptions } from './linkedin/linkedin-api.ts';
import { modelCatalogSource, type ModelCatalogSource } from './model-catalog-source.ts';
import { providerSecrets, type ProviderConfig } from './provider-config.ts';
import { generateClaude } from './routes/generate-claude.ts';
import { compatibleChatCompletions } from './routes/compatible-chat-completions.ts';
import { groqChatCompletions } from './routes/groq-chat-completions.ts';
import {
  linkedinCallback,
  linkedinConnect,
  linkedinDisconnect,
  linkedinStatus,
} from './routes/linkedin-connection.ts';
import { linkedinRetryFirstComment } from './routes/linkedin-first-comment.ts';
import { linkedinPublish, linkedinPublishDue } from './routes/linkedin-publish.ts';
import { listModels } from './routes/models.ts';
import { perplexityAgent } from './routes/perplexity-agent.ts';
import { youtubeVideos } from './routes/youtube-videos.ts';
import type { SessionCheck } from './live-session.ts';
import type { VerifyToken } from './verify-access-token.ts';

export interface ApiAppOptions {
  verifyToken: VerifyToken;
  /**
   * Whether a token's session still exists (postgresSessionCheck): the LinkedIn routes refuse a
   * signed-out token that is still validly signed.
   */
  sessionIsLive: SessionCheck;
  providers: ProviderConfig;
  /**
   * The models offered: a catalog (the OpenAI-compatible engine's models are then listed from its
   * server with `fetch`), or a source already made, which the server shares with its app config.
   */
  catalog: ModelCatalog | ModelCatalogSource;
  /** Budget across the AI routes, per user and per client address (postgresAiQuota). */
  quota: AiQuota;
  /**
   * The caller's network address, for the per-address budget: the socket's remote address under
   * Node, or a proxy header where the deployment vouches for it (client-address.ts). Without it,
   * or when it gives null, only the per-user budget applies.
   */
  clientAddress?: (c: Context) => string | null;
  /** Outgoing fetch to the providers; defaults to the global fetch, looked up per call (so MSW can intercept). */
  fetch?: typeof fetch;
  /**
   * Outgoing requests of the paid AI calls (Groq, Anthropic, Perplexity), on the path to the first
   * token: under Node a cheaper client than fetch (server/embedded/provider-fetch.ts,
   * docs/decisions/027); defaults to `fetch`.
   */
  aiFetch?: typeof fetch;
  /** Publishing to LinkedIn (docs/decisions/016); without it the LinkedIn routes answer 503. */
  linkedin?: LinkedInApiOptions;
}

/**
 * The /api functions app (docs/wire-formats.md §6), the same under Node (mounted at /api by the embedded
 * server) and Deno (supabase/functions/api). Web APIs only: no node:* imports anywhere below.
 * Each AI route checks, in order: access token (401) → body (400/413) → model (400) → provider
 * key (503) → rate limit per user and per client address (429) → provider call. The budget is
 * spent last, so a request the server refuses anyway costs nothing (docs/decisions/012).
 */
export function createApiApp(options: ApiAppOptions): Hono {
  const fetcher: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const api: ApiContext = {
    verifyToken: options.verifyToken,
    sessionIsLive: options.sessionIsLive,
    providers: options.providers,
    secrets: providerSecrets(options.providers),
    catalog:
      'current' in options.catalog
        ? options.catalog
        : modelCatalogSource({ base: options.catalog, providers: options.providers, fetch: fetcher }),
    quota: options.quota,
    clientAddress: options.clientAddress ?? (() => null),
    fetch: fetcher,
    aiFetch: options.aiFetch ?? fetcher,
    linkedin: linkedinState(options.linkedin, fetcher),
  };

  const app = new Hono();
  app.post('/groq/openai/v1/chat/completions', groqChatCompletions(api));
  // The browser's OpenAI client (groq-sdk) asks every engine for the same path below its base URL.
  app.post('/openai-compatible/openai/v1/chat/completions', compatibleChatCompletions(api));
  app.post('/generate-claude', generateClaude(api));
  app.post('/perplexity/agent', perplexityAgent(api));
  app.get('/youtube/videos', youtubeVideos(api));
  app.get('/models', listModels(api));
  app.get('/linkedin/status', linkedinStatus(api));
  app.post('/linkedin/connect', linkedinConnect(api));
  app.post('/linkedin/callback', linkedinCallback(api));
  app.delete('/linkedin/connection', linkedinDisconnect(api));
  app.post('/linkedin/publish', linkedinPublish(api));
  app.post('/linkedin/publish-due', linkedinPublishDue(api));
  app.post('/linkedin/first-comment/retry', linkedinRetryFirstComment(api));
  app.post('/linkedin/results/refresh', linkedinResultsRefresh(api));
  app.all('*', () => {
    throw new ApiError(404, 'There is no such API route.', 'not_found', 'not_found');
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) return error.toResponse();
    // The browser left mid-request (its abort reached the provider call): no one reads this answer.
    if (c.req.raw.signal.aborted) return new Response(null, { status: 499 });
    console.error('Unexpected error in /api:', error);
    return errorResponse(500, {
      message: 'Something went wrong on the server. Please try again.',
      type: 'api_error',
      code: 'internal_error',
    });
  });
  return app;
}
