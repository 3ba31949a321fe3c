import Groq, { APIConnectionError, APIError, APIUserAbortError } from 'groq-sdk';
import { AiRequestError } from './ai-error';
import { absoluteApiBase } from './api-base';
import type { AiCallContext, ChatMessage } from './chat-message';
import { providerErrorCode, streamInterruptedMessage } from './provider-error';
import { providerFailureMessage, providerStatusIn } from './provider-failure-message';
import { retryingFetch } from './retrying-fetch';
import { messages } from '@/config/messages';

export interface GroqCompletionRequest {
  model: string;
  messages: ChatMessage[];
  temperature: number;
  maxTokens: number;
  /** Extra body fields such as `reasoning_format: "hidden"` for reasoning models. */
  extra?: Record<string, unknown>;
}

/**
 * A chat completion through /api/groq (the only module that uses groq-sdk). With `onText` it
 * streams and reports the cumulative text after every chunk; without, it waits for the whole reply.
 */
export async function groqCompletion(
  request: GroqCompletionRequest,
  context: AiCallContext,
  onText?: (cumulative: string) => void,
): Promise<string> {
  // The "API key" is the user's own access token, checked by our /api: nothing secret is in the browser.
  const client = new Groq({
    apiKey: context.accessToken,
    baseURL: `${absoluteApiBase(context.apiBaseUrl)}/groq`,
    dangerouslyAllowBrowser: true,
    // groq-sdk's own retries obey x-should-retry, but fall back to the status for an unmarked
    // answer (any 429 or 5xx, say from a gateway), sleep on timers no test can skip and tell the
    // screen nothing: retries are left to the fetch it is given, which follows
    // shared/ai-retry-policy.ts like every AI client. That fetch only ever sees an answer's head,
    // so a stream that has begun is never started again; the 60 s timeout covers every try.
    maxRetries: 0,
    fetch: retryingFetch(context),
  });
  const body = {
    model: request.model,
    messages: request.messages,
    temperature: request.temperature,
    max_tokens: request.maxTokens,
    ...request.extra,
  };
  const options = context.signal ? { signal: context.signal } : {};
  try {
    if (!onText) {
      const completion = await client.chat.completions.create({ ...body, stream: false }, options);
      return completion.choices[0]?.message?.content ?? '';
    }
    const stream = await client.chat.completions.create({ ...body, stream: true }, options);
    let text = '';
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta?.content;
      if (delta) {
        text += delta;
        onText(text);
      }
    }
    return text;
  } catch (error) {
    throw toAiError(error);
  }
}

/** Our /api's own refusals (not configured, rate limit, unknown model) carry a message meant for people. */
const ownMessageStatuses = new Set([400, 401, 413, 429, 502, 503]);

export const streamFailedMessage = 'The AI service stopped before it had finished. Please try again.';
/** The code our /api gives the error event that ends a stream Groq cut (openai-stream-guard.ts). */
const streamInterruptedCode = 'stream_interrupted';

export function toAiError(error: unknown): AiRequestError {
  if (error instanceof APIUserAbortError) return new AiRequestError('Generation was stopped.');
  if (error instanceof APIConnectionError) {
    return new AiRequestError(
      'The connection to the AI service was interrupted. Please check your connection and try again.',
    );
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const body = error.error as { error?: { message?: unknown; code?: unknown } } | undefined;
    const message = typeof body?.error?.message === 'string' ? body.error.message : null;
    const code = body?.error?.code;
    // Our /api refuses an expired session with code invalid_token; any other 401 is the provider
    // refusing the server's key, which is not the user's fault.
    if (error.status === 401 && code === 'invalid_token')
      return new AiRequestError(messages.session_expired, 401);
    const ours = code !== providerErrorCode && error.status !== 401 && ownMessageStatuses.has(error.status);
    if (message && ours) return new AiRequestError(message, error.status);
    // Groq's own words ("Rate limit reached for model…") are for the console, not the user.
    console.warn('Groq API error', error.status, body);
    return new AiRequestError(
      providerFailureMessage(
        'Groq',
        providerStatusIn(message, 'Groq', error.status),
        error.headers?.get('retry-after') ?? null,
      ),
      error.status,
    );
  }
  if (error instanceof APIError) {
    // Our /api's word that Groq cut the stream: the words so far are kept as an unfinished post.
    const code = (error.error as { code?: unknown } | undefined)?.code;
    if (code === streamInterruptedCode) return new AiRequestError(streamInterruptedMessage);
    // An error event inside the stream, after some text may have arrived.
    console.warn('Groq stream error', error.error ?? error.message);
    return new AiRequestError(streamFailedMessage);
  }
  // groq-sdk failing to parse a chunk line that a cut connection left half-sent.
  if (error instanceof SyntaxError) return new AiRequestError(streamInterruptedMessage);
  if (error instanceof Error && /network|fetch|terminated|aborted/i.test(error.message)) {
    return new AiRequestError(
      'The connection to the AI service was interrupted. Please check your connection and try again.',
    );
  }
  return new AiRequestError(
    error instanceof Error && error.message ? error.message : 'Failed to generate post',
  );
}
