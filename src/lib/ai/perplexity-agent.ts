import type { researchModel } from '@shared/research-api';
import { AiRequestError } from './ai-error';
import { absoluteApiBase } from './api-base';
import type { AiCallContext } from './chat-message';
import { providerError, unreachableError } from './provider-error';
import { retryingFetch } from './retrying-fetch';

/** The Agent API request (docs/wire-formats.md §7) as our /api/perplexity/agent accepts it. */
export interface AgentRequestBody {
  model: typeof researchModel;
  input: string | { role: 'system' | 'user' | 'assistant'; content: string }[];
  instructions?: string;
  tools?: {
    type: 'web_search';
    search_context_size?: 'low' | 'medium' | 'high';
    filters?: { search_domain_filter?: string[] };
  }[];
  response_format?: {
    type: 'json_schema';
    json_schema: { name: string; schema: Record<string, unknown>; strict?: boolean };
  };
  max_output_tokens?: number;
  temperature?: number;
  top_p?: number;
}

interface AgentResponse {
  status?: unknown;
  error?: { message?: unknown } | null;
  output?: unknown;
}

/**
 * One Agent API call through /api/perplexity/agent; resolves with the reply text (the `output_text`
 * parts of the `message` items). A 200 with `status: "failed"` is an error like any other (and,
 * being an answer, is not retried; a provider's transient failure is, by retrying-fetch.ts).
 */
export async function perplexityAgent(body: AgentRequestBody, context: AiCallContext): Promise<string> {
  let response: Response;
  try {
    response = await retryingFetch(context)(`${absoluteApiBase(context.apiBaseUrl)}/perplexity/agent`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${context.accessToken}` },
      body: JSON.stringify(body),
      ...(context.signal ? { signal: context.signal } : {}),
    });
  } catch {
    throw unreachableError(context.signal, 'Research');
  }
  if (!response.ok) throw await providerError(response, 'Perplexity');

  let reply: AgentResponse;
  try {
    reply = (await response.json()) as AgentResponse;
  } catch {
    throw new AiRequestError('No content in response');
  }
  if (reply.status === 'failed') {
    const message = reply.error?.message;
    throw new AiRequestError(
      typeof message === 'string' && message ? message : 'Perplexity API error: research failed',
    );
  }
  const text = outputText(reply.output);
  if (text.trim() === '') throw new AiRequestError('No content in response');
  return text;
}

function outputText(output: unknown): string {
  if (!Array.isArray(output)) return '';
  const parts: string[] = [];
  for (const item of output as { type?: unknown; content?: unknown }[]) {
    if (item?.type !== 'message' || !Array.isArray(item.content)) continue;
    for (const part of item.content as { type?: unknown; text?: unknown }[]) {
      if (part?.type === 'output_text' && typeof part.text === 'string') parts.push(part.text);
    }
  }
  return parts.join('');
}
