// The `api` Edge Function under Deno (supabase/functions/api/index.ts), started with the
// environment hosted Supabase gives it: the embedded server stands in for the project (JWKS,
// REST/RPC for the quota), the fake providers for Groq, Anthropic, Perplexity, YouTube and an
// OpenAI-compatible server (no key, as a local one).
import Groq from 'groq-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiRequestHeaders } from '../../server/api/api-cors.ts';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import {
  COMPATIBLE_BASE_PATH,
  DEFAULT_COMPATIBLE_MODELS,
  startFakeProviders,
  type FakeProviders,
} from '../../harness/fakes/fake-providers.ts';
import { startEdgeFunction, type EdgeFunction } from '../../harness/edge-function.ts';
import { edgeProviderKeys, hostedFunctionEnv } from '../../harness/hosted-function-env.ts';
import { signedInClient, startTestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { claudeCompletion } from '@/lib/ai/claude-stream';

const userLimit = 3;
const addressLimit = 4;
const text = 'Edge functions stream too.\n\nSecond paragraph with an emoji 🚀 and a question?';

let project: EmbeddedServer;
let fake: FakeProviders;
let edge: EdgeFunction;

beforeAll(async () => {
  [project, fake] = await Promise.all([startTestServer(), startFakeProviders()]);
  edge = await startEdgeFunction({
    ...hostedFunctionEnv(project, fake.url, { requests: userLimit, requestsPerAddress: addressLimit }),
    OPENAI_COMPATIBLE_BASE_URL: `${fake.url}${COMPATIBLE_BASE_PATH}`,
  });
  // The function lists the OpenAI-compatible server's models as it starts: once that is done, the
  // tests see only the requests they make.
  await waitFor(
    () => fake.requests.some((request) => request.path === `${COMPATIBLE_BASE_PATH}/models`),
    'the function to list the OpenAI-compatible models',
  );
  fake.reset();
});
afterEach(() => fake.reset());
afterAll(async () => {
  await edge?.close();
  await Promise.all([project?.close(), fake?.close()]);
});

/** A fresh user per test: the per-user budget is small, and each test spends its own. */
async function userToken(): Promise<string> {
  return (await signedInClient(project)).session.access_token;
}

function call(path: string, init: RequestInit & { token?: string | null } = {}): Promise<Response> {
  const { token, headers, ...rest } = init;
  return fetch(`${edge.url}/api${path}`, {
    ...rest,
    headers: {
      ...(rest.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(headers as Record<string, string> | undefined),
    },
  });
}

const postJson = (path: string, body: unknown, token: string | null, headers: Record<string, string> = {}) =>
  call(path, { method: 'POST', body: JSON.stringify(body), token, headers });

const youtube = (token: string, headers: Record<string, string> = {}) =>
  call('/youtube/videos?part=snippet,statistics&id=dQw4w9WgXcQ', { token, headers });

/** The product's event stream: the JSON (or `[DONE]`) of each `data:` line, in order. */
async function dataLines(response: Response): Promise<string[]> {
  const raw = await response.text();
  return raw
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice('data: '.length));
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  return body.error;
}

describe('access', () => {
  it('answers 401 without a token and with one that is not a JWT', async () => {
    await expectError(await call('/models'), 401, 'invalid_token');
    const bad = await call('/models', { token: 'not-a-token' });
    expect(bad.headers.get('www-authenticate')).toBe('Bearer');
    await expectError(bad, 401, 'invalid_token');
  });

  it("lists the models for a user's token, with every provider configured", async () => {
    const response = await call('/models', { token: await userToken() });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      configured: Record<string, boolean>;
      catalog: { engines: Record<string, { models: { id: string }[] }> };
    };
    expect(body.configured).toEqual({
      groq: true,
      anthropic: true,
      perplexity: true,
      youtube: true,
      'openai-compatible': true,
    });
    expect(body.catalog).toHaveProperty('engines.anthropic');
    expect(body.catalog.engines['openai-compatible']?.models.map(({ id }) => id)).toEqual(
      DEFAULT_COMPATIBLE_MODELS,
    );
  });

  it('answers a CORS preflight with the headers groq-sdk and supabase-js send', async () => {
    const requested = [
      'authorization',
      'content-type',
      'apikey',
      'x-client-info',
      'x-stainless-os',
      'x-stainless-lang',
      'x-stainless-retry-count',
    ];
    const response = await fetch(`${edge.url}/api/groq/openai/v1/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': requested.join(', '),
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(/\s*,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(requested));
    expect(allowed).toEqual(expect.arrayContaining(apiRequestHeaders));
  });

  it('has the LinkedIn routes, the first comment retry included: 401 without a token, 503 without a LinkedIn app', async () => {
    const body = { postId: crypto.randomUUID() };
    await expectError(await postJson('/linkedin/first-comment/retry', body, null), 401, 'invalid_token');
    const unconfigured = await expectError(
      await postJson('/linkedin/first-comment/retry', body, await userToken()),
      503,
      'linkedin_not_configured',
    );
    expect(unconfigured.message).toContain('LINKEDIN_CLIENT_ID');
  });

  it('lets a cross-origin page read Retry-After and the retry mark on an answer', async () => {
    const response = await call('/models', { headers: { origin: 'https://app.example.com' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    expect(exposed.split(/\s*,\s*/)).toEqual(
      expect.arrayContaining(['retry-after', 'retry-after-ms', 'x-should-retry']),
    );
    // Our own refusal: the browser's AI clients never try it again.
    expect(response.headers.get('x-should-retry')).toBe('false');
    await response.body?.cancel();
  });
});

describe('AI routes against the fake providers', () => {
  it('streams /generate-claude as data: {"content"} lines ending with [DONE]', async () => {
    fake.setScenario('anthropic', { text, tokensPerSecond: 2000 });
    const response = await postJson(
      '/generate-claude',
      { prompt: 'Write a post', model: 'claude-sonnet-4-6' },
      await userToken(),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const lines = await dataLines(response);
    expect(lines.at(-1)).toBe('[DONE]');
    const contents = lines.slice(0, -1).map((line) => (JSON.parse(line) as { content: string }).content);
    expect(contents.length).toBeGreaterThan(1);
    expect(contents.join('')).toBe(text);
    // The server's key went to the provider; the user's token did not.
    const [request] = fake.requests;
    expect(request?.path).toBe('/v1/messages');
    expect(request?.headers['x-api-key']).toBe(edgeProviderKeys.ANTHROPIC_API_KEY);
    expect(request?.headers.authorization).toBeUndefined();
  });

  it('passes a streaming Groq chat completion through to groq-sdk', async () => {
    fake.setScenario('groq', { text, tokensPerSecond: 2000 });
    const token = await userToken();
    // As the browser uses it: the user's token as the "API key", this function as the base URL.
    const groq = new Groq({ apiKey: token, baseURL: `${edge.url}/api/groq`, maxRetries: 0 });
    const stream = await groq.chat.completions.create({
      model: 'openai/gpt-oss-20b',
      messages: [{ role: 'user', content: 'Write a post' }],
      stream: true,
    });
    let received = '';
    let chunks = 0;
    for await (const chunk of stream) {
      chunks += 1;
      received += chunk.choices[0]?.delta.content ?? '';
    }
    expect(chunks).toBeGreaterThan(1);
    expect(received).toBe(text);
    const [request] = fake.requests;
    expect(request?.path).toBe('/openai/v1/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${edgeProviderKeys.GROQ_API_KEY}`);
  });

  it('streams an OpenAI-compatible chat completion to groq-sdk, sending the server no key', async () => {
    fake.setScenario('openai-compatible', { text, tokensPerSecond: 2000 });
    const client = new Groq({
      apiKey: await userToken(),
      baseURL: `${edge.url}/api/openai-compatible`,
      maxRetries: 0,
    });
    const stream = await client.chat.completions.create({
      model: 'llama3.2:3b',
      messages: [{ role: 'user', content: 'Write a post' }],
      stream: true,
    });
    let received = '';
    for await (const chunk of stream) received += chunk.choices[0]?.delta.content ?? '';
    expect(received).toBe(text);
    const [request, ...more] = fake.requests;
    expect(more).toHaveLength(0);
    expect(request?.path).toBe(`${COMPATIBLE_BASE_PATH}/chat/completions`);
    expect(request?.headers.authorization).toBeUndefined();
  });

  it('marks an overloaded Anthropic for a retry, which the browser client makes before the stream', async () => {
    fake.setScenario('anthropic', { failFirst: { times: 1, status: 529 }, text, tokensPerSecond: 2000 });
    const waits: number[] = [];
    const post = await claudeCompletion(
      { prompt: 'Write a post', model: 'claude-sonnet-4-6' },
      {
        apiBaseUrl: `${edge.url}/api`,
        accessToken: await userToken(),
        retryWait: (ms) => {
          waits.push(ms);
          return Promise.resolve();
        },
      },
    );
    expect(post).toBe(text);
    expect(waits).toHaveLength(1);
    expect(fake.requests.filter((request) => request.provider === 'anthropic')).toHaveLength(2);
  });

  it('answers the Perplexity agent route with the provider reply', async () => {
    const response = await postJson(
      '/perplexity/agent',
      {
        model: 'perplexity/sonar',
        instructions: 'Reply only with JSON.',
        input: 'Find trending topics about remote work.',
        tools: [{ type: 'web_search' }],
      },
      await userToken(),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; output: { type: string }[] };
    expect(body.status).toBe('completed');
    expect(body.output.some((item) => item.type === 'message')).toBe(true);
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${edgeProviderKeys.PERPLEXITY_API_KEY}`);
  });

  it('answers the YouTube videos route, adding the server key', async () => {
    const response = await youtube(await userToken());
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: { id: string; snippet: { title: string } }[] };
    expect(body.items[0]?.id).toBe('dQw4w9WgXcQ');
    expect(body.items[0]?.snippet.title).toBeTruthy();
    expect(fake.requests[0]?.query).toMatchObject({
      part: 'snippet,statistics',
      id: 'dQw4w9WgXcQ',
      key: edgeProviderKeys.YOUTUBE_API_KEY,
    });
  });
});

describe('quota (Postgres RPCs through the project REST API)', () => {
  it('answers 429 with Retry-After once a user has spent API_RATE_LIMIT_REQUESTS', async () => {
    const token = await userToken();
    for (let i = 0; i < userLimit; i += 1) expect((await youtube(token)).status).toBe(200);
    const refused = await youtube(token);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60).toBe(true);
    // However short the wait, our own limit is never retried by the browser.
    expect(refused.headers.get('x-should-retry')).toBe('false');
    await expectError(refused, 429, 'rate_limited');
    // The provider request started beside the refused count was aborted (counted-call.ts); the
    // next one, from a user known to be spent, never starts.
    const reached = fake.requests.length;
    expect(reached).toBeGreaterThanOrEqual(userLimit);
    expect(reached).toBeLessThanOrEqual(userLimit + 1);
    await expectError(await youtube(token), 429, 'rate_limited');
    expect(fake.requests).toHaveLength(reached);
  });

  it('spends nothing on a request refused before the provider (retired model, bad video id)', async () => {
    const token = await userToken();
    for (let i = 0; i <= userLimit; i += 1) {
      await expectError(
        await postJson('/generate-claude', { prompt: 'Hi', model: 'claude-3-opus-20240229' }, token),
        400,
        'model_decommissioned',
      );
      await expectError(
        await call('/youtube/videos?part=snippet&id=short', { token }),
        400,
        'invalid_request',
      );
    }
    for (let i = 0; i < userLimit; i += 1) expect((await youtube(token)).status).toBe(200);
    await expectError(await youtube(token), 429, 'rate_limited');
  });

  it('cannot be refilled by the browser: no function it can call takes a limit', async () => {
    const token = await userToken();
    for (let i = 0; i < userLimit; i += 1) expect((await youtube(token)).status).toBe(200);
    const refill = await fetch(`${project.url}/rest/v1/rpc/consume_ai_quota`, {
      method: 'POST',
      headers: {
        apikey: project.keys.publishableKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ request_limit: 1_000_000_000, window_seconds: 1 }),
    });
    expect(refill.status).toBe(404);
    await expectError(await youtube(token), 429, 'rate_limited');
  });

  it('counts one network across users with the secret key (per-address budget)', async () => {
    const network = { 'x-forwarded-for': '203.0.113.77' };
    const [first, second] = await Promise.all([userToken(), userToken()]);
    for (let i = 0; i < userLimit; i += 1) expect((await youtube(first, network)).status).toBe(200);
    for (let i = userLimit; i < addressLimit; i += 1) {
      expect((await youtube(second, network)).status).toBe(200);
    }
    const refused = await youtube(second, network);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await expectError(refused, 429, 'rate_limited_ip');
    // Another network is not affected.
    expect((await youtube(second, { 'x-forwarded-for': '198.51.100.5' })).status).toBe(200);
  });

  it('refuses a signed-out session whose token has not expired yet (401, no answer from a provider)', async () => {
    const token = await userToken();
    const logout = await fetch(`${project.url}/auth/v1/logout`, {
      method: 'POST',
      headers: { apikey: project.keys.publishableKey, authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBe(204);
    await expectError(
      await postJson('/generate-claude', { prompt: 'Write a post', model: 'claude-sonnet-4-6' }, token),
      401,
      'invalid_token',
    );
    // At most the first request's provider call, started beside the count and aborted; once the
    // session is known to have ended, no call of it reaches a provider.
    const reached = fake.requests.length;
    expect(reached).toBeLessThanOrEqual(1);
    await expectError(await youtube(token), 401, 'invalid_token');
    expect(fake.requests).toHaveLength(reached);
  });
});
