import type { Context } from 'hono';
import { shouldRetryHeader } from '../../../shared/ai-retry-policy.ts';
import type { ApiContext } from '../api-context.ts';
import { ApiError } from '../api-error.ts';
import { requireCompatibleModel } from '../check-model.ts';
import { endAtBrokenChunk } from '../broken-chunk-guard.ts';
import { adaptedBody, completionAsEventStream } from '../compatible-replies.ts';
import { countedCall } from '../counted-call.ts';
import { fetchProvider } from '../fetch-provider.ts';
import { guardOpenAiStream } from '../openai-stream-guard.ts';
import { passedHeadersOf } from '../pass-through.ts';
import { errorMessageIn, providerErrorResponse } from '../provider-error-response.ts';
import { requireOpenAiCompatible } from '../provider-config.ts';
import { readJsonBody } from '../read-json-body.ts';
import { authenticate } from '../verify-access-token.ts';
import { groqChatBodySchema } from './groq-chat-completions.ts';

const maxBodyBytes = 200 * 1024;

/** What is forwarded: OpenAI's own fields; Groq's reasoning switches are not OpenAI's and are dropped. */
const compatibleChatBodySchema = groqChatBodySchema.omit({ reasoning_format: true, include_reasoning: true });

// A server that refuses one of our fields (OpenAI's reasoning models and max_tokens, say) is asked
// again without it, at most this many times.
const maxAdaptations = 2;

/**
 * POST /openai-compatible/openai/v1/chat/completions: the third engine (docs/decisions/030), any
 * server that speaks OpenAI's Chat Completions at OPENAI_COMPATIBLE_BASE_URL, behind the same
 * checks, quota and error handling as Groq. Two differences from Groq, because such servers
 * differ: a server that cannot stream answers with one JSON completion, which is sent on as a
 * stream when one was asked for; and a server that rejects a field we send is asked again
 * without it. A stream ends at a chunk it cannot parse (endAtBrokenChunk), and an answer cut off
 * midway is our error rather than a broken 200.
 */
export function compatibleChatCompletions(api: ApiContext) {
  return async (c: Context): Promise<Response> => {
    const { userId, sessionId } = await authenticate(c.req.raw, api.verifyToken);
    const body = await readJsonBody(c.req.raw, compatibleChatBodySchema, maxBodyBytes);
    const label = api.catalog.current().engines['openai-compatible'].label;
    const endpoint = requireOpenAiCompatible(api.providers, label);
    await requireCompatibleModel(api.catalog, body.model);
    const errors = { label, secrets: api.secrets };

    const call = { userId, sessionId, clientAddress: api.clientAddress(c) };
    const upstream = await countedCall(api.quota, call, c.req.raw.signal, async (signal) => {
      let sent: Record<string, unknown> = body;
      for (let attempt = 0; ; attempt += 1) {
        const response = await fetchProvider(api.aiFetch, label, `${endpoint.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: {
            ...(endpoint.key ? { authorization: `Bearer ${endpoint.key}` } : {}),
            'content-type': 'application/json',
            accept: body.stream ? 'text/event-stream' : 'application/json',
          },
          body: JSON.stringify(sent),
          signal,
        });
        if (response.status !== 400 || attempt === maxAdaptations) return response;
        // A refusal cut off midway is still a refusal: its status is passed on, without a detail.
        const text = await response.text().catch((error: unknown) => {
          if (signal.aborted) throw error;
          return '';
        });
        const next = adaptedBody(sent, text);
        if (!next) return new Response(text, { status: 400, headers: response.headers });
        sent = next;
      }
    });

    if (upstream.status === 404) return modelNotFound(upstream, label, body.model);
    if (!upstream.ok) return providerErrorResponse(upstream, errors);

    const headers = passedHeadersOf(upstream);
    const json = (upstream.headers.get('content-type') ?? '').includes('application/json');
    if (!body.stream) {
      // Read whole before it is sent on: a completion cut off midway is our 502, not a broken 200.
      const completion = await upstream.arrayBuffer().catch(() => null);
      if (completion === null) throw interrupted(label);
      return new Response(completion, { status: upstream.status, headers });
    }
    headers.set('cache-control', 'no-cache');
    headers.set('x-accel-buffering', 'no');
    if (json) {
      // Asked to stream, the server answered with the whole completion: one chunk, then [DONE].
      headers.set('content-type', 'text/event-stream; charset=utf-8');
      // Null: the connection was cut before the whole completion had come.
      const completion = await upstream.text().catch(() => null);
      return new Response(completionAsEventStream(completion, body.model, errors), {
        status: 200,
        headers,
      });
    }
    const reply = upstream.body
      ? endAtBrokenChunk(guardOpenAiStream(upstream.body, errors), errors)
      : upstream.body;
    return new Response(reply, { status: upstream.status, headers });
  };
}

// Nothing usable came (nothing is shown yet), so the browser may try again.
function interrupted(label: string): ApiError {
  return new ApiError(
    502,
    `The connection to ${label} was cut before its reply was finished. Please try again.`,
    'api_error',
    'provider_unreachable',
    { [shouldRetryHeader]: 'true' },
  );
}

/**
 * A 404 from the server: the model is not there (Ollama: "model … not found, try pulling it
 * first"), or the address has no chat completions at all (a base URL without its /v1).
 */
async function modelNotFound(upstream: Response, label: string, model: string): Promise<Response> {
  const text = await upstream.text().catch(() => '');
  let said: string | null = null;
  try {
    said = errorMessageIn(JSON.parse(text));
  } catch {
    // An HTML or plain-text 404 page.
  }
  // Read as it came, never shown: redacted, a long mixed-case id ("mistralai/Mistral-Small-24B-
  // Instruct-2501", as vLLM and Hugging Face name models) looks like a key and would be hidden.
  if (said?.includes(model)) {
    return new ApiError(
      400,
      `${label} has no model "${model}". Choose another model in Settings, or load it on the model server.`,
      'invalid_request_error',
      'model_not_found',
    ).toResponse();
  }
  return new ApiError(
    502,
    `${label} API error: 404 Not Found. Its address has no chat completions: ask whoever runs this app to check OPENAI_COMPATIBLE_BASE_URL (it usually ends in /v1).`,
    'api_error',
    'provider_not_found',
  ).toResponse();
}
