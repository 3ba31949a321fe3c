import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { startApiTestServer, testProviders, useApiTestServer } from '../helpers/api-server.ts';
import { startHangingProvider } from '../helpers/hanging-provider.ts';
import { signedInClient } from '../helpers/test-server.ts';

const messagesUrl = `${testProviders.ANTHROPIC_BASE_URL}/v1/messages`;
const api = useApiTestServer();
const { providers } = api;

const encoder = new TextEncoder();
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const disconnectMessage = 'The AI provider closed the connection before finishing. Please try again.';

const event = (name: string, data: unknown, eol = '\n') =>
  `event: ${name}${eol}data: ${typeof data === 'string' ? data : JSON.stringify(data)}${eol}${eol}`;
const textDelta = (text: string) =>
  event('content_block_delta', {
    type: 'content_block_delta',
    index: 0,
    delta: { type: 'text_delta', text },
  });
const messageStart = event('message_start', {
  type: 'message_start',
  message: {
    id: 'msg_01',
    type: 'message',
    role: 'assistant',
    content: [],
    model: 'claude-sonnet-4-6',
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 25, output_tokens: 1 },
  },
});
const blockStart = event('content_block_start', {
  type: 'content_block_start',
  index: 0,
  content_block: { type: 'text', text: '' },
});
const ping = event('ping', '{"type": "ping"}');
const blockStop = event('content_block_stop', { type: 'content_block_stop', index: 0 });
const messageDelta = event('message_delta', {
  type: 'message_delta',
  delta: { stop_reason: 'end_turn', stop_sequence: null },
  usage: { output_tokens: 15 },
});
const messageStop = event('message_stop', { type: 'message_stop' });

/** Streams `text` in pieces of `size` bytes (cutting events, lines and UTF-8 characters), optionally failing at the end. */
function providerStream(
  text: string,
  size: number,
  options: { fail?: boolean } = {},
): ReadableStream<Uint8Array> {
  const bytes = encoder.encode(text);
  return new ReadableStream({
    async start(controller) {
      for (let offset = 0; offset < bytes.length; offset += size) {
        controller.enqueue(bytes.slice(offset, offset + size));
        await delay(2);
      }
      if (options.fail) controller.error(new Error('connection reset'));
      else controller.close();
    },
  });
}

function answerWith(stream: () => ReadableStream<Uint8Array>, seen?: { headers: Headers; body: unknown }[]) {
  providers.use(
    http.post(messagesUrl, async ({ request }) => {
      seen?.push({ headers: request.headers, body: await request.json() });
      return new HttpResponse(stream(), { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
    }),
  );
}

function generate(body: unknown, init: RequestInit = {}) {
  return fetch(`${api.server().url}/api/generate-claude`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token()}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...init,
  });
}

const lines = (...payloads: unknown[]) =>
  payloads.map((payload) => `data: ${JSON.stringify(payload)}\n\n`).join('') + 'data: [DONE]\n\n';

