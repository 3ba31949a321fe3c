import { APIConnectionError, APIError, APIUserAbortError } from 'groq-sdk';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { compatibleCompletion, groqCompletion, toAiError } from './groq-completion';
import { httpStatusText } from '@shared/http-status-text';
import { expectConsole } from '../../../tests/helpers/console-guard.ts';

// The OpenAI-compatible engine shares groq-sdk with Groq; what differs is its route, that its
// messages name it ("Ollama") where Groq's say "the AI service", and that its thinking may stream
// apart from the post.

const apiError = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  APIError.generate(status, body as object, undefined, new Headers(headers));

/** How our /api passes on the engine's own failure (server/api/provider-error-response.ts). */
const fromOllama = (status: number) =>
  apiError(502, {
    error: {
      message: `Ollama API error: ${status} ${httpStatusText(status)}`,
      type: 'api_error',
      code: 'provider_error',
    },
  });

describe('toAiError naming the OpenAI-compatible engine', () => {
  it.each([
    [
      'a cut connection',
      new APIConnectionError({ message: 'Connection error.' }),
      'The connection to Ollama was interrupted. Please check your connection and try again.',
    ],
    [
      'a stream cut half-way through a chunk (a garbled chunk groq-sdk cannot parse)',
      new SyntaxError('Unterminated string in JSON at position 52'),
      'The connection to Ollama was interrupted before the post was finished.',
    ],
    [
      'the engine cutting the stream, as our /api reports it',
      new APIError(
        undefined,
        { message: 'Ollama API error: cut', type: 'api_error', code: 'stream_interrupted' },
        undefined,
        undefined,
      ),
      'The connection to Ollama was interrupted before the post was finished.',
    ],
    [
      'an error event inside the stream',
      new APIError(undefined, { message: 'Ollama API error: Service Unavailable' }, undefined, undefined),
      'Ollama stopped before it had finished. Please try again.',
    ],
    [
      'the engine failing (a 500 our /api passes on as 502)',
      fromOllama(500),
      'Ollama API error: 500 Internal Server Error. Ollama is having trouble right now: try again in a few minutes.',
    ],
    [
      'the engine refusing the server’s key',
      fromOllama(401),
      'Ollama API error: 401 Unauthorized. Try again later; if it keeps failing, ask whoever runs this app to check its Ollama key and quota.',
    ],
    [
      'a model the engine does not have (our /api’s own words)',
      apiError(400, {
        error: {
          message:
            'Ollama has no model "mistral:7b". Choose another model in Settings, or load it on the model server.',
          code: 'model_not_found',
        },
      }),
      'Ollama has no model "mistral:7b". Choose another model in Settings, or load it on the model server.',
    ],
    [
      'an expired session',
      apiError(401, { error: { message: 'Authentication required.', code: 'invalid_token' } }),
      'Session expired. Please sign in again.',
    ],
    ['a stop', new APIUserAbortError(), 'Generation was stopped.'],
  ])('%s', (_name, error, expected) => {
    expectConsole('warn');
    expect(toAiError(error, 'Ollama').message).toBe(expected);
  });

  it('keeps the status with the named message', () => {
    expectConsole('warn');
    expect(toAiError(fromOllama(500), 'Ollama').status).toBe(502);
  });

  it('leaves Groq’s messages as they always were', () => {
    expect(toAiError(new APIConnectionError({ message: 'Connection error.' })).message).toBe(
      'The connection to the AI service was interrupted. Please check your connection and try again.',
    );
  });
});

