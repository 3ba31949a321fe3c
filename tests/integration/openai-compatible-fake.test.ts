import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CAROUSEL_REQUEST_MARKER,
  COMPATIBLE_BASE_PATH,
  DEFAULT_CAROUSEL_REPLY,
  DEFAULT_COMPATIBLE_MODELS,
  DEFAULT_THINKING,
  MALFORMED_CAROUSEL_REPLY,
  NON_OPENAI_ERRORS,
  startFakeProviders,
  type FakeProviders,
  type OpenAiCompatibleScenario,
  type RecordedRequest,
} from '../../harness/fakes/fake-providers.ts';
import { waitForClient } from '../../harness/fakes/http-utils.ts';

let fake: FakeProviders;
const fast = { tokensPerSecond: 2000 };
const text = 'Hello from a local model.\n\nSecond line with an emoji 🚀 and a closing question?';

beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

const scenario = (value: OpenAiCompatibleScenario) => fake.setScenario('openai-compatible', value);
const models = (headers: Record<string, string> = {}) =>
  fetch(`${fake.url}${COMPATIBLE_BASE_PATH}/models`, { headers });

/** POST {base}/chat/completions with no Authorization header unless one is given, as for a local server. */
function complete(
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(`${fake.url}${COMPATIBLE_BASE_PATH}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'Write a post' }], ...body }),
    ...(signal ? { signal } : {}),
  });
}

interface Chunk {
  object: string;
  choices: {
    delta: { role?: string; content?: string | null; reasoning_content?: string };
    finish_reason: string | null;
  }[];
  usage?: { completion_tokens: number };
}

/** The `data:` payloads of an event stream, in order (each event here is one data line). */
function events(raw: string): string[] {
  return raw
    .split('\n\n')
    .filter((event) => event.trim() !== '')
    .map((event) => event.replace(/^data: /, ''));
}

/** A stream's chunks (up to `[DONE]`) and what their deltas say, joined. */
async function streamed(response: Response) {
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  const all = events(await response.text());
  const chunks = all.filter((event) => event !== '[DONE]').map((event) => JSON.parse(event) as Chunk);
  const deltas = chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.delta));
  return {
    all,
    chunks,
    content: deltas.map((delta) => delta.content ?? '').join(''),
    reasoning: deltas.map((delta) => delta.reasoning_content ?? '').join(''),
    deltas,
  };
}

describe('fake OpenAI-compatible server: /models', () => {
  it('lists the default models in OpenAI shape without any key', async () => {
    const response = await models();
    expect(response.status).toBe(200);
    const listed = (await response.json()) as { object: string; data: Record<string, unknown>[] };
    expect(listed.object).toBe('list');
    expect(listed.data.map((model) => model.id)).toEqual([
      'llama3.2:3b',
      'qwen3:8b',
      'deepseek-r1:7b',
      'no-stream-model',
    ]);
    expect(listed.data.map((model) => model.id)).toEqual(DEFAULT_COMPATIBLE_MODELS);
    for (const model of listed.data)
      expect(model).toEqual({
        id: model.id,
        object: 'model',
        created: expect.any(Number),
        owned_by: 'library',
      });
  });

  it('replaces the list with `models` (chat then refuses the old ids) and fails with `modelsError`', async () => {
    scenario({ models: ['mistral:7b'], ...fast });
    expect(((await (await models()).json()) as { data: { id: string }[] }).data.map(({ id }) => id)).toEqual([
      'mistral:7b',
    ]);
    expect((await complete({ model: 'mistral:7b' })).status).toBe(200);
    expect((await complete({ model: 'llama3.2:3b' })).status).toBe(404);

    scenario({ modelsError: 503 });
    const failed = await models();
    expect(failed.status).toBe(503);
    expect(await failed.json()).toMatchObject({ error: { type: 'server_error' } });
  });
});

describe('fake OpenAI-compatible server: chat completions', () => {
  it('streams plain content: a role chunk, one delta per token, a stop chunk and [DONE]', async () => {
    scenario({ text, ...fast });
    const { all, chunks, content, deltas } = await streamed(
      await complete({ model: 'llama3.2:3b', stream: true }),
    );
    expect(content).toBe(text);
    expect(deltas[0]).toEqual({ role: 'assistant', content: '' });
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks.at(-1)?.choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
    expect(all.at(-1)).toBe('[DONE]');
    expect(deltas.some((delta) => 'reasoning_content' in delta)).toBe(false);
  });

  it('adds a usage chunk with no choices when stream_options.include_usage is asked', async () => {
    scenario({ text, ...fast });
    const { chunks } = await streamed(
      await complete({ model: 'llama3.2:3b', stream: true, stream_options: { include_usage: true } }),
    );
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { completion_tokens: expect.any(Number) } });
  });

  it('answers a chat.completion as JSON when not streaming', async () => {
    scenario({ text });
    const response = await complete({ model: 'llama3.2:3b' });
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toMatchObject({
      object: 'chat.completion',
      model: 'llama3.2:3b',
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      usage: { total_tokens: expect.any(Number) },
    });
  });

  it('streams a reasoning model’s thinking in several reasoning_content chunks before the content', async () => {
    scenario({ text, ...fast });
    const { deltas, content, reasoning } = await streamed(
      await complete({ model: 'qwen3:8b', stream: true }),
    );
    expect(reasoning).toBe(DEFAULT_THINKING);
    expect(content).toBe(text);
    const thinking = deltas.filter((delta) => delta.reasoning_content !== undefined);
    expect(thinking.length).toBeGreaterThan(3);
    // content: null beside the thinking, as DeepSeek's API sends it.
    expect(thinking.every((delta) => delta.content === null)).toBe(true);
    const lastThought = deltas.findLastIndex((delta) => delta.reasoning_content !== undefined);
    const firstWord = deltas.findIndex((delta) => typeof delta.content === 'string' && delta.content !== '');
    expect(lastThought).toBeLessThan(firstWord);
  });

  it('gives a reasoning model’s thinking in message.reasoning_content when not streaming', async () => {
    scenario({ text, thinking: 'Plan: hook, lessons, question.' });
    expect(await (await complete({ model: 'qwen3:8b' })).json()).toMatchObject({
      choices: [{ message: { content: text, reasoning_content: 'Plan: hook, lessons, question.' } }],
    });
  });

  it('starts deepseek-r1’s content with <think>…</think>, as Ollama does', async () => {
    scenario({ text, ...fast });
    const { content, reasoning } = await streamed(await complete({ model: 'deepseek-r1:7b', stream: true }));
    expect(content).toBe(`<think>\n${DEFAULT_THINKING}\n</think>\n\n${text}`);
    expect(reasoning).toBe('');
  });

  it('answers JSON to a stream request for a model without streaming', async () => {
    scenario({ text });
    const response = await complete({ model: 'no-stream-model', stream: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toMatchObject({
      object: 'chat.completion',
      choices: [{ message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    });
  });

  it('answers an unknown model with Ollama’s 404 body', async () => {
    const response = await complete({ model: 'llama9:400b', stream: true });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        message: 'model "llama9:400b" not found, try pulling it first',
        type: 'api_error',
        param: null,
        code: null,
      },
    });
  });

  it('shares the Groq fake’s reply rules and carousel replies', async () => {
    scenario({
      replyWhen: [
        { contains: 'rewrite', text: 'Rewritten.' },
        { contains: 'fail', error: { status: 429 } },
      ],
      malformedCarousels: 1,
      ...fast,
    });
    const say = (content: string) =>
      complete({ model: 'llama3.2:3b', messages: [{ role: 'user', content }] });
    const replyOf = async (response: Response) =>
      ((await response.json()) as { choices: { message: { content: string } }[] }).choices[0]?.message
        .content;
    expect(await replyOf(await say('Please rewrite this'))).toBe('Rewritten.');
    const limited = await say('fail now');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await limited.json()).toMatchObject({ error: { code: 'rate_limit_exceeded' } });
    expect(await replyOf(await say(`${CAROUSEL_REQUEST_MARKER}:\n\nA post`))).toBe(MALFORMED_CAROUSEL_REPLY);
    expect(await replyOf(await say(`${CAROUSEL_REQUEST_MARKER}:\n\nA post`))).toBe(DEFAULT_CAROUSEL_REPLY);
  });

  it('fails the first requests with failFirst, then answers', async () => {
    scenario({ failFirst: { times: 1, status: 500 }, ...fast });
    const failed = await complete({ model: 'llama3.2:3b' });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ error: { type: 'server_error' } });
    expect((await complete({ model: 'llama3.2:3b' })).status).toBe(200);
  });
});

describe('fake OpenAI-compatible server: keys', () => {
  const unauthorized = {
    error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' },
  };

  it('takes any key or none by default', async () => {
    scenario(fast);
    expect((await complete({ model: 'llama3.2:3b' })).status).toBe(200);
    expect((await complete({ model: 'llama3.2:3b' }, { authorization: 'Bearer anything' })).status).toBe(200);
  });

  it('with requireKey, refuses a missing or wrong bearer with OpenAI’s 401 body', async () => {
    scenario({ requireKey: 'sk-local', ...fast });
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer sk-wrong' }];
    for (const headers of attempts) {
      const refused = await complete({ model: 'llama3.2:3b', stream: true }, headers);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual(unauthorized);
      expect((await models(headers)).status).toBe(401);
    }
    const auth = { authorization: 'Bearer sk-local' };
    expect((await complete({ model: 'llama3.2:3b' }, auth)).status).toBe(200);
    expect((await models(auth)).status).toBe(200);
  });
});

describe('fake OpenAI-compatible server: bad input the app must survive', () => {
  it('firstTokenDelayMs holds the response head without holding up other requests', async () => {
    scenario({ firstTokenDelayMs: 400, text, ...fast });
    const started = Date.now();
    const slow = complete({ model: 'llama3.2:3b', stream: true }).then((response) => ({
      response,
      headAfter: Date.now() - started,
    }));
    const list = await models();
    expect(list.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(350);
    const { response, headAfter } = await slow;
    expect(headAfter).toBeGreaterThanOrEqual(390);
    expect((await streamed(response)).content).toBe(text);

    const jsonStarted = Date.now();
    const json = await complete({ model: 'no-stream-model', stream: true });
    expect(Date.now() - jsonStarted).toBeGreaterThanOrEqual(390);
    expect(json.status).toBe(200);
  });

  it('firstTokenDelayMs ends early when the client gives up', async () => {
    scenario({ firstTokenDelayMs: 60_000, ...fast });
    const controller = new AbortController();
    const request = complete({ model: 'llama3.2:3b', stream: true }, {}, controller.signal);
    await expect.poll(() => fake.requests.length).toBe(1);
    controller.abort();
    await expect(request).rejects.toThrow();
    // The wait is a timer that a closed response ends at once.
    const res = Object.assign(new EventEmitter(), { destroyed: false }) as unknown as ServerResponse;
    const waited = waitForClient(res, 60_000);
    res.emit('close');
    expect(await waited).toBe(false);
    expect(await waitForClient(res, 5)).toBe(true);
  });

  it('nonOpenAiError sends the raw body and content type (an HTML 502, FastAPI’s detail)', async () => {
    scenario({ nonOpenAiError: NON_OPENAI_ERRORS.proxyHtml });
    const proxy = await complete({ model: 'llama3.2:3b', stream: true });
    expect(proxy.status).toBe(502);
    expect(proxy.headers.get('content-type')).toBe('text/html');
    expect(await proxy.text()).toContain('<h1>502 Bad Gateway</h1>');

    scenario({ nonOpenAiError: NON_OPENAI_ERRORS.fastApiNotFound });
    const fastApi = await complete({ model: 'llama3.2:3b' });
    expect(fastApi.status).toBe(404);
    expect(await fastApi.json()).toEqual({ detail: 'Not Found' });
    // /models is not behind it.
    expect((await models()).status).toBe(200);
  });

  it('malformedChunkAfter sends a chunk of broken JSON after n content chunks and ends without [DONE]', async () => {
    scenario({ text, malformedChunkAfter: 3, ...fast });
    const response = await complete({ model: 'llama3.2:3b', stream: true });
    const all = events(await response.text());
    // The role chunk, three content chunks, the broken one.
    expect(all).toHaveLength(5);
    const content = all.slice(1, 4).map((event) => (JSON.parse(event) as Chunk).choices[0]?.delta.content);
    expect(content.join('')).toBe('Hello from a ');
    expect(all.at(-1)).toBe('{"id":"chatcmpl-x","choices":[{"delta":{"content":"oops');
    expect(() => JSON.parse(all.at(-1) ?? '')).toThrow();
  });

  it('midStreamError sends an error event and disconnectAfterChunks cuts the connection', async () => {
    scenario({ text, midStreamError: 2, ...fast });
    const failed = events(await (await complete({ model: 'qwen3:8b', stream: true })).text());
    expect(JSON.parse(failed.at(-1) ?? '')).toEqual({
      error: { message: 'Service Unavailable', type: 'internal_server_error' },
    });
    expect(failed).not.toContain('[DONE]');

    scenario({ text, disconnectAfterChunks: 2, ...fast });
    const cut = await complete({ model: 'llama3.2:3b', stream: true });
    await expect(cut.text()).rejects.toThrow();
  });
});

describe('fake OpenAI-compatible server: recorded requests', () => {
  it('records the body and headers the app sent, also through the control API', async () => {
    const control = await fetch(`${fake.url}/__control/scenario`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'openai-compatible', scenario: { text: 'set over HTTP', ...fast } }),
    });
    expect(control.status).toBe(200);
    await models();
    const answer = await complete({ model: 'llama3.2:3b', stream: true, temperature: 0.7 });
    expect((await streamed(answer)).content).toBe('set over HTTP');

    const listed = (await (
      await fetch(`${fake.url}/__control/requests?provider=openai-compatible`)
    ).json()) as RecordedRequest[];
    expect(listed.map(({ method, path }) => [method, path])).toEqual([
      ['GET', '/openai-compatible/v1/models'],
      ['POST', '/openai-compatible/v1/chat/completions'],
    ]);
    const chat = listed[1];
    expect(chat?.provider).toBe('openai-compatible');
    expect(chat?.headers.authorization).toBeUndefined();
    expect(chat?.body).toEqual({
      messages: [{ role: 'user', content: 'Write a post' }],
      model: 'llama3.2:3b',
      stream: true,
      temperature: 0.7,
    });
    expect(chat?.body).not.toHaveProperty('reasoning_format');
    expect(chat?.body).not.toHaveProperty('include_reasoning');
  });
});
