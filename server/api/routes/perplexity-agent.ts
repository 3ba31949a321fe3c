import type { Context } from 'hono';
import { z } from 'zod';
import {
  maxSearchDomainLength,
  maxSearchDomains,
  researchModels,
  searchDomainPattern,
} from '../../../shared/research-api.ts';
import { agentReply } from '../agent-reply.ts';
import type { ApiContext } from '../api-context.ts';
import { ApiError } from '../api-error.ts';
import { countedCall } from '../counted-call.ts';
import { fetchProvider } from '../fetch-provider.ts';
import { providerErrorResponse } from '../provider-error-response.ts';
import { requireProvider } from '../provider-config.ts';
import { readJsonBody } from '../read-json-body.ts';
import { authenticate } from '../verify-access-token.ts';

const maxBodyBytes = 256 * 1024;

const webSearchTool = z.strictObject({
  type: z.literal('web_search'),
  search_context_size: z.enum(['low', 'medium', 'high']).optional(),
  filters: z
    .strictObject({
      search_domain_filter: z
        .array(
          z
            .string()
            .max(maxSearchDomainLength)
            .regex(searchDomainPattern, 'must be a host or host/path without a scheme'),
        )
        .max(maxSearchDomains)
        .optional(),
    })
    .optional(),
});

/**
 * The Agent API body (docs/wire-formats.md §7), strict like Perplexity itself: an unknown field anywhere is a
 * 400 here, so the browser learns of a mistake before a paid call, and only these fields are forwarded.
 */
export const agentBodySchema = z.strictObject({
  model: z.string().min(1).max(200),
  input: z.union([
    z.string().min(1).max(40_000),
    z
      .array(
        z.strictObject({ role: z.enum(['system', 'user', 'assistant']), content: z.string().max(40_000) }),
      )
      .min(1)
      .max(50),
  ]),
  instructions: z.string().max(20_000).optional(),
  tools: z.array(webSearchTool).max(1).optional(),
  response_format: z
    .strictObject({
      type: z.literal('json_schema'),
      json_schema: z.strictObject({
        name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
        schema: z.record(z.string(), z.unknown()),
        strict: z.boolean().optional(),
      }),
    })
    .optional(),
  max_output_tokens: z.number().int().min(1).max(4000).optional(),
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().min(0).max(1).optional(),
});

/**
 * POST /perplexity/agent: Perplexity's Agent API behind our checks (the key never reaches the
 * browser). A reply comes back unchanged, except the error of a 200 with `status: "failed"`
 * (which the browser's research service shows) is sanitised; a non-OK answer becomes our
 * sanitised error.
 */
export function perplexityAgent(api: ApiContext) {
  return async (c: Context): Promise<Response> => {
    const { userId, sessionId } = await authenticate(c.req.raw, api.verifyToken);
    const body = await readJsonBody(c.req.raw, agentBodySchema, maxBodyBytes);
    if (!researchModels.includes(body.model)) {
      throw new ApiError(
        400,
        `The model "${body.model}" is not available for Perplexity on this server.`,
        'invalid_request_error',
        'model_not_found',
      );
    }
    const perplexity = requireProvider(api.providers, 'perplexity');
    // Counted last: a request refused above costs the user nothing.
    const call = { userId, sessionId, clientAddress: api.clientAddress(c) };
    const upstream = await countedCall(api.quota, call, c.req.raw.signal, (signal) =>
      fetchProvider(api.aiFetch, 'Perplexity', `${perplexity.baseUrl}/v1/agent`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${perplexity.key}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal,
      }),
    );
    if (!upstream.ok) return providerErrorResponse(upstream, { label: 'Perplexity', secrets: api.secrets });
    return agentReply(upstream, api.secrets);
  };
}
