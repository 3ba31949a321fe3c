import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readProviderConfig } from '../../server/api/provider-config.ts';
import { signAccessToken } from '../../server/embedded/keys/jwt.ts';
import { generateKeyPair } from 'jose';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { defaultModelCatalog } from '../../shared/model-catalog.ts';
import { startApiTestServer, testProviders } from '../helpers/api-server.ts';
import { signedInClient } from '../helpers/test-server.ts';

const groqUrl = `${testProviders.GROQ_BASE_URL}/openai/v1/chat/completions`;
const completion = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1730000000,
  model: 'openai/gpt-oss-20b',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' }],
};
let providerCalls = 0;
const providers = setupServer(
  http.post(groqUrl, () => {
    providerCalls += 1;
    return HttpResponse.json(completion);
  }),
);

let server: EmbeddedServer;
let token: string;
beforeAll(async () => {
  // Requests to the local server pass through; only the providers' hosts are answered by MSW.
  providers.listen({ onUnhandledRequest: 'bypass' });
  server = await startApiTestServer();
  token = (await signedInClient(server)).session.access_token;
});
afterEach(() => {
  providerCalls = 0;
});
afterAll(async () => {
  providers.close();
  await server.close();
});

const validGroqBody = { model: 'openai/gpt-oss-20b', messages: [{ role: 'user', content: 'Hello' }] };

