import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPATIBLE_BASE_PATH,
  DEFAULT_COMPATIBLE_MODELS,
  DEFAULT_THINKING,
  NON_OPENAI_ERRORS,
  startFakeProviders,
  type FakeProviders,
  type OpenAiCompatibleScenario,
  type RecordedRequest,
} from '../../harness/fakes/fake-providers.ts';
import type { AiQuotaLimits } from '../../server/api/ai-quota.ts';
import { modelCatalogSource, type ModelCatalogSource } from '../../server/api/model-catalog-source.ts';
import { configuredProviders, readProviderConfig } from '../../server/api/provider-config.ts';
import { loadModelCatalog } from '../../server/config/load-model-catalog.ts';
import { mountApi } from '../../server/embedded/mount-api.ts';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { defaultModelCatalog, type ModelCatalog } from '../../shared/model-catalog.ts';
import { signedInClient, startTestServer } from '../helpers/test-server.ts';
import { compatibleCompletion } from '@/lib/ai/groq-completion';

/*
 * The third engine (docs/decisions/030): POST /api/openai-compatible/openai/v1/chat/completions and
 * GET /api/models on the real embedded backend (auth, quota in Postgres), in front of the fake
 * OpenAI-compatible server (harness/fakes/openai-compatible-fake.ts), wired as server/main.ts
 * wires it: one model catalog source shared by the app config and /api. The source is given a
 * clock the tests move, so "listed at most once per 10 s" is tested without waiting.
 */

const chatPath = '/openai-compatible/openai/v1/chat/completions';
const text = 'A post from a model on my own machine.\n\nIt streamed word by word 🚀 — did it arrive whole?';
const fast = { tokensPerSecond: 5000 };

let fake: FakeProviders;
beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(() => fake?.close());

/** The clock every catalog source of this file reads; a test moves it past the 10 s throttle. */
let clock = 1_000_000;
const passThrottle = () => (clock += 10_000);

interface CompatibleServer {
  server: EmbeddedServer;
  source: ModelCatalogSource;
  close(): Promise<void>;
}

/**
 * The embedded backend with /api mounted as server/main.ts mounts it: providers read from an
 * environment as `npm start` reads them, one catalog source for /api and /app-config.json.
 */
async function startCompatibleServer(
  env: Record<string, string>,
  options: { catalog?: ModelCatalog; quota?: AiQuotaLimits } = {},
): Promise<CompatibleServer> {
  const providers = readProviderConfig(env);
  const source = modelCatalogSource({
    base: options.catalog ?? defaultModelCatalog,
    providers,
    fetch: (input, init) => globalThis.fetch(input, init),
    now: () => clock,
  });
  const server = await startTestServer({
    appConfig: () => ({ engines: configuredProviders(providers), modelCatalog: source.current() }),
    createApi: mountApi({
      providers,
      catalog: source,
      quota: options.quota ?? { requests: 1000, windowSeconds: 60, requestsPerAddress: 100_000 },
    }),
  });
  await source.ready();
  return { server, source, close: () => server.close() };
}

const compatibleBaseUrl = () => `${fake.url}${COMPATIBLE_BASE_PATH}`;
const scenario = (value: OpenAiCompatibleScenario) => fake.setScenario('openai-compatible', value);
const compatibleRequests = (kind: 'models' | 'chat'): RecordedRequest[] =>
  fake.requests.filter(
    (request) =>
      request.provider === 'openai-compatible' &&
      request.path === `${COMPATIBLE_BASE_PATH}/${kind === 'models' ? 'models' : 'chat/completions'}`,
  );

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function userToken(server: EmbeddedServer): Promise<string> {
  return (await signedInClient(server)).session.access_token;
}

