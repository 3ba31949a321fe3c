import Groq from 'groq-sdk';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { startApiTestServer, testProviders, useApiTestServer } from '../helpers/api-server.ts';
import { startHangingProvider } from '../helpers/hanging-provider.ts';
import { signedInClient } from '../helpers/test-server.ts';

const groqUrl = `${testProviders.GROQ_BASE_URL}/openai/v1/chat/completions`;
const api = useApiTestServer();
const { providers } = api;

const encoder = new TextEncoder();
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function chunk(delta: Record<string, unknown>, finish: string | null = null, extra = '') {
  return `{"id":"chatcmpl-7","object":"chat.completion.chunk","created":1730000000,"model":"openai/gpt-oss-120b","system_fingerprint":"fp_1","choices":[{"index":0,"delta":${JSON.stringify(delta)},"logprobs":null,"finish_reason":${JSON.stringify(finish)}}]${extra}}`;
}

/** What Groq sends, cut at awkward places: mid-line, mid-UTF-8 character, and one event with CRLF endings. */
const sseParts: Uint8Array[] = (() => {
  const text =
    `data: ${chunk({ role: 'assistant', content: '' })}\n\n` +
    `data: ${chunk({ content: 'Hel' })}\n\n` +
    `data: ${chunk({ content: 'lo — café' })}\r\n\r\n` +
    `data: ${chunk({ content: '!' })}\n\n` +
    `data: ${chunk({}, 'stop', ',"x_groq":{"id":"req_1","usage":{"prompt_tokens":9,"completion_tokens":4}}')}\n\n` +
    'data: [DONE]\n\n';
  const bytes = encoder.encode(text);
  const accent = bytes.indexOf(0xc3); // the first byte of "é"
  const cuts = [40, 200, accent + 1, accent + 60, bytes.length - 7];
  return [0, ...cuts].map((start, index) => bytes.slice(start, cuts[index] ?? bytes.length));
})();

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    delay(ms).then(() => Promise.reject(new Error(`timed out waiting for ${what}`))),
  ]);
}

