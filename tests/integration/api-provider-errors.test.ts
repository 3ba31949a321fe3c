import Groq from 'groq-sdk';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { claudeCompletion } from '@/lib/ai/claude-stream';
import { groqCompletion } from '@/lib/ai/groq-completion';
import { perplexityAgent } from '@/lib/ai/perplexity-agent';
import { fetchYouTubeVideo } from '@/lib/ai/youtube-videos';
import { testProviders, useApiTestServer } from '../helpers/api-server.ts';

/*
 * A provider that echoes secrets in its errors (its own key, or key-shaped strings in a message)
 * must not hand them to the browser through /api: the status and a sanitised message go through,
 * the upstream body never does.
 */
const groqUrl = `${testProviders.GROQ_BASE_URL}/openai/v1/chat/completions`;
const messagesUrl = `${testProviders.ANTHROPIC_BASE_URL}/v1/messages`;
const agentUrl = `${testProviders.PERPLEXITY_BASE_URL}/v1/agent`;
const videosUrl = `${testProviders.YOUTUBE_BASE_URL}/videos`;
const videoId = 'dQw4w9WgXcQ';

// Taken before MSW patches fetch: groq-sdk's abort after a mid-stream error hangs on MSW's
// pass-through of local requests (a test-only quirk; the browser has no MSW).
const unpatchedFetch = globalThis.fetch;
const api = useApiTestServer();
const { providers } = api;
const encoder = new TextEncoder();

/** Key-shaped strings that are not this server's keys, each in the shape a provider might echo. */
const foreignSecrets = {
  groq: `gsk_${'A1b2C3d4'.repeat(6)}Zz11`,
  anthropic: `sk-ant-api03-${'x9Y8w7V6'.repeat(11)}`,
  perplexity: `pplx-${'q1W2e3R4'.repeat(6)}`,
  google: `AIza${'SyD-abc_123XYZ'.repeat(2)}abcdefg`,
  bearerJwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ',
  bearerOpaque: 'opaque-Token_123',
  hex: 'a3f5'.repeat(10),
  base64: 'Zm9vYmFyYmF6cXV4QUJDRGVmZ2hpamtsMTIzNDU2Nzg=',
};

const serverKeys = [
  testProviders.GROQ_API_KEY!,
  testProviders.ANTHROPIC_API_KEY!,
  testProviders.PERPLEXITY_API_KEY!,
  testProviders.YOUTUBE_API_KEY!,
];

/** What a careless provider says: the key it was sent, plus every other kind of secret. */
function leakyMessage(reason: string, keySeen: string): string {
  return (
    `${reason}. You sent ${keySeen} (header "Authorization: Bearer ${foreignSecrets.bearerOpaque}"). ` +
    `Other keys: ${foreignSecrets.groq} ${foreignSecrets.anthropic} ${foreignSecrets.perplexity} ` +
    `${foreignSecrets.google}, token Bearer ${foreignSecrets.bearerJwt}, ` +
    `secret ${foreignSecrets.hex}, blob ${foreignSecrets.base64}`
  );
}

function expectNoSecrets(text: string): void {
  for (const secret of [...serverKeys, ...Object.values(foreignSecrets)]) expect(text).not.toContain(secret);
}

async function errorOf(response: Response): Promise<{ message: string; type: string; code: string }> {
  const text = await response.text();
  expectNoSecrets(text);
  return (JSON.parse(text) as { error: { message: string; type: string; code: string } }).error;
}

const context = () => ({ apiBaseUrl: `${api.server().url}/api`, accessToken: api.token() });