function chat(
  server: EmbeddedServer,
  token: string | null,
  body: Record<string, unknown>,
  route = chatPath,
): Promise<Response> {
  return fetch(`${server.url}/api${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      // What groq-sdk sends, even when it streams.
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({
      messages: [
        { role: 'system', content: 'You write LinkedIn posts.' },
        { role: 'user', content: 'Write about testing.' },
      ],
      temperature: 0.7,
      max_tokens: 500,
      ...body,
    }),
  });
}

function models(server: EmbeddedServer, token: string | null, refresh = false): Promise<Response> {
  return fetch(`${server.url}/api/models${refresh ? '?refresh=1' : ''}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function compatibleEngine(server: EmbeddedServer, token: string, refresh = false) {
  const response = await models(server, token, refresh);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { catalog: ModelCatalog; configured: Record<string, boolean> };
  return { engine: body.catalog.engines['openai-compatible'], configured: body.configured };
}

const modelIds = (engine: ModelCatalog['engines']['openai-compatible']) => engine.models.map(({ id }) => id);

/** The data of each event of a stream, in order (`[DONE]` included). */
function eventData(raw: string): string[] {
  return raw
    .split(/\r?\n\r?\n/)
    .filter((event) => event.trim() !== '')
    .map((event) =>
      event
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.replace(/^data: ?/, ''))
        .join('\n'),
    );
}

interface Chunk {
  choices: { delta: { role?: string; content?: string | null; reasoning_content?: string } }[];
  error?: { message: string; type: string; code: string };
}

/** A streamed answer: every event's data, the chunks parsed, and what their deltas say, joined. */
async function readStream(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const raw = await response.text();
  const data = eventData(raw);
  const parsed = data.filter((event) => event !== '[DONE]').map((event) => JSON.parse(event) as Chunk);
  const deltas = parsed.flatMap((chunk) => chunk.choices ?? []).map((choice) => choice.delta);
  return {
    raw,
    data,
    content: deltas.map((delta) => delta.content ?? '').join(''),
    reasoning: deltas.map((delta) => delta.reasoning_content ?? '').join(''),
    last: parsed.at(-1),
  };
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: { message: string; type: string; code: string } };
  expect(body.error.code).toBe(code);
  return body.error;
}

