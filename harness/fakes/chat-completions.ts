/**
 * OpenAI Chat Completions pieces that the Groq fake and the OpenAI-compatible fake share: how the
 * reply text is chosen, the request checks, the chunk lines and the end of a stream. Each fake
 * keeps what its server does differently (auth, error bodies, extra fields, reasoning).
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  cutConnection,
  isObject,
  pace,
  streamLimit,
  takeFirstFailure,
  tokenize,
  write,
  type JsonObject,
} from './http-utils.ts';
import {
  CAROUSEL_REQUEST_MARKER,
  DEFAULT_CAROUSEL_REPLY,
  DEFAULT_POST_TEXT,
  MALFORMED_CAROUSEL_REPLY,
  type ErrorScenario,
  type GroqScenario,
  type OpenAiCompatibleScenario,
} from './scenarios.ts';

/** The scenario fields both chat fakes read. */
type ChatScenario = GroqScenario | OpenAiCompatibleScenario;

/** The scenario's first `replyWhen` rule that the request's messages match. */
export function replyRule(scenario: ChatScenario, messages: unknown) {
  const said = JSON.stringify(messages ?? []);
  return scenario.replyWhen?.find(({ contains }) => said.includes(JSON.stringify(contains).slice(1, -1)));
}

/** Carousel replies already given malformed, per scenario object (a new scenario starts again). */
const malformedGiven = new WeakMap<ChatScenario, number>();

/** The reply to a carousel request: malformed while `malformedCarousels` lasts, then the slides. */
function carouselReply(scenario: ChatScenario): string {
  const given = malformedGiven.get(scenario) ?? 0;
  if (given < (scenario.malformedCarousels ?? 0)) {
    malformedGiven.set(scenario, given + 1);
    return MALFORMED_CAROUSEL_REPLY;
  }
  return scenario.carouselText ?? DEFAULT_CAROUSEL_REPLY;
}

/** The text the model "writes": a matching `replyWhen` rule, else slides for a carousel request, else `text`. */
export function chatReplyText(scenario: ChatScenario, messages: unknown = []): string {
  const rule = replyRule(scenario, messages)?.text;
  if (rule !== undefined) return rule;
  if (JSON.stringify(messages ?? []).includes(CAROUSEL_REQUEST_MARKER)) return carouselReply(scenario);
  return scenario.text ?? DEFAULT_POST_TEXT;
}

/** The reply as a model that thinks aloud writes it: the thinking in `<think>` tags first. */
export function withThinkTags(thinking: string, text: string): string {
  return `<think>\n${thinking}\n</think>\n\n${text}`;
}

/** OpenAI's error body; `code` names the problem where the server gives one. */
export function openAiErrorBody(message: string, type = 'invalid_request_error', code?: string) {
  return { error: { message, type, ...(code ? { code } : {}) } };
}

/** The error the scenario gives this request: a first failure, a matching `replyWhen` rule's, or `error`. */
export function scenarioError(scenario: ChatScenario, body: unknown): ErrorScenario | undefined {
  return (
    takeFirstFailure(scenario) ??
    (isObject(body) ? replyRule(scenario, body.messages)?.error : undefined) ??
    scenario.error
  );
}

export type ChatRequest = JsonObject & { model: string; messages: unknown[] };

/** The request when it has a model and messages, else why a chat server refuses it (400). */
export function checkChatRequest(
  body: unknown,
  bodyInvalid: boolean,
): { request: ChatRequest } | { problem: { message: string; code?: string } } {
  if (bodyInvalid || !isObject(body))
    return {
      problem: { message: 'We could not parse the JSON body of your request.', code: 'invalid_json' },
    };
  if (typeof body.model !== 'string' || body.model === '')
    return { problem: { message: "'model' : property 'model' is missing" } };
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    return { problem: { message: "'messages' : minimum number of items is 1" } };
  return { request: body as ChatRequest };
}

/** The fields every chunk of one completion repeats. */
export interface CompletionHead {
  id: string;
  created: number;
  model: string;
  system_fingerprint: string;
}

export function completionHead(model: string, systemFingerprint: string): CompletionHead {
  return {
    id: `chatcmpl-fake-${randomUUID()}`,
    created: Math.floor(Date.now() / 1000),
    model,
    system_fingerprint: systemFingerprint,
  };
}

/** A whole (not streamed) completion with one choice. */
export function completionBody(
  head: CompletionHead,
  message: JsonObject,
  usage: JsonObject,
  extra: JsonObject = {},
): JsonObject {
  const { id, created, model, system_fingerprint } = head;
  return {
    id,
    object: 'chat.completion',
    created,
    model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: 'stop' }],
    usage,
    system_fingerprint,
    ...extra,
  };
}

/** One `data:` event of a streamed completion. */
export function chunkEvent(
  head: CompletionHead,
  delta: JsonObject,
  finishReason: string | null,
  extra: JsonObject = {},
): string {
  const { id, created, model, system_fingerprint } = head;
  return `data: ${JSON.stringify({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    system_fingerprint,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...extra,
  })}\n\n`;
}

/** A chunk whose JSON stops mid-string: what `malformedChunkAfter` sends before ending the stream. */
export const MALFORMED_CHUNK_EVENT = 'data: {"id":"chatcmpl-x","choices":[{"delta":{"content":"oops\n\n';

export interface StreamEnding {
  /** Extra top-level fields of the finishing chunk (Groq's `x_groq` with usage). */
  stopExtra?: JsonObject;
  /** Events after the finishing chunk and before `[DONE]` (OpenAI's usage chunk). */
  afterStop?: string[];
  /** After this many content chunks send {@link MALFORMED_CHUNK_EVENT} and end the stream. */
  malformedAfter?: number | undefined;
}

/**
 * Streams `text` as content deltas at the scenario's pace, then ends the stream as the scenario
 * says: the connection cut (`disconnectAfterChunks`), an error event (`midStreamError`), a broken
 * chunk (`malformedAfter`), or the finishing chunk and `data: [DONE]`. The smallest count wins.
 */
export async function streamContent(
  res: ServerResponse,
  scenario: ChatScenario,
  head: CompletionHead,
  text: string,
  ending: StreamEnding = {},
): Promise<void> {
  const { disconnectAfterChunks: cutAfter, midStreamError: failAfter } = scenario;
  const { malformedAfter } = ending;
  const limit = streamLimit(cutAfter, failAfter, malformedAfter);
  const content = (token: string) => write(res, chunkEvent(head, { content: token }, null));
  await pace(res, tokenize(text), scenario.tokensPerSecond, content, limit);
  if (cutAfter !== undefined && cutAfter <= limit) return cutConnection(res);
  if (failAfter !== undefined && failAfter <= limit) {
    const error = { message: 'Service Unavailable', type: 'internal_server_error' };
    await write(res, `data: ${JSON.stringify({ error })}\n\n`);
  } else if (malformedAfter !== undefined && malformedAfter <= limit) {
    await write(res, MALFORMED_CHUNK_EVENT);
  } else {
    await write(res, chunkEvent(head, {}, 'stop', ending.stopExtra));
    for (const event of ending.afterStop ?? []) await write(res, event);
    await write(res, 'data: [DONE]\n\n');
  }
  res.end();
}