function postJson(path: string, body: unknown) {
  return fetch(`${api.server().url}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token()}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const groqBody = { model: 'openai/gpt-oss-20b', messages: [{ role: 'user' as const, content: 'Hi' }] };
const agentBody = { model: 'perplexity/sonar', input: 'Find subreddits about remote work.' };

async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    () => new Error('expected a rejection'),
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(Error);
  return outcome as Error;
}

describe('Groq errors', () => {
  const groqKeyOf = (request: Request) =>
    (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');

  it('answer a key-echoing error body with the status and a sanitised provider message', async () => {
    providers.use(
      http.post(groqUrl, ({ request }) =>
        HttpResponse.json(
          {
            error: {
              message: leakyMessage('Invalid request', groqKeyOf(request)),
              type: 'invalid_request_error',
              code: 'invalid_request',
            },
          },
          { status: 400, headers: { 'x-request-id': 'req_400' } },
        ),
      ),
    );
    const response = await postJson('/groq/openai/v1/chat/completions', groqBody);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('x-request-id')).toBe('req_400');
    const error = await errorOf(response);
    expect(error.message).toMatch(
      /^Groq API error: 400 Bad Request \(Invalid request\. You sent \[redacted\]/,
    );
    expect(error).toMatchObject({ type: 'api_error', code: 'provider_error' });

    // What the user reads in the browser.
    const shown = await rejectionOf(
      groqCompletion({ ...groqBody, temperature: 0.7, maxTokens: 100 }, context()),
    );
    expect(shown.message).toMatch(/^Groq API error: 400 Bad Request\. Please try again/);
    expectNoSecrets(shown.message);
  });

  it('keep Retry-After and the reason on a provider 429', async () => {
    providers.use(
      http.post(groqUrl, ({ request }) =>
        HttpResponse.json(
          {
            error: {
              message: leakyMessage('Rate limit reached for model `openai/gpt-oss-20b`', groqKeyOf(request)),
              type: 'tokens',
              code: 'rate_limit_exceeded',
            },
          },
          { status: 429, headers: { 'retry-after': '7' } },
        ),
      ),
    );
    const response = await postJson('/groq/openai/v1/chat/completions', { ...groqBody, stream: true });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    const error = await errorOf(response);
    expect(error.message).toMatch(/^Groq API error: 429 Too Many Requests \(Rate limit reached for model/);
    expect(error.type).toBe('rate_limit');
  });

  it('answer a key-echoing body that is not JSON with the status alone', async () => {
    providers.use(
      http.post(
        groqUrl,
        ({ request }) =>
          new HttpResponse(`<html><body>Bad gateway for ${groqKeyOf(request)}</body></html>`, {
            status: 502,
            headers: { 'content-type': 'text/html' },
          }),
      ),
    );
    const response = await postJson('/groq/openai/v1/chat/completions', groqBody);
    expect(response.status).toBe(502);
    expect((await errorOf(response)).message).toBe('Groq API error: 502 Bad Gateway');
  });

  it.each([
    [
      'a data-only error event',
      (message: string) =>
        `data: ${JSON.stringify({ error: { message, type: 'internal_server_error' } })}\n\n`,
    ],
    [
      'an error event with an event name',
      (message: string) => `event: error\ndata: ${JSON.stringify({ error: { message } })}\n\n`,
    ],
  ])('sanitise %s that fails a stream mid-way', async (_name, errorEvent) => {
    const first = `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: 'Hel' }, finish_reason: null }] })}\n\n`;
    providers.use(
      http.post(groqUrl, ({ request }) => {
        const text = first + errorEvent(leakyMessage('Internal error', groqKeyOf(request)));
        const bytes = encoder.encode(text);
        // Cut into small pieces, so the error event arrives split across chunks.
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            for (let offset = 0; offset < bytes.length; offset += 17)
              controller.enqueue(bytes.slice(offset, offset + 17));
            controller.close();
          },
        });
        return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    const response = await postJson('/groq/openai/v1/chat/completions', { ...groqBody, stream: true });
    expect(response.status).toBe(200);
    const text = await response.text();
    expectNoSecrets(text);
    expect(text.startsWith(first)).toBe(true);
    expect(text).toContain('Groq API error: Internal error. You sent [redacted]');

    // groq-sdk throws the error event's message, which the user reads.
    const groq = new Groq({
      apiKey: api.token(),
      baseURL: `${api.server().url}/api/groq`,
      maxRetries: 0,
      fetch: unpatchedFetch,
    });
    const stream = await groq.chat.completions.create({ ...groqBody, stream: true });
    const failure = await rejectionOf(
      (async () => {
        for await (const part of stream) void part;
      })(),
    );
    expect(failure.message).toMatch(/^Groq API error: Internal error/);
    expectNoSecrets(failure.message);
  });
});

describe('Anthropic errors', () => {
  it('answer a key-echoing error body with the status alone', async () => {
    providers.use(
      http.post(messagesUrl, ({ request }) =>
        HttpResponse.json(
          {
            type: 'error',
            error: {
              type: 'invalid_request_error',
              message: leakyMessage('Bad request', request.headers.get('x-api-key') ?? ''),
            },
          },
          { status: 400 },
        ),
      ),
    );
    const response = await postJson('/generate-claude', { prompt: 'Hi', model: 'claude-sonnet-4-6' });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe('Anthropic API error: 400 Bad Request');
  });

  it('sanitise a mid-stream error event that echoes the key', async () => {
    providers.use(
      http.post(messagesUrl, ({ request }) => {
        const message = leakyMessage('Overloaded', request.headers.get('x-api-key') ?? '');
        const text =
          'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}\n\n' +
          `event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message } })}\n\n`;
        return new HttpResponse(text, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    const response = await postJson('/generate-claude', { prompt: 'Hi', model: 'claude-sonnet-4-6' });
    const text = await response.text();
    expectNoSecrets(text);
    expect(text).toContain('data: {"content":"Hi"}');
    expect(text).toContain('"error":"Overloaded. You sent [redacted]');

    const shown = await rejectionOf(
      claudeCompletion({ prompt: 'Hi', model: 'claude-sonnet-4-6' }, context()),
    );
    expect(shown.message).toMatch(/^Overloaded\. You sent \[redacted\]/);
    expectNoSecrets(shown.message);
  });
});

describe('Perplexity errors', () => {
  const keyOf = (request: Request) => (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');

  it('answer a key-echoing error body with the status and a sanitised provider message', async () => {
    providers.use(
      http.post(agentUrl, ({ request }) =>
        HttpResponse.json(
          {
            error: {
              message: leakyMessage('Invalid model', keyOf(request)),
              type: 'invalid_request',
              code: 400,
            },
          },
          { status: 400 },
        ),
      ),
    );
    const response = await postJson('/perplexity/agent', agentBody);
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const error = await errorOf(response);
    expect(error.message).toMatch(
      /^Perplexity API error: 400 Bad Request \(Invalid model\. You sent \[redacted\]/,
    );

    const shown = await rejectionOf(
      perplexityAgent(agentBody as Parameters<typeof perplexityAgent>[0], context()),
    );
    expect(shown.message).toMatch(/^Perplexity API error: 400 Bad Request\. Please try again/);
    expectNoSecrets(shown.message);
  });

  it('keep Retry-After on a provider 429', async () => {
    providers.use(
      http.post(agentUrl, ({ request }) =>
        HttpResponse.json(
          {
            error: {
              message: leakyMessage('Rate limit exceeded', keyOf(request)),
              type: 'request_rate_limit_exceeded',
              code: 429,
            },
          },
          { status: 429, headers: { 'retry-after': '9' } },
        ),
      ),
    );
    const response = await postJson('/perplexity/agent', agentBody);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('9');
    expect((await errorOf(response)).message).toMatch(
      /^Perplexity API error: 429 Too Many Requests \(Rate limit exceeded/,
    );
  });

  it('sanitise the reason of a 200 with status "failed"', async () => {
    providers.use(
      http.post(agentUrl, ({ request }) =>
        HttpResponse.json({
          id: 'resp_1',
          object: 'response',
          status: 'failed',
          model: 'perplexity/sonar',
          output: [],
          error: { message: leakyMessage('The model failed', keyOf(request)), type: 'server_error' },
        }),
      ),
    );
    const response = await postJson('/perplexity/agent', agentBody);
    expect(response.status).toBe(200);
    const text = await response.text();
    expectNoSecrets(text);
    expect(JSON.parse(text)).toMatchObject({
      status: 'failed',
      error: { message: expect.stringMatching(/^The model failed\. You sent \[redacted\]/) as unknown },
    });
  });
});

describe('YouTube errors', () => {
  it('answer a key-echoing error body with the status and a sanitised provider message', async () => {
    providers.use(
      http.get(videosUrl, ({ request }) => {
        const key = new URL(request.url).searchParams.get('key') ?? '';
        const message = `${leakyMessage('API key not valid', key)} on ${request.url}`;
        return HttpResponse.json(
          {
            error: {
              code: 400,
              message,
              errors: [{ message, domain: 'global', reason: 'badRequest' }],
              status: 'INVALID_ARGUMENT',
            },
          },
          { status: 400 },
        );
      }),
    );
    const response = await fetch(`${api.server().url}/api/youtube/videos?part=snippet&id=${videoId}`, {
      headers: { authorization: `Bearer ${api.token()}` },
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toMatch(
      /^YouTube API error: 400 Bad Request \(API key not valid\. You sent \[redacted\]/,
    );

    const shown = await rejectionOf(fetchYouTubeVideo(videoId, context()));
    expect(shown.message).toMatch(/^YouTube API error: 400 Bad Request\. Please try again/);
    expectNoSecrets(shown.message);
  });
});
