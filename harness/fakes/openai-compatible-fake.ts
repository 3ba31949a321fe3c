/**
 * Any OpenAI-compatible server (Ollama, LM Studio, vLLM, llama.cpp server, OpenRouter, OpenAI): the
 * app's third engine, configured with `OPENAI_COMPATIBLE_BASE_URL=<fake>/openai-compatible/v1`.
 * Serves `GET {base}/models` and `POST {base}/chat/completions` in OpenAI's wire format, with the
 * quirks of real servers that the app must survive: no key at all, reasoning models, a model
 * without streaming, slow model loads and errors that are not OpenAI's JSON.
 */
import type { IncomingMessage } from 'node:http';
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
  type CompletionHead,
} from './chat-completions.ts';
import {
  bearerToken,
  countWords,
  isObject,
  pace,
  sendJson,
  sendScenarioError,
  sendText,
  startEventStream,
  tokenize,
  waitForClient,
  write,
  type HandlerContext,
  type JsonObject,
} from './http-utils.ts';
import {
  COMPATIBLE_MODEL_STYLES,
  DEFAULT_COMPATIBLE_MODELS,
  DEFAULT_THINKING,
  type OpenAiCompatibleScenario,
} from './scenarios.ts';

/** Where the fake serves it: the app's base URL is `<fake url>` followed by this. */
export const COMPATIBLE_BASE_PATH = '/openai-compatible/v1';

// OpenAI's messages and types by status; a local server varies, but the app reads only the status
// and `error.message`.
const errors: Record<number, [message: string, type: string, code?: string]> = {
  400: ['Bad request', 'invalid_request_error'],
  401: ['Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'],
  403: ['You are not allowed to sample from this model', 'invalid_request_error'],
  404: ['Not found', 'invalid_request_error'],
  429: ['Rate limit reached for requests', 'requests', 'rate_limit_exceeded'],
  500: ['The server had an error while processing your request. Sorry about that!', 'server_error'],
  503: ['The engine is currently overloaded, please try again later', 'server_error'],
};

export function compatibleErrorBody(status: number) {
  const [message, type, code] = errors[status] ?? (status >= 500 ? errors[500]! : errors[400]!);
  return openAiErrorBody(message, type, code);
}

/** What Ollama answers for a model it has not pulled (its OpenAI layer keeps `param` and `code`). */
export function modelNotFoundBody(model: string) {
  return {
    error: {
      message: `model "${model}" not found, try pulling it first`,
      type: 'api_error',
      param: null,
      code: null,
    },
  };
}

/** With `requireKey`, a missing or different bearer token is refused; without, any or none passes. */
function keyRefused(req: IncomingMessage, scenario: OpenAiCompatibleScenario): boolean {
  return scenario.requireKey !== undefined && bearerToken(req) !== scenario.requireKey;
}

type CompatibleContext = HandlerContext<OpenAiCompatibleScenario> & { path: string };

export function handleOpenAiCompatible(context: CompatibleContext): void | Promise<void> {
  return context.path === `${COMPATIBLE_BASE_PATH}/models` ? listModels(context) : chat(context);
}

/** GET {base}/models. `error` and `failFirst` are for chat only, so a retry test counts chat requests. */
function listModels({ req, res, scenario }: CompatibleContext): void {
  if (keyRefused(req, scenario)) return sendJson(res, 401, compatibleErrorBody(401));
  const status = scenario.modelsError;
  if (status !== undefined) return sendScenarioError(res, { status }, compatibleErrorBody(status));
  // A fixed date: Ollama gives each model the time it was pulled, which tests need not follow.
  const created = 1_735_689_600;
  const data = (scenario.models ?? DEFAULT_COMPATIBLE_MODELS).map((id) => ({
    id,
    object: 'model',
    created,
    owned_by: 'library',
  }));
  sendJson(res, 200, { object: 'list', data });
}

async function chat({ req, res, body, bodyInvalid, scenario }: CompatibleContext): Promise<void> {
  // A reverse proxy or the server's framework answers before any OpenAI logic (or key) is reached.
  const foreign = scenario.nonOpenAiError;
  if (foreign) return sendText(res, foreign.status, foreign.contentType, foreign.body);
  if (keyRefused(req, scenario)) return sendJson(res, 401, compatibleErrorBody(401));
  const error = scenarioError(scenario, body);
  if (error) return sendScenarioError(res, error, compatibleErrorBody(error.status));
  const checked = checkChatRequest(body, bodyInvalid);
  if ('problem' in checked) {
    const { message, code } = checked.problem;
    return sendJson(res, 400, openAiErrorBody(message, undefined, code));
  }
  const { request } = checked;
  const { model } = request;
  if (!(scenario.models ?? DEFAULT_COMPATIBLE_MODELS).includes(model))
    return sendJson(res, 404, modelNotFoundBody(model));
  // The model loads into memory before its first token; the client may give up meanwhile.
  if (!(await waitForClient(res, scenario.firstTokenDelayMs ?? 0))) return;

  const style = COMPATIBLE_MODEL_STYLES[model];
  const thinking = scenario.thinking ?? DEFAULT_THINKING;
  const post = chatReplyText(scenario, request.messages);
  const content = style === 'think-tags' ? withThinkTags(thinking, post) : post;
  const reasoning = style === 'reasoning_content' ? thinking : undefined;
  const head = completionHead(model, 'fp_ollama');
  const promptTokens = countWords(JSON.stringify(request.messages));
  const completionTokens = tokenize(content).length + tokenize(reasoning ?? '').length;
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };

  // A server without streaming ignores `stream: true` and answers JSON: the app must read either.
  if (request.stream !== true || style === 'no-stream') {
    const message = { role: 'assistant', content, ...(reasoning ? { reasoning_content: reasoning } : {}) };
    return sendJson(res, 200, completionBody(head, message, usage));
  }

  startEventStream(res);
  await write(res, chunkEvent(head, { role: 'assistant', content: '' }, null));
  // The thinking streams first, with `content: null` as DeepSeek's API sends it beside reasoning.
  if (reasoning) {
    const think = (token: string) =>
      write(res, chunkEvent(head, { content: null, reasoning_content: token }, null));
    await pace(res, tokenize(reasoning), scenario.tokensPerSecond, think);
  }
  const wantsUsage = isObject(request.stream_options) && request.stream_options.include_usage === true;
  await streamContent(res, scenario, head, content, {
    malformedAfter: scenario.malformedChunkAfter,
    afterStop: wantsUsage ? [usageEvent(head, usage)] : [],
  });
}

/** OpenAI's last chunk with `stream_options.include_usage`: no choices, only the usage. */
function usageEvent(head: CompletionHead, usage: JsonObject): string {
  return `data: ${JSON.stringify({ ...head, object: 'chat.completion.chunk', choices: [], usage })}\n\n`;
}