function post(
  target: EmbeddedServer,
  path: string,
  body: unknown,
  bearer: string | null,
  headers: Record<string, string> = {},
) {
  return fetch(`${target.url}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function expectError(response: Response, status: number, message: string | RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = (await response.json()) as { error: { message: string; type: string; code: string } };
  expect(body.error.message).toMatch(message);
  expect(typeof body.error.type).toBe('string');
  expect(typeof body.error.code).toBe('string');
  return body.error;
}

describe('access token check (401)', () => {
  it('refuses a request without a token', async () => {
    await expectError(
      await post(server, '/groq/openai/v1/chat/completions', validGroqBody, null),
      401,
      'Authentication required',
    );
    expect((await fetch(`${server.url}/api/models`)).status).toBe(401);
    await expectError(
      await post(server, '/generate-claude', { prompt: 'x', model: 'claude-sonnet-4-6' }, null),
      401,
      'Authentication required',
    );
  });

  it('refuses a malformed token and a non-Bearer scheme', async () => {
    await expectError(
      await post(server, '/groq/openai/v1/chat/completions', validGroqBody, 'not-a-jwt'),
      401,
      'Authentication required',
    );
    const basic = await post(server, '/groq/openai/v1/chat/completions', validGroqBody, null, {
      authorization: `Basic ${token}`,
    });
    expect(basic.status).toBe(401);
  });

  it('refuses the anon key and the service-role key: they are not users', async () => {
    await expectError(
      await post(server, '/groq/openai/v1/chat/completions', validGroqBody, server.keys.publishableKey),
      401,
      'Authentication required',
    );
    expect(
      (await post(server, '/groq/openai/v1/chat/completions', validGroqBody, server.keys.secretKey)).status,
    ).toBe(401);
  });

  it('refuses an expired token and one signed with another key', async () => {
    const { user } = await signedInClient(server);
    const claims = { sub: user.id, role: 'authenticated', aud: 'authenticated' };
    const expired = await signAccessToken(claims, server.keys.signing, -60);
    await expectError(
      await post(server, '/groq/openai/v1/chat/completions', validGroqBody, expired.token),
      401,
      'Authentication required',
    );
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await signAccessToken(claims, { kid: server.keys.signing.kid, privateKey }, 600);
    expect((await post(server, '/groq/openai/v1/chat/completions', validGroqBody, forged.token)).status).toBe(
      401,
    );
    expect(providerCalls).toBe(0);
  });

  it('accepts a signed-in user', async () => {
    const response = await post(server, '/groq/openai/v1/chat/completions', validGroqBody, token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(completion);
  });
});

describe('body and model checks (400, 413)', () => {
  it('names an unknown model', async () => {
    const error = await expectError(
      await post(server, '/groq/openai/v1/chat/completions', { ...validGroqBody, model: 'gpt-4o' }, token),
      400,
      'The model "gpt-4o" is not available for Groq on this server.',
    );
    expect(error.code).toBe('model_not_found');
  });

  it('names a retired model and its successor', async () => {
    const error = await expectError(
      await post(
        server,
        '/groq/openai/v1/chat/completions',
        { ...validGroqBody, model: 'llama-3.3-70b-versatile' },
        token,
      ),
      400,
      /^The model "llama-3\.3-70b-versatile" has been retired\..*"openai\/gpt-oss-120b"/,
    );
    expect(error.code).toBe('model_decommissioned');
    await expectError(
      await post(server, '/generate-claude', { prompt: 'Hi', model: 'claude-3-5-sonnet-latest' }, token),
      400,
      'The model "claude-3-5-sonnet-latest" has been retired',
    );
  });

  it('refuses a model of the other engine', async () => {
    await expectError(
      await post(server, '/generate-claude', { prompt: 'Hi', model: 'openai/gpt-oss-20b' }, token),
      400,
      'The model "openai/gpt-oss-20b" is not available for Anthropic on this server.',
    );
  });

  it('refuses a body without messages, with a bad role or out-of-range numbers', async () => {
    await expectError(
      await post(server, '/groq/openai/v1/chat/completions', { model: 'openai/gpt-oss-20b' }, token),
      400,
      /^Invalid request: messages/,
    );
    const badRole = { ...validGroqBody, messages: [{ role: 'tool', content: 'x' }] };
    expect((await post(server, '/groq/openai/v1/chat/completions', badRole, token)).status).toBe(400);
    expect(
      (await post(server, '/groq/openai/v1/chat/completions', { ...validGroqBody, temperature: 3 }, token))
        .status,
    ).toBe(400);
    expect(
      (await post(server, '/groq/openai/v1/chat/completions', { ...validGroqBody, max_tokens: 9000 }, token))
        .status,
    ).toBe(400);
    expect(
      (await post(server, '/groq/openai/v1/chat/completions', { ...validGroqBody, messages: [] }, token))
        .status,
    ).toBe(400);
    await expectError(
      await post(server, '/generate-claude', { model: 'claude-sonnet-4-6', prompt: '' }, token),
      400,
      /^Invalid request: prompt/,
    );
    expect(
      (
        await post(
          server,
          '/generate-claude',
          { model: 'claude-sonnet-4-6', prompt: 'x', temperature: 1.5 },
          token,
        )
      ).status,
    ).toBe(400);
    expect(providerCalls).toBe(0);
  });

  it('refuses a body that is not JSON', async () => {
    const error = await expectError(
      await post(server, '/groq/openai/v1/chat/completions', '{"model": oops', token),
      400,
      'The request body must be JSON.',
    );
    expect(error.code).toBe('invalid_json');
  });

  it('refuses JSON nested 100,000 levels deep with 400, before any provider call', async () => {
    // Well under the 256 kB limit; forwarding it would overflow the stack in JSON.stringify (a 500).
    const schema = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    const body = `{"model":"perplexity/sonar","input":"Topics","response_format":{"type":"json_schema","json_schema":{"name":"x","schema":${schema}}}}`;
    const error = await expectError(
      await post(server, '/perplexity/agent', body, token),
      400,
      /nests more than 64 levels/,
    );
    expect(error.code).toBe('invalid_json');
    const deepArray = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect((await post(server, '/groq/openai/v1/chat/completions', deepArray, token)).status).toBe(400);
    expect(providerCalls).toBe(0);
  });

  it('refuses an oversize body with 413, declared or streamed', async () => {
    const huge = {
      ...validGroqBody,
      messages: Array.from({ length: 5 }, () => ({ role: 'user', content: 'x'.repeat(59_000) })),
    };
    const error = await expectError(
      await post(server, '/groq/openai/v1/chat/completions', huge, token),
      413,
      'The request body is too large',
    );
    expect(error.code).toBe('body_too_large');

    // No Content-Length: the cap applies while reading.
    const bytes = new TextEncoder().encode(JSON.stringify(huge));
    const chunked = await fetch(`${server.url}/api/groq/openai/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: new ReadableStream({
        start(controller) {
          for (let offset = 0; offset < bytes.length; offset += 16_384)
            controller.enqueue(bytes.slice(offset, offset + 16_384));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(providerCalls).toBe(0);
  });

  it('lets a browser preflight what groq-sdk sends (from an origin the server accepts: here its own)', async () => {
    const response = await fetch(`${server.url}/api/groq/openai/v1/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        origin: server.url,
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'authorization,content-type,x-stainless-arch,x-stainless-lang,x-stainless-os,x-stainless-package-version,x-stainless-retry-count,x-stainless-runtime,x-stainless-runtime-version',
      },
    });
    expect(response.status).toBe(204);
    const allowed = response.headers.get('access-control-allow-headers') ?? '';
    for (const header of ['authorization', 'content-type', 'x-stainless-runtime-version'])
      expect(allowed).toContain(header);
  });

  it('answers an unknown API route with a JSON 404', async () => {
    await expectError(await post(server, '/nowhere', {}, token), 404, 'There is no such API route.');
  });
});

describe('GET /api/models', () => {
  it('returns the catalog and which providers are configured, never the keys', async () => {
    const response = await fetch(`${server.url}/api/models`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      catalog: defaultModelCatalog,
      configured: {
        groq: true,
        anthropic: true,
        perplexity: true,
        youtube: true,
        'openai-compatible': false,
      },
    });
    for (const key of [
      testProviders.GROQ_API_KEY,
      testProviders.ANTHROPIC_API_KEY,
      testProviders.PERPLEXITY_API_KEY,
      testProviders.YOUTUBE_API_KEY,
    ]) {
      expect(text).not.toContain(key);
    }
  });

  it('app-config tells the SPA the same, without keys', async () => {
    const text = await (await fetch(`${server.url}/app-config.json`)).text();
    expect(JSON.parse(text)).toMatchObject({
      engines: { groq: true, anthropic: true, perplexity: true, youtube: true },
      modelCatalog: defaultModelCatalog,
    });
    expect(text).not.toContain(testProviders.GROQ_API_KEY);
  });
});

describe('a server without provider keys (503)', () => {
  let bare: EmbeddedServer;
  let bareToken: string;
  beforeAll(async () => {
    bare = await startApiTestServer({ providers: readProviderConfig({}) });
    bareToken = (await signedInClient(bare)).session.access_token;
  });
  afterAll(() => bare.close());

  it('says which key is missing, after the other checks', async () => {
    await expectError(
      await post(bare, '/groq/openai/v1/chat/completions', validGroqBody, bareToken),
      503,
      /^Groq is not configured on this server: set GROQ_API_KEY$/,
    );
    await expectError(
      await post(bare, '/generate-claude', { prompt: 'Hi', model: 'claude-sonnet-4-6' }, bareToken),
      503,
      /^Anthropic is not configured on this server: set ANTHROPIC_API_KEY$/,
    );
    // The model check comes first: a retired model is still a 400.
    expect(
      (
        await post(
          bare,
          '/groq/openai/v1/chat/completions',
          { ...validGroqBody, model: 'llama-3.3-70b-versatile' },
          bareToken,
        )
      ).status,
    ).toBe(400);
  });

  it('reports nothing configured in /models', async () => {
    const response = await fetch(`${bare.url}/api/models`, {
      headers: { authorization: `Bearer ${bareToken}` },
    });
    expect(((await response.json()) as { configured: unknown }).configured).toEqual({
      groq: false,
      anthropic: false,
      perplexity: false,
      youtube: false,
      'openai-compatible': false,
    });
  });
});

describe('per-user rate limit (429)', () => {
  let limited: EmbeddedServer;
  beforeAll(async () => {
    limited = await startApiTestServer({ quota: { requests: 3, windowSeconds: 60 } });
  });
  afterAll(() => limited.close());

  it('refuses a user over the limit with Retry-After, and not another user', async () => {
    const first = (await signedInClient(limited)).session.access_token;
    const second = (await signedInClient(limited)).session.access_token;
    for (let index = 0; index < 3; index += 1) {
      expect((await post(limited, '/groq/openai/v1/chat/completions', validGroqBody, first)).status).toBe(
        200,
      );
    }
    const refused = await post(
      limited,
      '/generate-claude',
      { prompt: 'Hi', model: 'claude-sonnet-4-6' },
      first,
    );
    // 3 per minute refill one every 20 s (a token bucket in Postgres).
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(19);
    expect(retryAfter).toBeLessThanOrEqual(20);
    const error = await expectError(
      refused,
      429,
      `Too many requests. Please wait ${retryAfter} seconds and try again.`,
    );
    expect(error).toMatchObject({ type: 'rate_limit', code: 'rate_limited' });
    expect(providerCalls).toBe(3);

    expect((await post(limited, '/groq/openai/v1/chat/completions', validGroqBody, second)).status).toBe(200);
  });
});
