import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviders, type FakeProviders } from '../../harness/fakes/fake-providers.ts';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { startApiTestServer, testProviders } from '../helpers/api-server.ts';
import { signedInClient } from '../helpers/test-server.ts';

/*
 * A request the server would refuse anyway (a retired or unknown model, a provider without a key,
 * a bad body) is refused before the user's AI budget is touched: only a request that may reach a
 * provider costs a request. Anthropic and YouTube have no key on this server; Groq and Perplexity
 * are the fake provider server.
 */
const limit = 2;
let fake: FakeProviders;
let server: EmbeddedServer;
beforeAll(async () => {
  fake = await startFakeProviders();
  server = await startApiTestServer({
    providers: {
      ...testProviders,
      GROQ_BASE_URL: fake.url,
      PERPLEXITY_BASE_URL: fake.url,
      ANTHROPIC_API_KEY: undefined,
      YOUTUBE_API_KEY: undefined,
    },
    quota: { requests: limit, windowSeconds: 3600 },
  });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

function call(token: string, path: string, body?: unknown) {
  return fetch(`${server.url}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const groq = (model: string) => ({ model, messages: [{ role: 'user', content: 'Hi' }] });

/** Each refused with its own clear error, none of them the quota's. */
const invalidRequests: [string, string, unknown, number, string][] = [
  [
    'a retired Groq model',
    '/groq/openai/v1/chat/completions',
    groq('llama-3.3-70b-versatile'),
    400,
    'model_decommissioned',
  ],
  [
    'an unknown Groq model',
    '/groq/openai/v1/chat/completions',
    groq('no-such-model'),
    400,
    'model_not_found',
  ],
  [
    'a Groq body without messages',
    '/groq/openai/v1/chat/completions',
    { model: 'openai/gpt-oss-20b' },
    400,
    'invalid_request',
  ],
  [
    'a retired Claude model',
    '/generate-claude',
    { prompt: 'Hi', model: 'claude-3-opus-20240229' },
    400,
    'model_decommissioned',
  ],
  [
    'Anthropic without a key',
    '/generate-claude',
    { prompt: 'Hi', model: 'claude-sonnet-4-6' },
    503,
    'provider_not_configured',
  ],
  [
    'an unknown Perplexity model',
    '/perplexity/agent',
    { model: 'no-such-model', input: 'Hi' },
    400,
    'model_not_found',
  ],
  [
    'YouTube without a key',
    '/youtube/videos?part=snippet&id=dQw4w9WgXcQ',
    undefined,
    503,
    'provider_not_configured',
  ],
  ['a bad YouTube video id', '/youtube/videos?part=snippet&id=short', undefined, 400, 'invalid_request'],
];

describe('requests refused before any budget is spent', () => {
  it('keeps the whole budget after invalid requests on every AI route', async () => {
    const token = (await signedInClient(server)).session.access_token;
    for (const [what, path, body, status, code] of invalidRequests) {
      // Twice each: more refusals than the budget holds.
      for (let round = 0; round < limit; round += 1) {
        const response = await call(token, path, body);
        expect({ what, status: response.status }).toEqual({ what, status });
        expect(await response.json()).toMatchObject({ error: { code } });
      }
    }
    expect(fake.requests).toHaveLength(0);

    for (let spent = 0; spent < limit; spent += 1) {
      expect((await call(token, '/groq/openai/v1/chat/completions', groq('openai/gpt-oss-20b'))).status).toBe(
        200,
      );
    }
    // The request after the budget is refused. The provider request started beside the count
    // (counted-call.ts) is aborted; once refused, the next one never reaches the provider.
    const refused = await call(token, '/groq/openai/v1/chat/completions', groq('openai/gpt-oss-20b'));
    expect(refused.status).toBe(429);
    const reached = fake.requests.length;
    expect(reached).toBeGreaterThanOrEqual(limit);
    expect(reached).toBeLessThanOrEqual(limit + 1);
    const again = await call(token, '/groq/openai/v1/chat/completions', groq('openai/gpt-oss-20b'));
    expect(again.status).toBe(429);
    expect(fake.requests).toHaveLength(reached);
  });
});
