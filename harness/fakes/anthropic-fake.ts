/** Anthropic's Messages API: POST /v1/messages (docs/wire-formats.md §7). */
import { randomUUID } from 'node:crypto';
import {
  countWords,
  cutConnection,
  header,
  isObject,
  pace,
  sendJson,
  sendScenarioError,
  startEventStream,
  streamLimit,
  takeFirstFailure,
  tokenize,
  write,
  type HandlerContext,
} from './http-utils.ts';
import {
  CAROUSEL_REQUEST_MARKER,
  DEFAULT_CAROUSEL_REPLY,
  DEFAULT_POST_TEXT,
  RETIRED_ANTHROPIC_MODELS,
  type AnthropicScenario,
} from './scenarios.ts';

const errorTypes: Record<number, [type: string, message: string]> = {
  400: ['invalid_request_error', 'Bad request'],
  401: ['authentication_error', 'invalid x-api-key'],
  403: ['permission_error', 'Your API key does not have permission to use the specified resource.'],
  404: ['not_found_error', 'Not found'],
  413: ['request_too_large', 'Request exceeds the maximum allowed number of bytes.'],
  429: ['rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit.'],
  500: ['api_error', 'Internal server error'],
  529: ['overloaded_error', 'Overloaded'],
};

export function anthropicErrorBody(status: number, message?: string) {
  const [type, defaultMessage] = errorTypes[status] ?? (status >= 500 ? errorTypes[500]! : errorTypes[400]!);
  return {
    type: 'error',
    error: { type, message: message ?? defaultMessage },
    request_id: `req_fake_${randomUUID()}`,
  };
}

function sseEvent(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

export async function handleAnthropic({
  req,
  res,
  body,
  bodyInvalid,
  scenario,
}: HandlerContext<AnthropicScenario>): Promise<void> {
  if (!header(req, 'x-api-key')) {
    return sendJson(res, 401, anthropicErrorBody(401, 'x-api-key header is required'));
  }
  const error = takeFirstFailure(scenario) ?? scenario.error;
  if (error) return sendScenarioError(res, error, anthropicErrorBody(error.status));
  const invalid = (message: string) => sendJson(res, 400, anthropicErrorBody(400, message));
  if (!header(req, 'anthropic-version')) return invalid('anthropic-version: header is required');
  if (bodyInvalid || !isObject(body))
    return invalid('There was an issue with your request body: it is not valid JSON.');
  const model = body.model;
  if (typeof model !== 'string' || model === '') return invalid('model: Field required');
  if (typeof body.max_tokens !== 'number') return invalid('max_tokens: Field required');
  if (!Array.isArray(body.messages) || body.messages.length === 0) return invalid('messages: Field required');
  if ((scenario.retiredModels ?? RETIRED_ANTHROPIC_MODELS).includes(model)) {
    return sendJson(res, 404, anthropicErrorBody(404, `model: ${model}`));
  }

  // A carousel request (its prompt in the system text or the messages) gets slides, as from Groq.
  const carousel = JSON.stringify([body.system ?? '', body.messages]).includes(CAROUSEL_REQUEST_MARKER);
  const text = carousel
    ? (scenario.carouselText ?? DEFAULT_CAROUSEL_REPLY)
    : (scenario.text ?? DEFAULT_POST_TEXT);
  const id = `msg_fake_${randomUUID().replaceAll('-', '')}`;
  const inputTokens =
    countWords(JSON.stringify(body.messages)) + countWords(JSON.stringify(body.system ?? ''));
  const outputTokens = tokenize(text).length;
  const requestId = { 'request-id': `req_fake_${randomUUID()}` };

  if (body.stream !== true) {
    return sendJson(
      res,
      200,
      {
        id,
        type: 'message',
        role: 'assistant',
        model,
        content: [{ type: 'text', text }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: inputTokens, output_tokens: outputTokens },
      },
      requestId,
    );
  }

  startEventStream(res, requestId);
  const message = {
    id,
    type: 'message',
    role: 'assistant',
    content: [],
    model,
    stop_reason: null,
    stop_sequence: null,
  };
  await write(
    res,
    sseEvent('message_start', {
      type: 'message_start',
      message: { ...message, usage: { input_tokens: inputTokens, output_tokens: 1 } },
    }),
  );
  await write(
    res,
    sseEvent('content_block_start', {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '' },
    }),
  );
  await write(res, sseEvent('ping', { type: 'ping' }));
  const { disconnectAfterChunks: cutAfter, midStreamError: failAfter } = scenario;
  const limit = streamLimit(cutAfter, failAfter);
  const delta = (token: string) =>
    write(
      res,
      sseEvent('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: token },
      }),
    );
  await pace(res, tokenize(text), scenario.tokensPerSecond, delta, limit);
  if (cutAfter !== undefined && cutAfter <= limit) return cutConnection(res);
  if (failAfter !== undefined) {
    await write(
      res,
      sseEvent('error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
    );
    res.end();
    return;
  }
  await write(res, sseEvent('content_block_stop', { type: 'content_block_stop', index: 0 }));
  await write(
    res,
    sseEvent('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: outputTokens },
    }),
  );
  await write(res, sseEvent('message_stop', { type: 'message_stop' }));
  res.end();
}
