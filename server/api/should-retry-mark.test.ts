import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { expectConsole } from '../../tests/helpers/console-guard.ts';
import { defaultModelCatalog } from '../../shared/model-catalog.ts';
import { postgresAiQuota } from './ai-quota.ts';
import { apiCors } from './api-cors.ts';
import { createApiApp } from './create-api-app.ts';
import { readProviderConfig } from './provider-config.ts';

/*
 * Every error answer of /api says whether the browser may try it again (`x-should-retry`,
 * shared/ai-retry-policy.ts): only a provider's transient failure is `true`; this app's own refusals
 * never are. The app runs in-process (app.request), with the quota's REST calls and the providers
 * answered at the network edge by stand-in fetches.
 */
type Answer = () => Response | Promise<Response>;

function apiWith(
  options: { provider?: Answer; quota?: Answer; verify?: 'ok' | 'down'; brokenQuota?: boolean } = {},
) {
  const providerCalls: string[] = [];
  const app = createApiApp({
    verifyToken: (token) => {
      if (options.verify === 'down') return Promise.reject(new Error('auth server down'));
      return Promise.resolve(token === 'good' ? { userId: 'user-1', sessionId: null } : null);
    },
    // Tokens here carry no session: nothing asks the database about one.
    sessionIsLive: () => Promise.reject(new Error('no session check in this test')),
    // Everything but YouTube has a key.
    providers: readProviderConfig({
      GROQ_API_KEY: 'gsk_test',
      GROQ_BASE_URL: 'https://groq.test',
      ANTHROPIC_API_KEY: 'sk-ant-test',
      ANTHROPIC_BASE_URL: 'https://anthropic.test',
      PERPLEXITY_API_KEY: 'pplx-test',
      PERPLEXITY_BASE_URL: 'https://perplexity.test',
    }),
    catalog: defaultModelCatalog,
    quota: options.brokenQuota
      ? { take: () => Promise.reject(new Error('a bug in our own code')), mayRefuse: () => false }
      : postgresAiQuota(
          {
            supabaseUrl: 'https://db.test',
            secretKey: 'sb_secret_test',
            fetch: async () =>
              (
                options.quota ??
                (() =>
                  Response.json([
                    {
                      allowed: true,
                      retry_after_seconds: 0,
                      address_allowed: true,
                      address_retry_after_seconds: 0,
                    },
                  ]))
              )(),
          },
          { requests: 30, windowSeconds: 60 },
        ),
    fetch: async (input) => {
      providerCalls.push(String(input));
      if (!options.provider) throw new Error('no provider in this test');
      return options.provider();
    },
  });
  return { app, providerCalls };
}