describe('a local server without a key (Ollama)', () => {
  let local: CompatibleServer;
  let token: string;
  let startListing: RecordedRequest[];
  beforeAll(async () => {
    fake.reset();
    // A trailing slash, as people paste it: the server trims it.
    local = await startCompatibleServer({
      OPENAI_COMPATIBLE_BASE_URL: `${compatibleBaseUrl()}/`,
      OPENAI_COMPATIBLE_LABEL: 'Ollama',
    });
    startListing = compatibleRequests('models');
    token = await userToken(local.server);
  });
  afterAll(() => local?.close());
  afterEach(() => fake.reset());

  describe('writing a post', () => {
    it('streams the post through, sending no Authorization header and no reasoning switches of Groq', async () => {
      scenario({ text, ...fast });
      const response = await chat(local.server, token, {
        model: 'llama3.2:3b',
        stream: true,
        reasoning_format: 'hidden',
        include_reasoning: false,
        tools: [{ type: 'function', function: { name: 'leak' } }],
      });
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('x-accel-buffering')).toBe('no');
      const { content, data } = await readStream(response);
      expect(content).toBe(text);
      expect(data.at(-1)).toBe('[DONE]');

      const [sent, ...more] = compatibleRequests('chat');
      expect(more).toHaveLength(0);
      expect(sent?.headers.authorization).toBeUndefined();
      expect(sent?.headers.accept).toBe('text/event-stream');
      expect(sent?.body).toEqual({
        model: 'llama3.2:3b',
        messages: [
          { role: 'system', content: 'You write LinkedIn posts.' },
          { role: 'user', content: 'Write about testing.' },
        ],
        temperature: 0.7,
        max_tokens: 500,
        stream: true,
      });
      // The listing at start went out without a key too, at the trimmed address.
      expect(startListing).toHaveLength(1);
      expect(startListing[0]?.headers.authorization).toBeUndefined();
    });

    it('passes reasoning_content chunks through, which the browser never shows as the post', async () => {
      scenario({ text, ...fast });
      const { content, reasoning, data } = await readStream(
        await chat(local.server, token, { model: 'qwen3:8b', stream: true }),
      );
      expect(reasoning).toBe(DEFAULT_THINKING);
      expect(content).toBe(text);
      expect(data.at(-1)).toBe('[DONE]');

      // The browser's own client: the post alone, and a word that the model is thinking first.
      const notices: string[] = [];
      const updates: string[] = [];
      const post = await compatibleCompletion(
        {
          model: 'qwen3:8b',
          label: 'Ollama',
          messages: [{ role: 'user', content: 'Hi' }],
          temperature: 0.7,
          maxTokens: 500,
        },
        {
          apiBaseUrl: `${local.server.url}/api`,
          accessToken: token,
          onWaiting: (notice) => notices.push(notice),
        },
        (cumulative) => updates.push(cumulative),
      );
      expect(post).toBe(text);
      expect(updates.every((update) => !update.includes(DEFAULT_THINKING))).toBe(true);
      expect(notices).toEqual(['Ollama is thinking before it writes…', '']);
    });

    it('passes a model’s <think> tags through in the content as the model wrote them', async () => {
      scenario({ text, ...fast });
      const { content } = await readStream(
        await chat(local.server, token, { model: 'deepseek-r1:7b', stream: true }),
      );
      expect(content).toBe(`<think>\n${DEFAULT_THINKING}\n</think>\n\n${text}`);
    });

    it('sends a model that cannot stream as a stream: the whole text in one chunk, a stop chunk, [DONE]', async () => {
      scenario({ text });
      const response = await chat(local.server, token, { model: 'no-stream-model', stream: true });
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const { data, content } = await readStream(response);
      expect(data).toHaveLength(3);
      expect(JSON.parse(data[0]!)).toMatchObject({
        object: 'chat.completion.chunk',
        model: 'no-stream-model',
        choices: [{ index: 0, delta: { role: 'assistant', content: text }, finish_reason: null }],
      });
      expect(JSON.parse(data[1]!)).toMatchObject({ choices: [{ delta: {}, finish_reason: 'stop' }] });
      expect(data[2]).toBe('[DONE]');
      expect(content).toBe(text);

      // groq-sdk in the browser reads it as any stream.
      const updates: string[] = [];
      const post = await compatibleCompletion(
        {
          model: 'no-stream-model',
          label: 'Ollama',
          messages: [{ role: 'user', content: 'Hi' }],
          temperature: 0.7,
          maxTokens: 500,
        },
        { apiBaseUrl: `${local.server.url}/api`, accessToken: token },
        (cumulative) => updates.push(cumulative),
      );
      expect(post).toBe(text);
      expect(updates).toEqual([text]);
    });

    it('returns the JSON completion as it came to a request that does not stream', async () => {
      scenario({ text });
      const response = await chat(local.server, token, { model: 'llama3.2:3b' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/json');
      const completion = (await response.json()) as Record<string, unknown>;
      expect(completion).toMatchObject({
        object: 'chat.completion',
        model: 'llama3.2:3b',
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage: { prompt_tokens: expect.any(Number) },
      });
      expect(compatibleRequests('chat')[0]?.headers.accept).toBe('application/json');
    });
  });

  describe('models', () => {
    it('lists the endpoint’s models under its label, each by its own id', async () => {
      const { engine, configured } = await compatibleEngine(local.server, token);
      expect(configured['openai-compatible']).toBe(true);
      expect(engine.label).toBe('Ollama');
      expect(engine.unavailable).toBeUndefined();
      expect(engine.models).toEqual(
        DEFAULT_COMPATIBLE_MODELS.map((id) => ({
          id,
          label: id,
          engine: 'openai-compatible',
          reasoning: false,
        })),
      );
      // The app config the browser loads shares the same catalog.
      const config = (await (await fetch(`${local.server.url}/app-config.json`)).json()) as {
        modelCatalog: ModelCatalog;
      };
      expect(modelIds(config.modelCatalog.engines['openai-compatible'])).toEqual(DEFAULT_COMPATIBLE_MODELS);
    });

    it('refuses a model the server does not have, naming the engine and the model, after one listing again', async () => {
      passThrottle();
      const error = await expectError(
        await chat(local.server, token, { model: 'mistral:7b', stream: true }),
        400,
        'model_not_found',
      );
      expect(error.message).toBe(
        'Ollama has no model "mistral:7b". Choose another model in Settings, or load it on the model server.',
      );
      expect(compatibleRequests('models')).toHaveLength(1);
      expect(compatibleRequests('chat')).toHaveLength(0);
    });

    it('finds a model pulled after the start without a restart: the unknown model makes it list again', async () => {
      passThrottle();
      scenario({ models: [...DEFAULT_COMPATIBLE_MODELS, 'mistral:7b'], text, ...fast });
      const { content } = await readStream(
        await chat(local.server, token, { model: 'mistral:7b', stream: true }),
      );
      expect(content).toBe(text);
      expect(compatibleRequests('models')).toHaveLength(1);
      const { engine } = await compatibleEngine(local.server, token);
      expect(modelIds(engine)).toContain('mistral:7b');
    });

    it('lists again on /models?refresh=1, at most once per 10 s however often it is asked', async () => {
      passThrottle();
      scenario({ models: ['llama3.2:3b', 'gemma3:4b'] });
      const [first, second] = await Promise.all([
        compatibleEngine(local.server, token, true),
        compatibleEngine(local.server, token, true),
      ]);
      expect(modelIds(first.engine)).toEqual(['llama3.2:3b', 'gemma3:4b']);
      expect(modelIds(second.engine)).toEqual(['llama3.2:3b', 'gemma3:4b']);
      expect(compatibleRequests('models')).toHaveLength(1);

      // Pulled within the 10 s: neither a refresh nor a request for it lists again.
      scenario({ models: ['llama3.2:3b', 'gemma3:4b', 'phi4:14b'], text, ...fast });
      clock += 9_999;
      expect(modelIds((await compatibleEngine(local.server, token, true)).engine)).not.toContain('phi4:14b');
      await expectError(await chat(local.server, token, { model: 'phi4:14b' }), 400, 'model_not_found');
      expect(compatibleRequests('models')).toHaveLength(1);
      expect(compatibleRequests('chat')).toHaveLength(0);

      clock += 1;
      expect(modelIds((await compatibleEngine(local.server, token, true)).engine)).toContain('phi4:14b');
      expect(compatibleRequests('models')).toHaveLength(2);
      const { content } = await readStream(
        await chat(local.server, token, { model: 'phi4:14b', stream: true }),
      );
      expect(content).toBe(text);
    });

    it('keeps the models it knew when a listing fails, says why, and lets requests through to the server meanwhile', async () => {
      passThrottle();
      scenario({ models: [...DEFAULT_COMPATIBLE_MODELS] });
      await compatibleEngine(local.server, token, true);

      passThrottle();
      scenario({ modelsError: 503, text, ...fast });
      const { engine } = await compatibleEngine(local.server, token, true);
      expect(engine.unavailable).toBe('Ollama answered 503 when asked for its models.');
      expect(modelIds(engine)).toEqual(DEFAULT_COMPATIBLE_MODELS);

      // A listed model still writes; one the list does not know is asked of the server itself,
      // without listing again, and the server's own "not found" is what the person reads.
      fake.requests.length = 0;
      const { content } = await readStream(
        await chat(local.server, token, { model: 'qwen3:8b', stream: true }),
      );
      expect(content).toBe(text);
      const error = await expectError(
        await chat(local.server, token, { model: 'mistral-nemo:12b', stream: true }),
        400,
        'model_not_found',
      );
      expect(error.message).toContain('Ollama has no model "mistral-nemo:12b"');
      expect(compatibleRequests('chat').map((request) => (request.body as { model: string }).model)).toEqual([
        'qwen3:8b',
        'mistral-nemo:12b',
      ]);
      expect(compatibleRequests('models')).toHaveLength(0);

      // Back up: the next time someone opens the app (a plain /models, once the 10 s have passed)
      // the server is listed again, and the message goes.
      scenario({});
      expect((await compatibleEngine(local.server, token)).engine.unavailable).toBeDefined();
      expect(compatibleRequests('models')).toHaveLength(0);
      passThrottle();
      const back = await compatibleEngine(local.server, token);
      expect(compatibleRequests('models')).toHaveLength(1);
      expect(back.engine.unavailable).toBeUndefined();
      expect(modelIds(back.engine)).toEqual(DEFAULT_COMPATIBLE_MODELS);
    });
  });

  describe('errors', () => {
    it('turns Ollama’s 404 for a listed model that is gone into 400 model_not_found', async () => {
      // Still in the catalog, but removed from the server since.
      scenario({ models: ['llama3.2:3b'] });
      const error = await expectError(
        await chat(local.server, token, { model: 'qwen3:8b', stream: true }),
        400,
        'model_not_found',
      );
      expect(error.message).toBe(
        'Ollama has no model "qwen3:8b". Choose another model in Settings, or load it on the model server.',
      );
    });

    it('recognises the 404 for a gone model whose id is long and mixed-case (vLLM, Hugging Face ids)', async () => {
      const model = 'mistralai/Mistral-Small-24B-Instruct-2501';
      passThrottle();
      scenario({ models: [model] });
      expect(modelIds((await compatibleEngine(local.server, token, true)).engine)).toEqual([model]);
      try {
        scenario({ models: [] });
        const error = await expectError(
          await chat(local.server, token, { model, stream: true }),
          400,
          'model_not_found',
        );
        expect(error.message).toContain(`Ollama has no model "${model}"`);
      } finally {
        // The catalog as the other tests expect it.
        passThrottle();
        scenario({});
        await compatibleEngine(local.server, token, true);
      }
    });

    it('answers a framework’s 404 ({"detail":"Not Found"}) with 502 provider_not_found about OPENAI_COMPATIBLE_BASE_URL', async () => {
      scenario({ nonOpenAiError: NON_OPENAI_ERRORS.fastApiNotFound });
      const error = await expectError(
        await chat(local.server, token, { model: 'llama3.2:3b', stream: true }),
        502,
        'provider_not_found',
      );
      expect(error.message).toBe(
        'Ollama API error: 404 Not Found. Its address has no chat completions: ask whoever runs this app to check OPENAI_COMPATIBLE_BASE_URL (it usually ends in /v1).',
      );
    });

    it('answers a proxy’s HTML 502 page with our JSON error, none of the page in it', async () => {
      scenario({ nonOpenAiError: NON_OPENAI_ERRORS.proxyHtml });
      const response = await chat(local.server, token, { model: 'llama3.2:3b', stream: true });
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.headers.get('x-should-retry')).toBe('true');
      const error = await expectError(response, 502, 'provider_error');
      expect(error.message).toBe('Ollama API error: 502 Bad Gateway');
    });

    it('ends a stream whose server sends an error event with our sanitised error event, no [DONE]', async () => {
      scenario({ text, midStreamError: 3, ...fast });
      const { data, last, content } = await readStream(
        await chat(local.server, token, { model: 'llama3.2:3b', stream: true }),
      );
      expect(content).toBe(
        text
          .match(/\S+\s*|\s+/g)!
          .slice(0, 3)
          .join(''),
      );
      expect(data).not.toContain('[DONE]');
      expect(last?.error).toEqual({
        message: 'Ollama API error: Service Unavailable',
        type: 'api_error',
        code: 'provider_error',
      });
    });

    it('ends a stream with a garbled chunk with our stream_interrupted event instead of the broken JSON', async () => {
      scenario({ text, malformedChunkAfter: 3, ...fast });
      const { data, last, raw } = await readStream(
        await chat(local.server, token, { model: 'llama3.2:3b', stream: true }),
      );
      expect(raw).not.toContain('oops');
      expect(data).not.toContain('[DONE]');
      expect(last?.error).toMatchObject({ type: 'api_error', code: 'stream_interrupted' });
      expect(last?.error?.message).toContain('Ollama');

      // The browser keeps the words so far and says the post is unfinished (and logs nothing).
      scenario({ text, malformedChunkAfter: 3, ...fast });
      const updates: string[] = [];
      await expect(
        compatibleCompletion(
          {
            model: 'llama3.2:3b',
            label: 'Ollama',
            messages: [{ role: 'user', content: 'Hi' }],
            temperature: 0.7,
            maxTokens: 500,
          },
          { apiBaseUrl: `${local.server.url}/api`, accessToken: token },
          (cumulative) => updates.push(cumulative),
        ),
      ).rejects.toThrow('The connection to Ollama was interrupted before the post was finished.');
      expect(updates.at(-1)).toBe(
        text
          .match(/\S+\s*|\s+/g)!
          .slice(0, 3)
          .join(''),
      );
    });

    it('ends a stream whose connection is cut with our stream_interrupted event', async () => {
      scenario({ text, disconnectAfterChunks: 2, ...fast });
      const { data, last } = await readStream(
        await chat(local.server, token, { model: 'llama3.2:3b', stream: true }),
      );
      expect(data).not.toContain('[DONE]');
      expect(last?.error).toEqual({
        message: 'Ollama API error: The connection to Ollama was cut before the post was finished.',
        type: 'api_error',
        code: 'stream_interrupted',
      });
    });
  });

  describe('a server that refuses one of our fields', () => {
    const maxTokensRefused = {
      error: {
        message:
          "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        type: 'invalid_request_error',
        param: 'max_tokens',
        code: 'unsupported_parameter',
      },
    };

    it('asks again with max_completion_tokens when max_tokens is refused (OpenAI’s reasoning models)', async () => {
      scenario({ failFirst: { times: 1, status: 400, body: maxTokensRefused }, text, ...fast });
      const { content } = await readStream(
        await chat(local.server, token, { model: 'llama3.2:3b', stream: true }),
      );
      expect(content).toBe(text);
      const [refused, adapted, ...more] = compatibleRequests('chat');
      expect(more).toHaveLength(0);
      expect(refused?.body).toMatchObject({ max_tokens: 500 });
      expect(adapted?.body).toMatchObject({ max_completion_tokens: 500, temperature: 0.7, stream: true });
      expect(adapted?.body).not.toHaveProperty('max_tokens');
    });

    it('asks again without a temperature the model does not take', async () => {
      const temperatureRefused = {
        error: {
          message:
            "Unsupported value: 'temperature' does not support 0.7 with this model. Only the default (1) value is supported.",
          type: 'invalid_request_error',
          param: 'temperature',
          code: 'unsupported_value',
        },
      };
      scenario({ failFirst: { times: 1, status: 400, body: temperatureRefused }, text });
      const response = await chat(local.server, token, { model: 'llama3.2:3b' });
      expect(response.status).toBe(200);
      const [, adapted] = compatibleRequests('chat');
      expect(adapted?.body).not.toHaveProperty('temperature');
      expect(adapted?.body).toMatchObject({ max_tokens: 500 });
    });

    it('passes any other 400 on as our error, asking only once', async () => {
      const other = {
        error: { message: "Invalid 'messages[1].content': string too long.", type: 'invalid_request_error' },
      };
      scenario({ failFirst: { times: 3, status: 400, body: other } });
      const error = await expectError(
        await chat(local.server, token, { model: 'llama3.2:3b', stream: true }),
        400,
        'provider_error',
      );
      expect(error.message).toBe(
        "Ollama API error: 400 Bad Request (Invalid 'messages[1].content': string too long.)",
      );
      expect(compatibleRequests('chat')).toHaveLength(1);
    });
  });
});

