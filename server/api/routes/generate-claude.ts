import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiContext } from '../api-context.ts';
import { translateAnthropicStream } from '../anthropic-stream.ts';
import { requireCatalogModel } from '../check-model.ts';
import { countedCall } from '../counted-call.ts';
import { fetchProvider } from '../fetch-provider.ts';
import { providerErrorResponse } from '../provider-error-response.ts';
import { requireProvider } from '../provider-config.ts';
import { readJsonBody } from '../read-json-body.ts';
import { authenticate } from '../verify-access-token.ts';

const maxBodyBytes = 256 * 1024;

export const generateClaudeBodySchema = z.object({
  prompt: z.string().min(1).max(60_000),
  model: z.string().min(1).max(200),
  system: z.string().max(20_000).optional(),
  max_tokens: z.number().int().min(1).max(8192).default(1500),
  temperature: z.number().min(0).max(1).default(0.7),
});

/**
 * POST /generate-claude (docs/wire-formats.md §6.4): `{prompt, model}` → Anthropic's Messages API, streamed back as
 * `data: {"content":…}` lines, `data: {"error":…}` on failure, ending with `data: [DONE]`.
 */
export function generateClaude(api: ApiContext) {
  return async (c: Context): Promise<Response> => {
    const { userId, sessionId } = await authenticate(c.req.raw, api.verifyToken);
    const body = await readJsonBody(c.req.raw, generateClaudeBodySchema, maxBodyBytes);
    requireCatalogModel(api.catalog.current(), 'anthropic', body.model);
    const anthropic = requireProvider(api.providers, 'anthropic');
    // Counted last: a request refused above costs the user nothing.
    const call = { userId, sessionId, clientAddress: api.clientAddress(c) };
    const upstream = await countedCall(api.quota, call, c.req.raw.signal, (signal) =>
      fetchProvider(api.aiFetch, 'Anthropic', `${anthropic.baseUrl}/v1/messages`, {
        method: 'POST',
        headers: {
          'x-api-key': anthropic.key,
          'anthropic-version': '2023-06-01',
          'content-type': 'application/json',
          accept: 'text/event-stream',
        },
        body: JSON.stringify({
          model: body.model,
          max_tokens: body.max_tokens,
          temperature: body.temperature,
          ...(body.system ? { system: body.system } : {}),
          messages: [{ role: 'user', content: body.prompt }],
          stream: true,
        }),
        signal,
      }),
    );

    if (!upstream.ok) {
      return providerErrorResponse(upstream, {
        label: 'Anthropic',
        secrets: api.secrets,
        // A provider outage (5xx, 529 overloaded) is a bad gateway for us; a 4xx keeps its status.
        status: upstream.status >= 500 ? 502 : upstream.status,
        // docs/product.md §15 shows an AI provider's failure as "{status} {statusText}" alone.
        detail: false,
      });
    }

    return new Response(translateAnthropicStream(upstream.body, api.secrets), {
      status: 200,
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        'x-accel-buffering': 'no',
      },
    });
  };
}