const groqBody = { model: 'openai/gpt-oss-20b', messages: [{ role: 'user', content: 'Hi' }] };
const post = (app: Hono, path: string, body: unknown, token = 'good') =>
  app.request(path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const groq = (app: Hono, token?: string) => post(app, '/groq/openai/v1/chat/completions', groqBody, token);
const providerError =
  (status: number, headers: Record<string, string> = {}) =>
  () =>
    Response.json({ error: { message: 'provider says no', type: 'x' } }, { status, headers });

describe('our own refusals are marked x-should-retry: false', () => {
  it.each<[string, () => Response | Promise<Response>, number]>([
    ['a missing session (401)', () => groq(apiWith().app, 'expired'), 401],
    ['a session that cannot be checked (503)', () => groq(apiWith({ verify: 'down' }).app), 503],
    ['an invalid body (400)', () => post(apiWith().app, '/groq/openai/v1/chat/completions', {}), 400],
    [
      'a model not in the catalog (400)',
      () => post(apiWith().app, '/generate-claude', { prompt: 'Hi', model: 'gpt-4' }),
      400,
    ],
    [
      'the quota spent (429 with a short Retry-After)',
      () =>
        groq(
          apiWith({
            quota: () =>
              Response.json([
                {
                  allowed: false,
                  retry_after_seconds: 2,
                  address_allowed: true,
                  address_retry_after_seconds: 0,
                },
              ]),
          }).app,
        ),
      429,
    ],
    [
      'the quota that cannot be checked (503)',
      () => groq(apiWith({ quota: () => new Response('down', { status: 500 }) }).app),
      503,
    ],
    [
      'a provider that is not configured (503)',
      () =>
        apiWith().app.request('/youtube/videos?part=snippet&id=dQw4w9WgXcQ', {
          headers: { authorization: 'Bearer good' },
        }),
      503,
    ],
    ['an unknown route (404)', () => post(apiWith().app, '/nowhere', {}), 404],
  ])('%s', async (_name, request, status) => {
    const response = await request();
    expect(response.status).toBe(status);
    expect(response.headers.get('x-should-retry')).toBe('false');
    // Our own answer, not a provider's failure passed on.
    const { error } = (await response.json()) as { error: { code: string } };
    expect(['provider_error', 'provider_unreachable']).not.toContain(error.code);
  });

  it('keeps the quota refusal Retry-After for the message', async () => {
    const { app, providerCalls } = apiWith({
      quota: () =>
        Response.json([
          { allowed: false, retry_after_seconds: 2, address_allowed: true, address_retry_after_seconds: 0 },
        ]),
    });
    const response = await groq(app);
    expect(response.headers.get('retry-after')).toBe('2');
    // The provider request started beside the count was aborted; the next never starts.
    const reached = providerCalls.length;
    expect(reached).toBeLessThanOrEqual(1);
    expect((await groq(app)).headers.get('retry-after')).toBe('2');
    expect(providerCalls).toHaveLength(reached);
  });

  it('an unexpected failure of our own (500) is final too', async () => {
    const logged = expectConsole('error');
    const response = await groq(apiWith({ brokenQuota: true }).app);
    expect(response.status).toBe(500);
    expect(response.headers.get('x-should-retry')).toBe('false');
    expect(logged).toHaveBeenCalledOnce();
  });
});

describe("a provider's failure is marked by its own status and pause", () => {
  it.each<[string, Answer, number, 'true' | 'false']>([
    ['500', providerError(500), 500, 'true'],
    ['503', providerError(503), 503, 'true'],
    ['408', providerError(408), 408, 'true'],
    ['409', providerError(409), 409, 'true'],
    ['429 with Retry-After: 1', providerError(429, { 'retry-after': '1' }), 429, 'true'],
    ['429 with retry-after-ms: 1500', providerError(429, { 'retry-after-ms': '1500' }), 429, 'true'],
    ['429 with Retry-After: 120', providerError(429, { 'retry-after': '120' }), 429, 'false'],
    ['429 without Retry-After', providerError(429), 429, 'false'],
    ['503 with Retry-After: 60', providerError(503, { 'retry-after': '60' }), 503, 'false'],
    ['400', providerError(400), 400, 'false'],
    ['401 (the server key)', providerError(401), 401, 'false'],
    ['404', providerError(404), 404, 'false'],
  ])('Groq %s', async (_name, answer, status, mark) => {
    const response = await groq(apiWith({ provider: answer }).app);
    expect(response.status).toBe(status);
    expect(response.headers.get('x-should-retry')).toBe(mark);
    expect(await response.json()).toMatchObject({ error: { code: 'provider_error' } });
  });

  it('passes the pause on with a retryable answer, so the browser waits what the provider asked', async () => {
    const limited = await groq(apiWith({ provider: providerError(429, { 'retry-after-ms': '1500' }) }).app);
    expect(limited.headers.get('retry-after-ms')).toBe('1500');
    const unavailable = await groq(apiWith({ provider: providerError(503, { 'retry-after': '3' }) }).app);
    expect(unavailable.headers.get('retry-after')).toBe('3');
  });

  it('Anthropic overloaded (529) is our 502, marked true on its own status', async () => {
    const { app } = apiWith({ provider: providerError(529) });
    const response = await post(app, '/generate-claude', { prompt: 'Hi', model: 'claude-sonnet-4-6' });
    expect(response.status).toBe(502);
    expect(response.headers.get('x-should-retry')).toBe('true');
  });

  it('a provider that cannot be reached (502) is marked true: nothing was generated', async () => {
    const { app } = apiWith({ provider: () => Promise.reject(new TypeError('fetch failed')) });
    const response = await post(app, '/perplexity/agent', { model: 'perplexity/sonar', input: 'Hi' });
    expect(response.status).toBe(502);
    expect(response.headers.get('x-should-retry')).toBe('true');
    expect(await response.json()).toMatchObject({ error: { code: 'provider_unreachable' } });
  });
});

it('a page on another origin may read the mark and the pause (the Edge Function’s CORS)', async () => {
  const app = new Hono();
  app.use('*', apiCors());
  app.get('/x', (c) => c.text('ok'));
  const response = await app.request('/x', { headers: { origin: 'https://app.example' } });
  const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/,\s*/);
  expect(exposed).toEqual(expect.arrayContaining(['x-should-retry', 'retry-after', 'retry-after-ms']));
});
