import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiContext } from '../api-context.ts';
import { requireCatalogModel } from '../check-model.ts';
import { countedCall } from '../counted-call.ts';
import { fetchProvider } from '../fetch-provider.ts';
import { guardOpenAiStream } from '../openai-stream-guard.ts';
import { passedHeadersOf } from '../pass-through.ts';
import { providerErrorResponse } from '../provider-error-response.ts';
import { requireProvider } from '../provider-config.ts';
import { readJsonBody } from '../read-json-body.ts';
import { authenticate } from '../verify-access-token.ts';

const maxBodyBytes = 200 * 1024;

/** The only fields forwarded to Groq; anything else the caller sends is dropped (zod strips unknown keys). */
export const groqChatBodySchema = z.object({
  model: z.string().min(1).max(200),
  messages: z
    .array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string().max(60_000) }))
    .min(1)
    .max(50),
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().min(0).max(1).optional(),
  max_tokens: z.number().int().min(1).max(8192).optional(),
  stream: z.boolean().optional(),
  reasoning_format: z.enum(['hidden', 'raw', 'parsed']).optional(),
  include_reasoning: z.boolean().optional(),
  stop: z.union([z.string().max(500), z.array(z.string().max(500)).max(4)]).optional(),
  seed: z.number().int().optional(),
});

/**
 * POST /groq/openai/v1/chat/completions: Groq's OpenAI-compatible endpoint behind our checks, so the
 * browser's groq-sdk (baseURL `<api>/groq`, apiKey = the user's access token) never holds the key.
 * Replies and streams come back unchanged, except an error event inside a stream; provider errors
 * come back as our sanitised error (a provider can echo the key it was sent).
 */
export function groqChatCompletions(api: ApiContext) {
  return async (c: Context): Promise<Response> => {
    const { userId, sessionId } = await authenticate(c.req.raw, api.verifyToken);
    const body = await readJsonBody(c.req.raw, groqChatBodySchema, maxBodyBytes);
    requireCatalogModel(api.catalog.current(), 'groq', body.model);
    const groq = requireProvider(api.providers, 'groq');
    // Counted last: a request refused above costs the user nothing.
    const call = { userId, sessionId, clientAddress: api.clientAddress(c) };
    const upstream = await countedCall(api.quota, call, c.req.raw.signal, (signal) =>
      fetchProvider(api.aiFetch, 'Groq', `${groq.baseUrl}/openai/v1/chat/completions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${groq.key}`,
          'content-type': 'application/json',
          // groq-sdk sends `accept: application/json` even when streaming: the body decides.
          accept: body.stream ? 'text/event-stream' : 'application/json',
        },
        body: JSON.stringify(body),
        // The browser went away: stop paying for tokens nobody will read.
        signal,
      }),
    );

    const errors = { label: 'Groq', secrets: api.secrets };
    if (!upstream.ok) return providerErrorResponse(upstream, errors);

    const headers = passedHeadersOf(upstream);
    if (body.stream) {
      headers.set('cache-control', 'no-cache');
      headers.set('x-accel-buffering', 'no');
    }
    // Bytes reach the browser as Groq sends them, never buffered; a stream only has its error events rewritten.
    const reply = body.stream && upstream.body ? guardOpenAiStream(upstream.body, errors) : upstream.body;
    return new Response(reply, { status: upstream.status, statusText: upstream.statusText, headers });
  };
}
