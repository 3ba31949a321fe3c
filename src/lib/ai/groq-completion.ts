import Groq, { APIConnectionError, APIError, APIUserAbortError } from 'groq-sdk';
import { AiRequestError } from './ai-error';
import { absoluteApiBase } from './api-base';
import type { AiCallContext, ChatMessage } from './chat-message';
import { providerErrorCode, streamInterruptedMessage } from './provider-error';
import { providerFailureMessage, providerStatusIn } from './provider-failure-message';
import { retryingFetch } from './retrying-fetch';
import { visiblePostText } from './think-filter';
import { messages } from '@/config/messages';

export interface GroqCompletionRequest {
  model: string;
  messages: ChatMessage[];
  temperature: number;
  maxTokens: number;
  /** Extra body fields such as `reasoning_format: "hidden"` for reasoning models. */
  extra?: Record<string, unknown>;
  /**
   * The engine behind /api: Groq (default), or the server owner's OpenAI-compatible server, whose
   * name (`label`) the messages use and whose first token may wait for a model to load.
   */
  engine?: { path: 'openai-compatible'; label: string };
  /** Told once when the model streams its thinking before the post (`reasoning_content`). */
  onThinking?: () => void;
}

// A local model may take minutes to load before its first token; Groq answers in seconds.
const compatibleTimeoutMs = 5 * 60_000;

/**
 * A chat completion through /api/groq, or /api/openai-compatible for the third engine (the only
 * module that uses groq-sdk: both speak OpenAI's Chat Completions). With `onText` it streams and
 * reports the cumulative text after every chunk; without, it waits for the whole reply.
 */
export async function groqCompletion(
  request: GroqCompletionRequest,
  context: AiCallContext,
  onText?: (cumulative: string) => void,
): Promise<string> {
  // The "API key" is the user's own access token, checked by our /api: nothing secret is in the browser.
  const client = new Groq({
    apiKey: context.accessToken,
    baseURL: `${absoluteApiBase(context.apiBaseUrl)}/${request.engine?.path ?? 'groq'}`,
    dangerouslyAllowBrowser: true,
    // groq-sdk's own retries obey x-should-retry, but fall back to the status for an unmarked
    // answer (any 429 or 5xx, say from a gateway), sleep on timers no test can skip and tell the
    // screen nothing: retries are left to the fetch it is given, which follows
    // shared/ai-retry-policy.ts like every AI client. That fetch only ever sees an answer's head,
    // so a stream that has begun is never started again; the 60 s timeout covers every try.
    maxRetries: 0,
    ...(request.engine ? { timeout: compatibleTimeoutMs } : {}),
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
    let thinking = false;
    for await (const chunk of stream) {
      const delta: { content?: string | null; reasoning_content?: unknown; reasoning?: unknown } | undefined =
        chunk.choices[0]?.delta;
      if (delta?.content) {
        text += delta.content;
        onText(text);
      } else if (!thinking && text === '' && (delta?.reasoning_content || delta?.reasoning)) {
        // Thinking streamed apart from the post (vLLM, LM Studio, DeepSeek, Ollama) is never shown.
        thinking = true;
        request.onThinking?.();
      }
    }
    return text;
  } catch (error) {
    throw toAiError(error, request.engine?.label);
  }
}

/** Our /api's own refusals (not configured, rate limit, unknown model) carry a message meant for people. */
const ownMessageStatuses = new Set([400, 401, 413, 429, 502, 503]);

export const streamFailedMessage = 'The AI service stopped before it had finished. Please try again.';
/** The code our /api gives the error event that ends a stream Groq cut (openai-stream-guard.ts). */
const streamInterruptedCode = 'stream_interrupted';

/**
 * The error the user reads. `serviceName` names the OpenAI-compatible engine in the messages that
 * otherwise say "the AI service" (Groq's are worded as they always were).
 */
export function toAiError(error: unknown, serviceName?: string): AiRequestError {
  const said = toServiceError(error, serviceName ?? 'Groq');
  if (!serviceName) return said;
  const named = said.message.replace(/\b[Tt]he AI service\b/g, serviceName);
  return named === said.message ? said : new AiRequestError(named, said.status);
}

function toServiceError(error: unknown, label: string): AiRequestError {
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
    console.warn(`${label} API error`, error.status, body);
    return new AiRequestError(
      providerFailureMessage(
        label,
        providerStatusIn(message, label, error.status),
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
    console.warn(`${label} stream error`, error.error ?? error.message);
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

/**
 * A completion from the OpenAI-compatible engine (`label`: its name), telling `call.onWaiting`
 * what it is doing while no word has come (a model loading, or thinking first).
 */
export async function compatibleCompletion(
  request: Omit<GroqCompletionRequest, 'engine' | 'extra' | 'onThinking'> & { label: string },
  call: AiCallContext,
  onText?: (cumulative: string) => void,
): Promise<string> {
  const { label, ...rest } = request;
  // Chosen while its server listed no models: nothing to ask for yet.
  if (rest.model.trim() === '') {
    throw new AiRequestError(
      `Choose a model for ${label} in Settings first: its server listed none when the engine was chosen.`,
    );
  }
  const waiting = firstWordWatch(label, call.onWaiting);
  try {
    return await groqCompletion(
      { ...rest, engine: { path: 'openai-compatible', label }, onThinking: waiting.thinking },
      call,
      onText &&
        ((cumulative) => {
          // A model that thinks in its text (<think>…, DeepSeek R1 on Ollama) has written no word yet.
          if (visiblePostText(cumulative) === '' && cumulative.includes('<think>')) waiting.thinking();
          else waiting.wrote();
          onText(cumulative);
        }),
    );
  } finally {
    waiting.wrote();
  }
}

/** How long without a word before the person is told the model is still loading. */
export const loadingNoticeMs = 4_000;

/**
 * Tells `onWaiting` when the OpenAI-compatible engine has not written a word after
 * {@link loadingNoticeMs} (a local model loading into memory), or when it thinks first, and with
 * an empty notice once the first word arrives.
 */
function firstWordWatch(label: string, onWaiting: ((notice: string) => void) | undefined) {
  // What the screen was last told ('' for nothing), and whether the first word has come.
  let told = '';
  let written = false;
  const tell = (notice: string) => {
    if (notice === told) return;
    told = notice;
    onWaiting?.(notice);
  };
  const timer = setTimeout(
    () => tell(`${label} is loading the model… a first answer can take a minute.`),
    loadingNoticeMs,
  );
  return {
    thinking: () => {
      clearTimeout(timer);
      if (!written) tell(`${label} is thinking before it writes…`);
    },
    wrote: () => {
      clearTimeout(timer);
      written = true;
      tell('');
    },
  };
}
