/** Groq's OpenAI-compatible chat completions: POST /openai/v1/chat/completions (docs/wire-formats.md §7.1, §7.5). */
import { randomUUID } from 'node:crypto';
import {
  chatReplyText,
  checkChatRequest,
  chunkEvent,
  completionBody,
  completionHead,
  openAiErrorBody,
  scenarioError,
  streamContent,
  withThinkTags,
} from './chat-completions.ts';
import {
  bearerToken,
  countWords,
  sendJson,
  sendScenarioError,
  startEventStream,
  tokenize,
  write,
  type HandlerContext,
} from './http-utils.ts';
import { DEFAULT_THINKING, RETIRED_GROQ_MODELS, type GroqScenario } from './scenarios.ts';

export function groqErrorBody(status: number, model = 'unknown'): { error: Record<string, string> } {
  switch (status) {
    case 400:
      return openAiErrorBody('Bad request', 'invalid_request_error', 'invalid_request');
    case 401:
      return openAiErrorBody('Invalid API Key', 'invalid_request_error', 'invalid_api_key');
    case 403:
      return openAiErrorBody('Forbidden', 'invalid_request_error', 'permission_denied');
    case 404:
      return openAiErrorBody(
        `The model \`${model}\` does not exist or you do not have access to it.`,
        'invalid_request_error',
        'model_not_found',
      );
    case 413:
      return openAiErrorBody('Request Entity Too Large', 'invalid_request_error', 'request_too_large');
    case 429:
      return openAiErrorBody(
        `Rate limit reached for model \`${model}\` in organization \`org_fake\` on tokens per minute (TPM): Limit 6000, Used 5900, Requested 800. Please try again in 1s.`,
        'tokens',
        'rate_limit_exceeded',
      );
    case 503:
      return openAiErrorBody('Service Unavailable', 'internal_server_error', 'service_unavailable');
    default:
      return openAiErrorBody(
        status >= 500 ? 'Internal Server Error' : 'Request failed',
        status >= 500 ? 'internal_server_error' : 'invalid_request_error',
      );
  }
}

/** The text the model "writes": the shared reply text, with the thinking prefix when asked. */
export function groqReplyText(scenario: GroqScenario, messages: unknown = []): string {
  const text = chatReplyText(scenario, messages);
  if (!scenario.thinking) return text;
  return withThinkTags(scenario.thinking === true ? DEFAULT_THINKING : scenario.thinking, text);
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
  const error = scenarioError(scenario, body);
  if (error) return sendScenarioError(res, error, groqErrorBody(error.status));
  const invalid = (message: string, code?: string) =>
    sendJson(res, 400, openAiErrorBody(message, undefined, code));
  const checked = checkChatRequest(body, bodyInvalid);
  if ('problem' in checked) return invalid(checked.problem.message, checked.problem.code);
  const { request } = checked;
  const { model } = request;
  if ((scenario.retiredModels ?? RETIRED_GROQ_MODELS).includes(model)) {
    return invalid(
      `The model \`${model}\` has been decommissioned and is no longer supported. Please refer to https://console.groq.com/docs/deprecations for a recommendation on which model to use instead.`,
      'model_decommissioned',
    );
  }
  if (model.startsWith('openai/gpt-oss') && request.reasoning_format !== undefined) {
    return invalid('`reasoning_format` is not supported with this model. Use `include_reasoning` instead.');
  }

  const text = groqReplyText(scenario, request.messages);
  const head = completionHead(model, 'fp_fake');
  const promptTokens = countWords(JSON.stringify(request.messages));
  const completionTokens = tokenize(text).length;
  const xGroq = { id: `req_fake_${randomUUID()}`, usage: usage(promptTokens, completionTokens) };

  if (request.stream !== true) {
    const message = { role: 'assistant', content: text };
    return sendJson(res, 200, completionBody(head, message, xGroq.usage, { x_groq: { id: xGroq.id } }));
  }

  startEventStream(res, { 'x-request-id': xGroq.id });
  await write(res, chunkEvent(head, { role: 'assistant', content: '' }, null, { x_groq: { id: xGroq.id } }));
  await streamContent(res, scenario, head, text, { stopExtra: { x_groq: xGroq } });
}