describe('a server with a key (OpenRouter, OpenAI)', () => {
  // Not key-shaped: only hiding it by value keeps it out of an answer.
  const key = 'openrouter-test-key-kept-on-the-server';
  const userLimit = 3;
  let keyed: CompatibleServer;
  let startListing: RecordedRequest[];
  beforeAll(async () => {
    fake.reset();
    scenario({ requireKey: key });
    keyed = await startCompatibleServer(
      {
        OPENAI_COMPATIBLE_BASE_URL: compatibleBaseUrl(),
        OPENAI_COMPATIBLE_API_KEY: key,
        GROQ_API_KEY: 'gsk_compatible_test_key',
        GROQ_BASE_URL: fake.url,
      },
      { quota: { requests: userLimit, windowSeconds: 3600, requestsPerAddress: 100_000 } },
    );
    startListing = compatibleRequests('models');
  });
  afterAll(() => keyed?.close());
  afterEach(() => fake.reset());

  it('sends the key as a bearer token, to the listing and to chat', async () => {
    expect(startListing.map((request) => request.headers.authorization)).toEqual([`Bearer ${key}`]);
    const token = await userToken(keyed.server);
    const { engine } = await compatibleEngine(keyed.server, token);
    expect(engine.label).toBe('OpenAI-compatible');
    expect(engine.unavailable).toBeUndefined();

    scenario({ requireKey: key, text, ...fast });
    const { content } = await readStream(
      await chat(keyed.server, token, { model: 'llama3.2:3b', stream: true }),
    );
    expect(content).toBe(text);
    const [sent] = compatibleRequests('chat');
    expect(sent?.headers.authorization).toBe(`Bearer ${key}`);
    expect(sent?.headers.authorization).not.toContain(token);
  });

  it('never shows the key in an error, whatever the server echoes', async () => {
    const echo = (status: number) => ({
      status,
      body: {
        error: { message: `Key ${key} may not use this model (${status})`, type: 'invalid_request_error' },
      },
    });
    const answers: Response[] = [];
    for (const status of [400, 401, 404, 429, 500]) {
      // A user each: two requests per status stay within the small budget of this server.
      const token = await userToken(keyed.server);
      scenario({ error: echo(status) });
      answers.push(await chat(keyed.server, token, { model: 'llama3.2:3b', stream: true }));
      answers.push(await chat(keyed.server, token, { model: 'llama3.2:3b' }));
    }
    expect(answers.map((answer) => answer.status)).toEqual([
      400, 400, 401, 401, 502, 502, 429, 429, 500, 500,
    ]);
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    for (const body of bodies) {
      expect(body).not.toContain(key);
      expect((JSON.parse(body) as { error: { message: string } }).error.message).toMatch(
        /^OpenAI-compatible /,
      );
    }
  });

  it('says the key was refused, in the listing as in chat', async () => {
    const token = await userToken(keyed.server);
    scenario({ requireKey: 'a-different-key' });
    const error = await expectError(
      await chat(keyed.server, token, { model: 'llama3.2:3b', stream: true }),
      401,
      'provider_error',
    );
    expect(error.message).toBe('OpenAI-compatible API error: 401 Unauthorized (Incorrect API key provided)');
    passThrottle();
    const { engine } = await compatibleEngine(keyed.server, token, true);
    expect(engine.unavailable).toBe(
      'OpenAI-compatible answered 401 when asked for its models. Check OPENAI_COMPATIBLE_API_KEY on the server.',
    );
    expect(modelIds(engine)).toEqual(DEFAULT_COMPATIBLE_MODELS);
  });

  it('answers 401 without a token, before anything reaches the server', async () => {
    await expectError(
      await chat(keyed.server, null, { model: 'llama3.2:3b', stream: true }),
      401,
      'invalid_token',
    );
    await expectError(await models(keyed.server, null, true), 401, 'invalid_token');
    expect(fake.requests).toHaveLength(0);
  });

  it('counts against the same budget as Groq: 429 once API_RATE_LIMIT_REQUESTS are spent', async () => {
    const token = await userToken(keyed.server);
    scenario({ requireKey: key, text, ...fast });
    fake.setScenario('groq', { text, ...fast });
    const groq = () =>
      chat(keyed.server, token, { model: 'openai/gpt-oss-20b' }, '/groq/openai/v1/chat/completions');
    const first = await groq();
    expect(first.status).toBe(200);
    await first.body?.cancel();
    for (let i = 1; i < userLimit; i += 1) {
      const response = await chat(keyed.server, token, { model: 'llama3.2:3b' });
      expect(response.status).toBe(200);
      await response.body?.cancel();
    }
    // Spent by one Groq call and two of the compatible engine's: Groq is refused…
    await expectError(await groq(), 429, 'rate_limited');
    // …and so is the compatible engine, which does not even ask its server now.
    const reached = compatibleRequests('chat').length;
    const refused = await chat(keyed.server, token, { model: 'llama3.2:3b', stream: true });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('x-should-retry')).toBe('false');
    await expectError(refused, 429, 'rate_limited');
    expect(compatibleRequests('chat')).toHaveLength(reached);
  });
});

