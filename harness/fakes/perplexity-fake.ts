/** Perplexity's Agent API: POST /v1/agent (alias /v1/responses), JSON only (docs/wire-formats.md §7). */
import { randomUUID } from 'node:crypto';
import {
  bearerToken,
  countWords,
  isObject,
  sendJson,
  sendScenarioError,
  takeFirstFailure,
  type HandlerContext,
  type JsonObject,
} from './http-utils.ts';
import { defaultPayload, inputText, styledReply } from './perplexity-payloads.ts';
import type { PerplexityScenario } from './scenarios.ts';

const allowedFields = new Set([
  'model',
  'input',
  'instructions',
  'tools',
  'response_format',
  'max_output_tokens',
  'temperature',
  'top_p',
  'stream',
  'preset',
  'reasoning',
  'models',
  'language_preference',
]);

const errorTypes: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  429: 'request_rate_limit_exceeded',
};

export function perplexityErrorBody(status: number, message?: string) {
  const type = errorTypes[status] ?? (status >= 500 ? 'internal_server_error' : 'invalid_request');
  return { error: { message: message ?? `Request failed: ${type}`, type, code: status } };
}

/** The search domains of the request's web_search tool, if any. */
function searchDomains(body: JsonObject): string[] {
  const tools = Array.isArray(body.tools) ? body.tools : [];
  for (const tool of tools) {
    if (isObject(tool) && isObject(tool.filters) && Array.isArray(tool.filters.search_domain_filter)) {
      return tool.filters.search_domain_filter.filter(
        (domain): domain is string => typeof domain === 'string',
      );
    }
  }
  return [];
}

function searchResults(body: JsonObject, query: string): JsonObject {
  const domains = searchDomains(body);
  const hosts = domains.length > 0 ? domains : ['www.linkedin.com', 'hbr.org', 'www.reddit.com'];
  return {
    type: 'search_results',
    queries: [query.slice(0, 120) || 'linkedin content ideas'],
    results: hosts.slice(0, 3).map((host, index) => ({
      url: `https://${host.replace(/^https?:\/\//, '').replace(/\/$/, '')}/articles/fake-result-${index + 1}`,
      title: `Result ${index + 1} about ${query.slice(0, 40) || 'professional content'}`,
      snippet: 'A short excerpt from the page that the answer draws on.',
      date: '2025-01-15',
    })),
  };
}

export function handlePerplexity({
  req,
  res,
  body,
  bodyInvalid,
  scenario,
}: HandlerContext<PerplexityScenario>): void {
  if (!bearerToken(req))
    return sendJson(res, 401, perplexityErrorBody(401, 'Missing or invalid Authorization header'));
  const error = takeFirstFailure(scenario) ?? scenario.error;
  if (error) return sendScenarioError(res, error, perplexityErrorBody(error.status));
  const invalid = (message: string) => sendJson(res, 400, perplexityErrorBody(400, message));
  if (bodyInvalid || !isObject(body)) return invalid('Invalid JSON body');
  const unknown = Object.keys(body).filter((field) => !allowedFields.has(field));
  if (unknown.length > 0) return invalid(`Unrecognized request argument(s) supplied: ${unknown.join(', ')}`);
  if (body.model === undefined && body.preset === undefined && body.models === undefined) {
    return invalid('One of model, models or preset is required');
  }
  if (body.input === undefined || body.input === '') return invalid('input: Field required');
  if (body.stream === true)
    return invalid('The fake Perplexity does not stream: send stream false or omit it');

  const model = typeof body.model === 'string' ? body.model : 'perplexity/sonar';
  const base = {
    id: `resp_fake_${randomUUID()}`,
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    model,
  };
  const input = inputText(body);
  const query = input.replace(/\s+/g, ' ').trim();

  if (scenario.failed) {
    return sendJson(res, 200, {
      ...base,
      status: 'failed',
      output: [],
      error: { message: 'The model failed to produce a response.', type: 'server_error' },
      usage: { input_tokens: countWords(input), output_tokens: 0, total_tokens: countWords(input) },
    });
  }

  const responseFormat = isObject(body.response_format) ? body.response_format : {};
  const jsonSchema = isObject(responseFormat.json_schema) ? responseFormat.json_schema : {};
  const schemaName = typeof jsonSchema.name === 'string' ? jsonSchema.name : undefined;
  const text =
    scenario.replyText ??
    styledReply(
      scenario.payload ?? defaultPayload(schemaName, input, jsonSchema.schema),
      scenario.replyStyle ?? 'plain',
    );
  const inputTokens =
    countWords(input) + countWords(typeof body.instructions === 'string' ? body.instructions : '');
  const outputTokens = countWords(text);

  sendJson(res, 200, {
    ...base,
    status: 'completed',
    output: [
      searchResults(body, query),
      {
        type: 'message',
        id: `msg_fake_${randomUUID()}`,
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text, annotations: [] }],
      },
    ],
    error: null,
    usage: {
      input_tokens: inputTokens,
      output_tokens: outputTokens,
      total_tokens: inputTokens + outputTokens,
    },
  });
}
