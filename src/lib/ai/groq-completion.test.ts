import { APIConnectionError, APIError, APIUserAbortError } from 'groq-sdk';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { groqCompletion, streamFailedMessage, toAiError } from './groq-completion';
import { streamInterruptedMessage } from './provider-error';
import { httpStatusText } from '@shared/http-status-text';
import { expectConsole } from '../../../tests/helpers/console-guard.ts';

const apiError = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  APIError.generate(status, body as object, undefined, new Headers(headers));

/** How our /api passes on a provider's own failure (server/api/provider-error-response.ts). */
const fromProvider = (status: number, detail: string, headers: Record<string, string> = {}) =>
  apiError(
    status,
    {
      error: {
        message: `Groq API error: ${status} ${httpStatusText(status)} (${detail})`,
        type: 'api_error',
        code: 'provider_error',
      },
    },
    headers,
  );

describe('toAiError (what the user reads when Groq generation fails)', () => {
  it.each([
    [
      'our /api refusing an expired session',
      apiError(401, {
        error: { message: 'Authentication required. Please sign in again.', code: 'invalid_token' },
      }),
      'Session expired. Please sign in again.',
    ],
    [
      'Groq refusing the server key',
      fromProvider(401, 'Invalid API Key'),
      'Groq API error: 401 Unauthorized. Try again later; if it keeps failing, ask whoever runs this app to check its Groq key and quota.',
    ],
    [
      'a server without a Groq key',
      apiError(503, {
        error: {
          message: 'Groq is not configured on this server: set GROQ_API_KEY',
          code: 'provider_not_configured',
        },
      }),
      'Groq is not configured on this server: set GROQ_API_KEY',
    ],
    [
      'our rate limit',
      apiError(429, {
        error: { message: 'Too many requests. Please wait 12 seconds and try again.', code: 'rate_limited' },
      }),
      'Too many requests. Please wait 12 seconds and try again.',
    ],
    [
      'Groq’s rate limit, with its Retry-After',
      fromProvider(
        429,
        'Rate limit reached for model `openai/gpt-oss-120b` in organization `org_x` on tokens per minute (TPM): Limit 6000, Used 5900, Requested 800. Please try again in 1s.',
        {
          'retry-after': '30',
        },
      ),
      'Groq API error: 429 Too Many Requests. Try again in 30 seconds.',
    ],
    [
      'Groq’s rate limit without a Retry-After',
      fromProvider(429, 'Rate limit reached for model `x`'),
      'Groq API error: 429 Too Many Requests. Wait a minute, then try again.',
    ],
    [
      'an unknown model',
      apiError(400, { error: { message: 'The model "x" is not available.', code: 'model_not_found' } }),
      'The model "x" is not available.',
    ],
    [
      'a provider 500',
      fromProvider(500, 'boom'),
      'Groq API error: 500 Internal Server Error. Groq is having trouble right now: try again in a few minutes.',
    ],
    [
      'a provider 404 without a body',
      apiError(404, undefined),
      'Groq API error: 404 Not Found. Please try again; if it keeps failing, ask whoever runs this app to look at the server log.',
    ],
    [
      'an error event inside the stream',
      new APIError(undefined, { message: 'Groq API error: Service Unavailable' }, undefined, undefined),
      streamFailedMessage,
    ],
    [
      'Groq cutting the stream, as our /api reports it',
      new APIError(
        undefined,
        {
          message: 'Groq API error: The connection to Groq was cut before the post was finished.',
          type: 'api_error',
          code: 'stream_interrupted',
        },
        undefined,
        undefined,
      ),
      streamInterruptedMessage,
    ],
    [
      'Groq cutting the stream half-way through a chunk (groq-sdk fails to parse it)',
      new SyntaxError('Unexpected end of JSON input'),
      streamInterruptedMessage,
    ],
    [
      'a cut connection',
      new APIConnectionError({ message: 'Connection error.' }),
      'The connection to the AI service was interrupted. Please check your connection and try again.',
    ],
    ['a user abort', new APIUserAbortError(), 'Generation was stopped.'],
    ['anything else', new Error('weird'), 'weird'],
  ])('%s', (_name, error, expected) => {
    expectConsole('warn');
    expect(toAiError(error).message).toBe(expected);
  });
});

describe('groqCompletion and refusals', () => {
  const network = setupServer();
  beforeAll(() => network.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => network.resetHandlers());
  afterAll(() => network.close());

  it.each([
    [
      429,
      { message: 'Too many requests. Please wait 1 seconds and try again.', code: 'rate_limited' },
      { 'retry-after': '1' },
    ],
    [
      503,
      { message: 'Groq is not configured on this server: set GROQ_API_KEY', code: 'provider_not_configured' },
      {},
    ],
    [500, { message: 'Groq API error: 500 Internal Server Error', code: 'provider_error' }, {}],
  ])(
    'sends exactly one request when /api answers %i without x-should-retry: true (its own refusals are final)',
    async (status, error, headers) => {
      expectConsole('warn');
      let requests = 0;
      network.use(
        http.post('http://localhost/api/groq/openai/v1/chat/completions', () => {
          requests += 1;
          return HttpResponse.json({ error: { ...error, type: 'api_error' } }, { status, headers });
        }),
      );
      const call = groqCompletion(
        {
          model: 'openai/gpt-oss-20b',
          messages: [{ role: 'user', content: 'Hi' }],
          temperature: 0.7,
          maxTokens: 10,
        },
        { apiBaseUrl: '/api', accessToken: 'user-token' },
      );
      await expect(call).rejects.toMatchObject({ status });
      expect(requests).toBe(1);
    },
  );

  it('tries twice more through groq-sdk when /api marks a provider failure x-should-retry: true', async () => {
    expectConsole('warn');
    let requests = 0;
    network.use(
      http.post('http://localhost/api/groq/openai/v1/chat/completions', () => {
        requests += 1;
        return HttpResponse.json(
          {
            error: { message: 'Groq API error: 502 Bad Gateway', type: 'api_error', code: 'provider_error' },
          },
          { status: 502, headers: { 'x-should-retry': 'true' } },
        );
      }),
    );
    const retries: number[] = [];
    const call = groqCompletion(
      {
        model: 'openai/gpt-oss-20b',
        messages: [{ role: 'user', content: 'Hi' }],
        temperature: 0.7,
        maxTokens: 10,
      },
      {
        apiBaseUrl: '/api',
        accessToken: 'user-token',
        onRetry: ({ retry }) => retries.push(retry),
        retryWait: () => Promise.resolve(),
      },
    );
    await expect(call).rejects.toMatchObject({
      status: 502,
      message:
        'Groq API error: 502 Bad Gateway. Groq is having trouble right now: try again in a few minutes.',
    });
    expect(requests).toBe(3);
    expect(retries).toEqual([1, 2]);
  });
});