describe('a server that is down', () => {
  let down: CompatibleServer;
  beforeAll(async () => {
    down = await startCompatibleServer({
      OPENAI_COMPATIBLE_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1`,
      OPENAI_COMPATIBLE_LABEL: 'LM Studio',
    });
  });
  afterAll(() => down?.close());

  it('shows why there are no models, and answers 502 "Could not reach" to a request that tried it', async () => {
    const token = await userToken(down.server);
    const { engine, configured } = await compatibleEngine(down.server, token);
    expect(configured['openai-compatible']).toBe(true);
    expect(engine.models).toEqual([]);
    expect(engine.unavailable).toBe('Could not reach LM Studio to list its models. Is its server running?');

    // The model cannot be checked against a list: the request goes to the server, which is not there.
    const response = await chat(down.server, token, { model: 'any-model', stream: true });
    expect(response.headers.get('x-should-retry')).toBe('true');
    const error = await expectError(response, 502, 'provider_unreachable');
    expect(error.message).toBe('Could not reach LM Studio. Please try again.');
  });
});

describe('a server without OPENAI_COMPATIBLE_BASE_URL', () => {
  let unset: CompatibleServer;
  beforeAll(async () => {
    fake.reset();
    unset = await startCompatibleServer({ GROQ_API_KEY: 'gsk_compatible_test_key', GROQ_BASE_URL: fake.url });
  });
  afterAll(() => unset?.close());

  it('answers 503 naming the variable to set, and says the engine is not configured', async () => {
    const token = await userToken(unset.server);
    const error = await expectError(
      await chat(unset.server, token, { model: 'llama3.2:3b', stream: true }),
      503,
      'provider_not_configured',
    );
    expect(error.message).toBe(
      'OpenAI-compatible is not configured on this server: set OPENAI_COMPATIBLE_BASE_URL',
    );
    const { engine, configured } = await compatibleEngine(unset.server, token, true);
    expect(configured['openai-compatible']).toBe(false);
    expect(engine.models).toEqual([]);
  });
});

describe('MODEL_CATALOG_FILE listing the engine’s models', () => {
  let listed: CompatibleServer;
  let dir: string;
  const fileEngine = {
    label: 'Ollama',
    description: 'The models on the office server',
    models: [{ id: 'llama3.2:3b', label: 'Llama 3.2 (3B)', engine: 'openai-compatible', reasoning: false }],
  };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'compatible-catalog-'));
    const file = path.join(dir, 'models.json');
    const { groq, anthropic } = defaultModelCatalog.engines;
    await writeFile(file, JSON.stringify({ engines: { groq, anthropic, 'openai-compatible': fileEngine } }));
    fake.reset();
    listed = await startCompatibleServer(
      { OPENAI_COMPATIBLE_BASE_URL: compatibleBaseUrl() },
      { catalog: await loadModelCatalog(file) },
    );
  });
  afterAll(async () => {
    await listed?.close();
    await rm(dir, { recursive: true, force: true });
  });
  afterEach(() => fake.reset());

  it('uses the listed models as they are and never asks the server for its list', async () => {
    const token = await userToken(listed.server);
    passThrottle();
    const { engine } = await compatibleEngine(listed.server, token, true);
    expect(engine).toEqual(fileEngine);

    scenario({ text, ...fast });
    const { content } = await readStream(
      await chat(listed.server, token, { model: 'llama3.2:3b', stream: true }),
    );
    expect(content).toBe(text);
    // On the server, but not in the file: refused without a listing.
    passThrottle();
    await expectError(await chat(listed.server, token, { model: 'qwen3:8b' }), 400, 'model_not_found');
    expect(compatibleRequests('models')).toHaveLength(0);
    expect(compatibleRequests('chat')).toHaveLength(1);
  });
});

describe('a server that fails in ways the fake does not', () => {
  type Handler = (req: IncomingMessage, res: ServerResponse) => void;
  let answer: Handler;
  let provider: Server;
  let edge: CompatibleServer;
  beforeAll(async () => {
    provider = createServer((req, res) => {
      if (req.url === '/v1/models') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [{ id: 'llama3.2:3b' }] }));
        return;
      }
      answer(req, res);
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const { port } = provider.address() as AddressInfo;
    edge = await startCompatibleServer({
      OPENAI_COMPATIBLE_BASE_URL: `http://127.0.0.1:${port}/v1`,
      OPENAI_COMPATIBLE_LABEL: 'vLLM',
    });
  });
  afterAll(async () => {
    await edge?.close();
    provider?.closeAllConnections();
    await new Promise<void>((resolve) => provider?.close(() => resolve()));
  });

  it('ends the stream with our stream_interrupted event when a whole completion is cut off midway', async () => {
    answer = (req, res) => {
      req.resume();
      const half =
        '{"id":"chatcmpl-1","object":"chat.completion","choices":[{"index":0,"message":{"content":"Half a po';
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(half.length * 2) });
      res.write(half, () => res.destroy());
    };
    const { data, last } = await readStream(
      await chat(edge.server, await userToken(edge.server), { model: 'llama3.2:3b', stream: true }),
    );
    expect(data).toHaveLength(1);
    expect(last?.error).toEqual({
      message: 'vLLM API error: The connection to vLLM was cut before the post was finished.',
      type: 'api_error',
      code: 'stream_interrupted',
    });
  });

  it('answers 502 (to be tried again) when a completion that was not streamed is cut off midway', async () => {
    answer = (req, res) => {
      req.resume();
      const half =
        '{"id":"chatcmpl-1","object":"chat.completion","choices":[{"index":0,"message":{"content":"Half a po';
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(half.length * 2) });
      res.write(half, () => res.destroy());
    };
    const response = await chat(edge.server, await userToken(edge.server), { model: 'llama3.2:3b' });
    expect(response.headers.get('x-should-retry')).toBe('true');
    const error = await expectError(response, 502, 'provider_unreachable');
    expect(error.message).toBe(
      'The connection to vLLM was cut before its reply was finished. Please try again.',
    );
  });

  it('passes a 400 whose body is cut off on as our error, without a detail', async () => {
    answer = (req, res) => {
      req.resume();
      const half = '{"error":{"message":"Unsupported parameter: \'max_tokens\' is not supp';
      res.writeHead(400, { 'content-type': 'application/json', 'content-length': String(half.length * 2) });
      res.write(half, () => res.destroy());
    };
    const response = await chat(edge.server, await userToken(edge.server), {
      model: 'llama3.2:3b',
      stream: true,
    });
    const error = await expectError(response, 400, 'provider_error');
    expect(error.message).toBe('vLLM API error: 400 Bad Request');
  });

  it('hangs up on the model server when the browser leaves while the model loads', async () => {
    let entered!: () => void;
    let hungUp!: () => void;
    const arrived = new Promise<void>((resolve) => (entered = resolve));
    const closed = new Promise<void>((resolve) => (hungUp = resolve));
    answer = (req, res) => {
      req.resume();
      res.once('close', () => hungUp());
      entered();
    };
    const leave = new AbortController();
    const token = await userToken(edge.server);
    const sent = fetch(`${edge.server.url}/api${chatPath}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'llama3.2:3b',
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
      }),
      signal: leave.signal,
    });
    await arrived;
    leave.abort();
    await expect(sent).rejects.toThrow();
    await closed;
  });
});