describe('POST /api/generate-claude', () => {
  it('translates a realistic Anthropic stream, split across chunks, into docs/wire-formats.md §6.4 lines', async () => {
    const seen: { headers: Headers; body: unknown }[] = [];
    const upstream =
      messageStart +
      blockStart +
      ping +
      textDelta('Hello') +
      // One event with CRLF line endings, as some proxies rewrite them.
      event(
        'content_block_delta',
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: ', "world"' } },
        '\r\n',
      ) +
      ping +
      textDelta('!\nNew line — ünïcode 🚀') +
      blockStop +
      messageDelta +
      messageStop;
    answerWith(() => providerStream(upstream, 37), seen);

    const response = await generate({
      prompt: 'Write a post about testing.',
      model: 'claude-sonnet-4-6',
      ignored: 'field',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(await response.text()).toBe(
      lines({ content: 'Hello' }, { content: ', "world"' }, { content: '!\nNew line — ünïcode 🚀' }),
    );

    expect(seen).toHaveLength(1);
    const request = seen[0]!;
    expect(request.headers.get('x-api-key')).toBe(testProviders.ANTHROPIC_API_KEY);
    expect(request.headers.get('anthropic-version')).toBe('2023-06-01');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.headers.get('authorization')).toBeNull();
    expect(request.body).toEqual({
      model: 'claude-sonnet-4-6',
      max_tokens: 1500,
      temperature: 0.7,
      messages: [{ role: 'user', content: 'Write a post about testing.' }],
      stream: true,
    });
  });

  it('forwards system, max_tokens and temperature when given', async () => {
    const seen: { headers: Headers; body: unknown }[] = [];
    answerWith(() => providerStream(messageStart + textDelta('Ok') + messageStop, 1000), seen);
    const response = await generate({
      prompt: 'Hi',
      model: 'claude-haiku-4-5',
      system: 'Be brief.',
      max_tokens: 300,
      temperature: 0.2,
    });
    expect(await response.text()).toBe(lines({ content: 'Ok' }));
    expect(seen[0]!.body).toEqual({
      model: 'claude-haiku-4-5',
      max_tokens: 300,
      temperature: 0.2,
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    });
  });

  it('turns a mid-stream error event into an error line, then [DONE]', async () => {
    const overloaded = event('error', {
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    });
    answerWith(() =>
      providerStream(messageStart + blockStart + textDelta('Hi') + overloaded + textDelta('never sent'), 25),
    );
    const response = await generate({ prompt: 'Hi', model: 'claude-sonnet-4-6' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(lines({ content: 'Hi' }, { error: 'Overloaded' }));
  });

  it('reports a stream that ends before message_stop as a disconnect', async () => {
    answerWith(() => providerStream(messageStart + blockStart + textDelta('Half a po'), 30));
    expect(await (await generate({ prompt: 'Hi', model: 'claude-sonnet-4-6' })).text()).toBe(
      lines({ content: 'Half a po' }, { error: disconnectMessage }),
    );
  });

  it('reports a connection reset mid-stream as a disconnect', async () => {
    answerWith(() => providerStream(messageStart + blockStart + textDelta('Half'), 1000, { fail: true }));
    expect(await (await generate({ prompt: 'Hi', model: 'claude-sonnet-4-6' })).text()).toBe(
      lines({ content: 'Half' }, { error: disconnectMessage }),
    );
  });

  it('answers a provider 401 with a JSON error before any stream', async () => {
    providers.use(
      http.post(messagesUrl, () =>
        HttpResponse.json(
          { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
          { status: 401 },
        ),
      ),
    );
    const response = await generate({ prompt: 'Hi', model: 'claude-sonnet-4-6' });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({
      error: { message: 'Anthropic API error: 401 Unauthorized', type: 'api_error', code: 'provider_error' },
    });
  });

  it('keeps Retry-After on a provider 429 and maps overload (529) to 502', async () => {
    providers.use(
      http.post(
        messagesUrl,
        () =>
          HttpResponse.json(
            { type: 'error', error: { type: 'rate_limit_error', message: 'slow down' } },
            { status: 429, headers: { 'retry-after': '12' } },
          ),
        { once: true },
      ),
      http.post(messagesUrl, () =>
        HttpResponse.json(
          { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
          // Anthropic's own reason phrase: over HTTP/1.1 (node:http, docs/decisions/027) a
          // reason phrase always arrives, and Node names a status it does not know "unknown".
          { status: 529, statusText: 'Overloaded' },
        ),
      ),
    );
    const limited = await generate({ prompt: 'Hi', model: 'claude-sonnet-4-6' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('12');
    expect(((await limited.json()) as { error: { message: string } }).error.message).toBe(
      'Anthropic API error: 429 Too Many Requests',
    );

    const overloaded = await generate({ prompt: 'Hi', model: 'claude-sonnet-4-6' });
    expect(overloaded.status).toBe(502);
    expect(((await overloaded.json()) as { error: { message: string } }).error.message).toBe(
      'Anthropic API error: 529 Overloaded',
    );
  });

  it('answers 502 when Anthropic cannot be reached', async () => {
    providers.use(http.post(messagesUrl, () => HttpResponse.error()));
    const response = await generate({ prompt: 'Hi', model: 'claude-sonnet-4-6' });
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Could not reach Anthropic. Please try again.',
    );
  });

  it('aborts the provider request when the browser leaves before the first byte', async () => {
    // A real provider connection (still thinking, it never answers), which /api must hang up.
    const anthropic = await startHangingProvider();
    const server = await startApiTestServer({
      providers: { ...testProviders, ANTHROPIC_BASE_URL: anthropic.url },
    });
    try {
      const { session } = await signedInClient(server);
      const browser = new AbortController();
      const pending = fetch(`${server.url}/api/generate-claude`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'Hi', model: 'claude-sonnet-4-6' }),
        signal: browser.signal,
      }).catch(() => null);
      // The browser leaves once the request has reached the provider, not after a guessed time.
      await anthropic.entered;
      browser.abort();
      await pending;
      await Promise.race([
        anthropic.closed,
        delay(5_000).then(() => Promise.reject(new Error('the upstream request was not aborted'))),
      ]);
    } finally {
      await server.close();
      await anthropic.close();
    }
  });
});
