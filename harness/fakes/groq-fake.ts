/** Groq's OpenAI-compatible chat completions: POST /openai/v1/chat/completions (docs/wire-formats.md §7.1, §7.5). */
import { randomUUID } from 'node:crypto';
import {
  bearerToken,
  countWords,
  cutConnection,
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
  DEFAULT_THINKING,
  MALFORMED_CAROUSEL_REPLY,
  RETIRED_GROQ_MODELS,
  type GroqScenario,
} from './scenarios.ts';

export function groqErrorBody(status: number, model = 'unknown'): { error: Record<string, string> } {
  const error = (message: string, type: string, code?: string) => ({
    error: { message, type, ...(code ? { code } : {}) },
  });
  switch (status) {
    case 400:
      return error('Bad request', 'invalid_request_error', 'invalid_request');
    case 401:
      return error('Invalid API Key', 'invalid_request_error', 'invalid_api_key');
    case 403:
      return error('Forbidden', 'invalid_request_error', 'permission_denied');
    case 404:
      return error(
        `The model \`${model}\` does not exist or you do not have access to it.`,
        'invalid_request_error',
        'model_not_found',
      );
    case 413:
      return error('Request Entity Too Large', 'invalid_request_error', 'request_too_large');
    case 429:
      return error(
        `Rate limit reached for model \`${model}\` in organization \`org_fake\` on tokens per minute (TPM): Limit 6000, Used 5900, Requested 800. Please try again in 1s.`,
        'tokens',
        'rate_limit_exceeded',
      );
    case 503:
      return error('Service Unavailable', 'internal_server_error', 'service_unavailable');
    default:
      return error(
        status >= 500 ? 'Internal Server Error' : 'Request failed',
        status >= 500 ? 'internal_server_error' : 'invalid_request_error',
      );
  }
}

/** The scenario's first `replyWhen` rule that the request's messages match. */
function replyRule(scenario: GroqScenario, messages: unknown) {
  const said = JSON.stringify(messages ?? []);
  return scenario.replyWhen?.find(({ contains }) => said.includes(JSON.stringify(contains).slice(1, -1)));
}

/** Carousel replies already given malformed, per scenario object (a new scenario starts again). */
const malformedGiven = new WeakMap<GroqScenario, number>();

/** The reply to a carousel request: malformed while `malformedCarousels` lasts, then the slides. */
function carouselReply(scenario: GroqScenario): string {
  const given = malformedGiven.get(scenario) ?? 0;
  if (given < (scenario.malformedCarousels ?? 0)) {
    malformedGiven.set(scenario, given + 1);
    return MALFORMED_CAROUSEL_REPLY;
  }
  return scenario.carouselText ?? DEFAULT_CAROUSEL_REPLY;
}

/** The text the model "writes": the scenario text, with the thinking prefix when asked. */
export function groqReplyText(scenario: GroqScenario, messages: unknown = []): string {
  const rule = replyRule(scenario, messages)?.text;
  const carousel = rule === undefined && JSON.stringify(messages ?? []).includes(CAROUSEL_REQUEST_MARKER);
  const text = rule ?? (carousel ? carouselReply(scenario) : (scenario.text ?? DEFAULT_POST_TEXT));
  if (!scenario.thinking) return text;
  const thinking = scenario.thinking === true ? DEFAULT_THINKING : scenario.thinking;
  return `<think>\n${thinking}\n</think>\n\n${text}`;
}

function usage(promptTokens: number, completionTokens: number) {
  return {
    queue_time: 0.01,
    prompt_tokens: promptTokens,
    prompt_time: 0.002,
    completion_tokens: completionTokens,
    completion_time: 0.1,
    total_tokens: promptTokens + completionTokens,
    total_time: 0.102,
  };
}

export async function handleGroq({
  req,
  res,
  body,
  bodyInvalid,
  scenario,
}: HandlerContext<GroqScenario>): Promise<void> {
  if (!bearerToken(req)) return sendJson(res, 401, groqErrorBody(401));
  const error =
    takeFirstFailure(scenario) ??
    (isObject(body) ? replyRule(scenario, body.messages)?.error : undefined) ??
    scenario.error;
  if (error) return sendScenarioError(res, error, groqErrorBody(error.status));
  const invalid = (message: string, code?: string) =>
    sendJson(res, 400, { error: { message, type: 'invalid_request_error', ...(code ? { code } : {}) } });
  if (bodyInvalid || !isObject(body))
    return invalid('We could not parse the JSON body of your request.', 'invalid_json');
  const model = body.model;
  if (typeof model !== 'string' || model === '') return invalid("'model' : property 'model' is missing");
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    return invalid("'messages' : minimum number of items is 1");
  if ((scenario.retiredModels ?? RETIRED_GROQ_MODELS).includes(model)) {
    return invalid(
      `The model \`${model}\` has been decommissioned and is no longer supported. Please refer to https://console.groq.com/docs/deprecations for a recommendation on which model to use instead.`,
      'model_decommissioned',
    );
  }
  if (model.startsWith('openai/gpt-oss') && body.reasoning_format !== undefined) {
    return invalid('`reasoning_format` is not supported with this model. Use `include_reasoning` instead.');
  }

  const text = groqReplyText(scenario, body.messages);
  const id = `chatcmpl-fake-${randomUUID()}`;
  const created = Math.floor(Date.now() / 1000);
  const promptTokens = countWords(JSON.stringify(body.messages));
  const completionTokens = tokenize(text).length;
  const xGroq = { id: `req_fake_${randomUUID()}`, usage: usage(promptTokens, completionTokens) };

  if (body.stream !== true) {
    return sendJson(res, 200, {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [
        { index: 0, message: { role: 'assistant', content: text }, logprobs: null, finish_reason: 'stop' },
      ],
      usage: usage(promptTokens, completionTokens),
      system_fingerprint: 'fp_fake',
      x_groq: { id: xGroq.id },
    });
  }

  const chunk = (
    delta: Record<string, unknown>,
    finishReason: string | null,
    extra: Record<string, unknown> = {},
  ) =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      system_fingerprint: 'fp_fake',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...extra,
    })}\n\n`;

  startEventStream(res, { 'x-request-id': xGroq.id });
  await write(res, chunk({ role: 'assistant', content: '' }, null, { x_groq: { id: xGroq.id } }));
  const { disconnectAfterChunks: cutAfter, midStreamError: failAfter } = scenario;
  const limit = streamLimit(cutAfter, failAfter);
  await pace(
    res,
    tokenize(text),
    scenario.tokensPerSecond,
    (token) => write(res, chunk({ content: token }, null)),
    limit,
  );
  if (cutAfter !== undefined && cutAfter <= limit) return cutConnection(res);
  if (failAfter !== undefined) {
    await write(
      res,
      `data: ${JSON.stringify({ error: { message: 'Service Unavailable', type: 'internal_server_error' } })}\n\n`,
    );
    res.end();
    return;
  }
  await write(res, chunk({}, 'stop', { x_groq: xGroq }));
  await write(res, 'data: [DONE]\n\n');
  res.end();
}