describe('POST /api/groq/openai/v1/chat/completions', () => {
  it('streams Groq’s bytes through unchanged and unbuffered, forwarding only the allowed fields with the server key', async () => {
    let releaseRest!: () => void;
    const rest = new Promise<void>((resolve) => (releaseRest = resolve));
    const seen: { headers: Headers; body: unknown }[] = [];
    providers.use(
      http.post(groqUrl, async ({ request }) => {
        seen.push({ headers: request.headers, body: await request.json() });
        const stream = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(sseParts[0]!);
            // The rest is held back until the test has received the first part through /api:
            // a proxy that buffered the reply would never deliver it, and the test would time out.
            await rest;
            for (const part of sseParts.slice(1)) {
              await delay(15);
              controller.enqueue(part);
            }
            controller.close();
          },
        });
        return new HttpResponse(stream, {
          headers: { 'content-type': 'text/event-stream', 'x-request-id': 'req_1' },
        });
      }),
    );

    const sent = fetch(`${api.server().url}/api/groq/openai/v1/chat/completions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${api.token()}`,
        'content-type': 'application/json',
        accept: 'application/json', // what groq-sdk sends, even when streaming
        'x-stainless-lang': 'js',
      },
      body: JSON.stringify({
        model: 'openai/gpt-oss-120b',
        messages: [
          { role: 'system', content: 'You write posts.', name: 'dropped' },
          { role: 'user', content: 'Write about testing.' },
        ],
        temperature: 0.7,
        max_tokens: 1500,
        stream: true,
        include_reasoning: false,
        tools: [{ type: 'function', function: { name: 'leak' } }],
        user: 'someone-else',
        service_tier: 'flex',
      }),
    });
    const response = await withTimeout(sent, 5_000, 'the response headers');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('x-request-id')).toBe('req_1');

    const reader = response.body!.getReader();
    const received: Uint8Array[] = [];
    let size = 0;
    while (size < sseParts[0]!.byteLength) {
      const { done, value } = await withTimeout(reader.read(), 5_000, 'the first bytes of the stream');
      if (done) break;
      received.push(value);
      size += value.byteLength;
    }
    releaseRest();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received.push(value);
    }
    expect(Buffer.from(concat(received)).equals(Buffer.from(concat(sseParts)))).toBe(true);

    expect(seen).toHaveLength(1);
    const upstream = seen[0]!;
    expect(upstream.headers.get('authorization')).toBe(`Bearer ${testProviders.GROQ_API_KEY}`);
    expect(upstream.headers.get('authorization')).not.toContain(api.token());
    expect(upstream.headers.get('x-stainless-lang')).toBeNull();
    expect(upstream.body).toEqual({
      model: 'openai/gpt-oss-120b',
      messages: [
        { role: 'system', content: 'You write posts.' },
        { role: 'user', content: 'Write about testing.' },
      ],
      temperature: 0.7,
      max_tokens: 1500,
      stream: true,
      include_reasoning: false,
    });
  });

  it('passes a JSON completion through unchanged', async () => {
    const completion = {
      id: 'chatcmpl-9',
      object: 'chat.completion',
      created: 1730000000,
      model: 'openai/gpt-oss-20b',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'A short post.' },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 12, completion_tokens: 4, total_tokens: 16 },
    };
    let forwarded: unknown;
    providers.use(
      http.post(groqUrl, async ({ request }) => {
        forwarded = await request.json();
        return HttpResponse.json(completion, { headers: { 'x-request-id': 'req_9' } });
      }),
    );
    const response = await fetch(`${api.server().url}/api/groq/openai/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'openai/gpt-oss-20b',
        messages: [{ role: 'user', content: 'Hi' }],
        temperature: 0.2,
        top_p: 0.9,
        max_tokens: 1024,
        reasoning_format: 'hidden',
        stop: ['\n\n'],
        seed: 42,
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('x-request-id')).toBe('req_9');
    expect(response.headers.get('x-accel-buffering')).toBeNull();
    expect(await response.json()).toEqual(completion);
    expect(forwarded).toEqual({
      model: 'openai/gpt-oss-20b',
      messages: [{ role: 'user', content: 'Hi' }],
      temperature: 0.2,
      top_p: 0.9,
      max_tokens: 1024,
      reasoning_format: 'hidden',
      stop: ['\n\n'],
      seed: 42,
    });
  });

  it('answers a provider 429 with its status, reason and Retry-After, not its body', async () => {
    const body =
      '{"error":{"message":"Rate limit reached for model `openai/gpt-oss-20b`","type":"tokens","code":"rate_limit_exceeded"}}';
    providers.use(
      http.post(
        groqUrl,
        () =>
          new HttpResponse(body, {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '7' },
          }),
      ),
    );
    const response = await fetch(`${api.server().url}/api/groq/openai/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'openai/gpt-oss-20b',
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
      }),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('x-accel-buffering')).toBeNull();
    expect(await response.json()).toEqual({
      error: {
        message: 'Groq API error: 429 Too Many Requests (Rate limit reached for model `openai/gpt-oss-20b`)',
        type: 'rate_limit',
        code: 'provider_error',
      },
    });
  });

  it('answers a provider 5xx with its status', async () => {
    const body = '{"error":{"message":"Service Unavailable","type":"internal_server_error"}}';
    providers.use(
      http.post(
        groqUrl,
        () => new HttpResponse(body, { status: 503, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const response = await fetch(`${api.server().url}/api/groq/openai/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-oss-20b', messages: [{ role: 'user', content: 'Hi' }] }),
    });
    expect(response.status).toBe(503);
    // The provider's message says no more than the status: it is not repeated.
    expect(await response.json()).toEqual({
      error: {
        message: 'Groq API error: 503 Service Unavailable',
        type: 'api_error',
        code: 'provider_error',
      },
    });
  });

  it('answers 502 when Groq cannot be reached', async () => {
    providers.use(http.post(groqUrl, () => HttpResponse.error()));
    const response = await fetch(`${api.server().url}/api/groq/openai/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-oss-20b', messages: [{ role: 'user', content: 'Hi' }] }),
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error: {
        message: 'Could not reach Groq. Please try again.',
        type: 'api_error',
        code: 'provider_unreachable',
      },
    });
  });

  it('aborts the provider request when the browser disconnects', async () => {
    // A real provider connection, which /api must hang up once the browser has gone.
    const groq = await startHangingProvider(`data: ${chunk({ content: 'Hel' })}\n\n`);
    const server = await startApiTestServer({ providers: { ...testProviders, GROQ_BASE_URL: groq.url } });
    try {
      const { session } = await signedInClient(server);
      const browser = new AbortController();
      const response = await fetch(`${server.url}/api/groq/openai/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'openai/gpt-oss-20b',
          messages: [{ role: 'user', content: 'Hi' }],
          stream: true,
        }),
        signal: browser.signal,
      });
      const reader = response.body!.getReader();
      await reader.read();
      browser.abort();
      await withTimeout(groq.closed, 5_000, 'the upstream request to be aborted');
    } finally {
      await server.close();
      await groq.close();
    }
  });

  it('works end to end with groq-sdk, the user’s access api.token() as its API key', async () => {
    providers.use(
      http.post(groqUrl, ({ request }) => {
        expect(request.headers.get('authorization')).toBe(`Bearer ${testProviders.GROQ_API_KEY}`);
        const stream = new ReadableStream<Uint8Array>({
          async start(controller) {
            for (const piece of ['Hello', ' from', ' /api!']) {
              controller.enqueue(encoder.encode(`data: ${chunk({ content: piece })}\n\n`));
              await delay(5);
            }
            controller.enqueue(encoder.encode(`data: ${chunk({}, 'stop')}\n\ndata: [DONE]\n\n`));
            controller.close();
          },
        });
        return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    const groq = new Groq({ apiKey: api.token(), baseURL: `${api.server().url}/api/groq`, maxRetries: 0 });
    const stream = await groq.chat.completions.create({
      model: 'openai/gpt-oss-120b',
      messages: [{ role: 'user', content: 'Say hello' }],
      stream: true,
    });
    let text = '';
    for await (const part of stream) text += part.choices[0]?.delta?.content ?? '';
    expect(text).toBe('Hello from /api!');
  });

  it('lets groq-sdk surface our own error message', async () => {
    const groq = new Groq({ apiKey: api.token(), baseURL: `${api.server().url}/api/groq`, maxRetries: 0 });
    const failure = await groq.chat.completions
      .create({ model: 'llama-3.3-70b-versatile', messages: [{ role: 'user', content: 'Hi' }] })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Groq.BadRequestError);
    expect((failure as InstanceType<typeof Groq.BadRequestError>).error).toMatchObject({
      error: {
        code: 'model_decommissioned',
        message: expect.stringContaining('llama-3.3-70b-versatile') as unknown,
      },
    });
  });
});