describe('groqCompletion and compatibleCompletion against /api/openai-compatible', () => {
  const route = 'http://localhost/api/openai-compatible/openai/v1/chat/completions';
  const network = setupServer();
  beforeAll(() => network.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => network.resetHandlers());
  afterAll(() => network.close());

  const chunk = (delta: Record<string, unknown>) =>
    `data: ${JSON.stringify({
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'qwen3:8b',
      choices: [{ index: 0, delta, finish_reason: null }],
    })}\n\n`;

  /** The route streams these events as they are, and ends (with [DONE] unless `cut`). */
  function streamEvents(events: string[], options: { cut?: boolean } = {}) {
    const bodies: unknown[] = [];
    network.use(
      http.post(route, async ({ request }) => {
        bodies.push(await request.json());
        const encoder = new TextEncoder();
        const text = events.join('') + (options.cut ? '' : 'data: [DONE]\n\n');
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode(text));
            controller.close();
          },
        });
        return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    return bodies;
  }

  const base = {
    model: 'qwen3:8b',
    messages: [{ role: 'user' as const, content: 'Saying no' }],
    temperature: 0.7,
    maxTokens: 100,
  };
  const context = { apiBaseUrl: '/api', accessToken: 'user-token' };

  it.each([
    ['reasoning_content (vLLM, LM Studio, DeepSeek)', 'reasoning_content'],
    ['reasoning (OpenRouter, Ollama)', 'reasoning'],
  ])(
    'never shows thinking streamed as %s, and says once that the model is thinking',
    async (_name, field) => {
      const bodies = streamEvents([
        chunk({ role: 'assistant', content: '' }),
        chunk({ content: null, [field]: 'Let me ' }),
        chunk({ content: null, [field]: 'think.' }),
        chunk({ content: 'Saying no ' }),
        chunk({ content: 'is a skill.' }),
      ]);
      const onThinking = vi.fn();
      const seen: string[] = [];
      const text = await groqCompletion(
        { ...base, engine: { path: 'openai-compatible', label: 'Ollama' }, onThinking },
        context,
        (cumulative) => seen.push(cumulative),
      );
      expect(text).toBe('Saying no is a skill.');
      expect(seen).toEqual(['Saying no ', 'Saying no is a skill.']);
      expect(onThinking).toHaveBeenCalledOnce();
      expect(bodies[0]).not.toHaveProperty('reasoning_format');
      expect(bodies[0]).not.toHaveProperty('include_reasoning');
    },
  );

  it('keeps the words so far when a garbled chunk ends the stream, with an error naming the engine', async () => {
    expectConsole('error'); // groq-sdk logs the chunk it could not parse
    streamEvents(
      [
        chunk({ content: 'Saying no ' }),
        chunk({ content: 'is ' }),
        'data: {"id":"chatcmpl-x","choices":[{"delta":{"content":"oops\n\n',
      ],
      { cut: true },
    );
    const seen: string[] = [];
    const call = compatibleCompletion({ ...base, label: 'Ollama' }, context, (cumulative) =>
      seen.push(cumulative),
    );
    await expect(call).rejects.toThrow(
      'The connection to Ollama was interrupted before the post was finished.',
    );
    expect(seen.at(-1)).toBe('Saying no is ');
  });

  it('reads our /api’s refusal of a model the engine does not have as it is said', async () => {
    network.use(
      http.post(route, () =>
        HttpResponse.json(
          {
            error: {
              message:
                'Ollama has no model "mistral:7b". Choose another model in Settings, or load it on the model server.',
              type: 'invalid_request_error',
              code: 'model_not_found',
            },
          },
          { status: 400 },
        ),
      ),
    );
    const call = compatibleCompletion({ ...base, model: 'mistral:7b', label: 'Ollama' }, context, () => {});
    await expect(call).rejects.toMatchObject({
      status: 400,
      message:
        'Ollama has no model "mistral:7b". Choose another model in Settings, or load it on the model server.',
    });
  });
});

describe('compatibleCompletion without a model', () => {
  it('asks for a model in Settings instead of sending an empty one', async () => {
    await expect(
      compatibleCompletion(
        {
          label: 'Ollama',
          model: '',
          messages: [{ role: 'user', content: 'hi' }],
          temperature: 0.7,
          maxTokens: 100,
        },
        { apiBaseUrl: 'http://127.0.0.1:1/api', accessToken: 'token' },
      ),
    ).rejects.toThrow('Choose a model for Ollama in Settings first');
  });
});
