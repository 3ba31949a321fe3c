import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { startApiTestServer, testProviders } from '../helpers/api-server.ts';
import { signedInClient } from '../helpers/test-server.ts';

const agentUrl = `${testProviders.PERPLEXITY_BASE_URL}/v1/agent`;
const videosUrl = `${testProviders.YOUTUBE_BASE_URL}/videos`;
const videoId = 'dQw4w9WgXcQ';

let upstreamCalls = 0;
const providers = setupServer();

let server: EmbeddedServer;
let token: string;
/** A server without Perplexity and YouTube keys and with a small rate limit. */
let bare: EmbeddedServer;
beforeAll(async () => {
  providers.listen({ onUnhandledRequest: 'bypass' });
  [server, bare] = await Promise.all([
    startApiTestServer(),
    startApiTestServer({
      providers: { ...testProviders, PERPLEXITY_API_KEY: undefined, YOUTUBE_API_KEY: undefined },
      quota: { requests: 3, windowSeconds: 60 },
    }),
  ]);
  token = (await signedInClient(server)).session.access_token;
});
afterEach(() => {
  providers.resetHandlers();
  upstreamCalls = 0;
});
afterAll(async () => {
  providers.close();
  await Promise.all([server.close(), bare.close()]);
});

const agentBody = {
  model: 'perplexity/sonar',
  instructions: 'Reply only with JSON.',
  input: 'Find subreddits about remote work.',
  tools: [
    {
      type: 'web_search',
      search_context_size: 'high',
      filters: { search_domain_filter: ['www.example.com/blog', 'hbr.org'] },
    },
  ],
  response_format: {
    type: 'json_schema',
    json_schema: {
      name: 'subreddits',
      schema: { type: 'object', properties: { subreddits: { type: 'array' } } },
    },
  },
  max_output_tokens: 2000,
  temperature: 0.2,
  top_p: 0.9,
};

const completed = {
  id: 'resp_1',
  object: 'response',
  created_at: 1_790_000_000,
  status: 'completed',
  model: 'perplexity/sonar',
  output: [
    { type: 'search_results', queries: ['remote work'], results: [] },
    {
      type: 'message',
      role: 'assistant',
      content: [{ type: 'output_text', text: '{"subreddits":[]}', annotations: [] }],
    },
  ],
  error: null,
  usage: { input_tokens: 10, output_tokens: 4 },
};

const videoList = {
  kind: 'youtube#videoListResponse',
  items: [
    {
      kind: 'youtube#video',
      id: videoId,
      snippet: { title: 'A talk', channelTitle: 'A channel', description: 'About work' },
      statistics: { viewCount: '1234' },
    },
  ],
  pageInfo: { totalResults: 1, resultsPerPage: 1 },
};

function postAgent(body: unknown, bearer: string | null = token, target = server) {
  return fetch(`${target.url}/api/perplexity/agent`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function getVideos(query: string, bearer: string | null = token, target = server) {
  return fetch(`${target.url}/api/youtube/videos?${query}`, {
    headers: bearer === null ? {} : { authorization: `Bearer ${bearer}` },
  });
}

async function expectError(response: Response, status: number, message: string | RegExp) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: { message: string; code: string } };
  expect(body.error.message).toMatch(message);
  return body.error;
}

function answerAgent(respond: () => Response = () => HttpResponse.json(completed)) {
  providers.use(
    http.post(agentUrl, () => {
      upstreamCalls += 1;
      return respond();
    }),
  );
}

function answerVideos(respond: () => Response = () => HttpResponse.json(videoList)) {
  providers.use(
    http.get(videosUrl, () => {
      upstreamCalls += 1;
      return respond();
    }),
  );
}

describe('POST /api/perplexity/agent', () => {
  it('refuses a request without a signed-in user', async () => {
    answerAgent();
    await expectError(await postAgent(agentBody, null), 401, 'Authentication required');
    await expectError(await postAgent(agentBody, server.keys.publishableKey), 401, 'Authentication required');
    expect(upstreamCalls).toBe(0);
  });

  it.each([
    ['an unknown top-level field', { ...agentBody, presence_penalty: 0.6 }, /presence_penalty|Unrecognized/i],
    ['an unknown tool field', { ...agentBody, tools: [{ type: 'web_search', user_location: 'x' }] }, /tools/],
    ['a tool other than web search', { ...agentBody, tools: [{ type: 'fetch_url' }] }, /tools/],
    [
      'a search domain with a scheme',
      {
        ...agentBody,
        tools: [{ type: 'web_search', filters: { search_domain_filter: ['https://hbr.org'] } }],
      },
      /search_domain_filter/,
    ],
    [
      'more than 20 search domains',
      {
        ...agentBody,
        tools: [
          {
            type: 'web_search',
            filters: { search_domain_filter: Array.from({ length: 21 }, (_, i) => `s${i}.example.com`) },
          },
        ],
      },
      /search_domain_filter/,
    ],
    ['too many output tokens', { ...agentBody, max_output_tokens: 4001 }, /max_output_tokens/],
    ['a temperature above 2', { ...agentBody, temperature: 2.5 }, /temperature/],
    ['a missing input', { ...agentBody, input: undefined }, /input/],
    ['an input over 40,000 characters', { ...agentBody, input: 'x'.repeat(40_001) }, /input/],
    [
      'a response format other than a JSON schema',
      { ...agentBody, response_format: { type: 'text' } },
      /response_format/,
    ],
  ])('refuses %s with 400', async (_name, body, message) => {
    answerAgent();
    const error = await expectError(await postAgent(body), 400, message);
    expect(error.code).toBe('invalid_request');
    expect(upstreamCalls).toBe(0);
  });

  it('refuses a model other than perplexity/sonar, including the retired sonar-pro', async () => {
    answerAgent();
    const error = await expectError(
      await postAgent({ ...agentBody, model: 'sonar-pro' }),
      400,
      'The model "sonar-pro" is not available for Perplexity on this server.',
    );
    expect(error.code).toBe('model_not_found');
    expect(upstreamCalls).toBe(0);
  });

  it('refuses a body over the size cap with 413', async () => {
    await expectError(
      await postAgent({ ...agentBody, instructions: 'x'.repeat(300 * 1024) }),
      413,
      /too large/,
    );
  });

  it('forwards exactly the allowed fields with the server key, and returns the reply unchanged', async () => {
    const seen: { headers: Headers; body: unknown }[] = [];
    providers.use(
      http.post(agentUrl, async ({ request }) => {
        seen.push({ headers: request.headers, body: await request.json() });
        return HttpResponse.json(completed, { headers: { 'x-request-id': 'req_7' } });
      }),
    );
    const response = await postAgent(agentBody);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req_7');
    expect(await response.json()).toEqual(completed);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.get('authorization')).toBe(`Bearer ${testProviders.PERPLEXITY_API_KEY}`);
    expect(seen[0]!.body).toEqual(agentBody);
  });

  it('forwards an input given as messages', async () => {
    let forwarded: unknown;
    providers.use(
      http.post(agentUrl, async ({ request }) => {
        forwarded = await request.json();
        return HttpResponse.json(completed);
      }),
    );
    const body = { model: 'perplexity/sonar', input: [{ role: 'user', content: 'Hi' }] };
    expect((await postAgent(body)).status).toBe(200);
    expect(forwarded).toEqual(body);
  });

  it('passes a 200 with status "failed" through as it is', async () => {
    const failed = {
      ...completed,
      status: 'failed',
      output: [],
      error: { message: 'The model failed.', type: 'server_error' },
    };
    answerAgent(() => HttpResponse.json(failed));
    const response = await postAgent(agentBody);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(failed);
  });

  it('answers a provider 429 with its status, reason and Retry-After, not its body', async () => {
    const body =
      '{"error":{"message":"Rate limit exceeded","type":"request_rate_limit_exceeded","code":429}}';
    answerAgent(
      () =>
        new HttpResponse(body, {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '9' },
        }),
    );
    const response = await postAgent(agentBody);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('9');
    expect(await response.json()).toEqual({
      error: {
        message: 'Perplexity API error: 429 Too Many Requests (Rate limit exceeded)',
        type: 'rate_limit',
        code: 'provider_error',
      },
    });
  });

  it('answers a provider 500 with its status and reason', async () => {
    const body = '{"error":{"message":"Internal error","type":"internal_server_error","code":500}}';
    answerAgent(
      () => new HttpResponse(body, { status: 500, headers: { 'content-type': 'application/json' } }),
    );
    const response = await postAgent(agentBody);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: {
        message: 'Perplexity API error: 500 Internal Server Error (Internal error)',
        type: 'api_error',
        code: 'provider_error',
      },
    });
  });

  it('answers 502 when Perplexity cannot be reached', async () => {
    providers.use(http.post(agentUrl, () => HttpResponse.error()));
    const error = await expectError(
      await postAgent(agentBody),
      502,
      'Could not reach Perplexity. Please try again.',
    );
    expect(error.code).toBe('provider_unreachable');
  });
});

describe('GET /api/youtube/videos', () => {
  it('refuses a request without a signed-in user', async () => {
    answerVideos();
    await expectError(await getVideos(`part=snippet&id=${videoId}`, null), 401, 'Authentication required');
    expect(upstreamCalls).toBe(0);
  });

  it.each([
    ['a missing id', 'part=snippet,statistics', /id/],
    ['a 10-character id', 'part=snippet&id=dQw4w9WgXc', /id/],
    ['a 12-character id', 'part=snippet&id=dQw4w9WgXcQQ', /id/],
    ['an id outside the alphabet', 'part=snippet&id=dQw4w9WgX%2FQ', /id/],
    ['two ids', `part=snippet&id=${videoId},${videoId}`, /id/],
    ['a repeated id parameter', `part=snippet&id=${videoId}&id=${videoId}`, /id/],
    ['a missing part', `id=${videoId}`, /part/],
    ['an unknown part', `part=snippet,fileDetails&id=${videoId}`, /part/],
  ])('refuses %s with 400', async (_name, query, message) => {
    answerVideos();
    await expectError(await getVideos(query), 400, message);
    expect(upstreamCalls).toBe(0);
  });

  it('forwards only part, id and the server key, and returns the reply unchanged', async () => {
    const seen: URL[] = [];
    providers.use(
      http.get(videosUrl, ({ request }) => {
        seen.push(new URL(request.url));
        return HttpResponse.json(videoList);
      }),
    );
    const response = await getVideos(
      `part=snippet,statistics&id=${videoId}&key=the-users-own-key&chart=mostPopular&maxResults=50&fields=items`,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(videoList);
    expect(seen).toHaveLength(1);
    const url = seen[0]!;
    expect(`${url.origin}${url.pathname}`).toBe(videosUrl);
    expect([...url.searchParams.keys()].sort()).toEqual(['id', 'key', 'part']);
    expect(url.searchParams.get('part')).toBe('snippet,statistics');
    expect(url.searchParams.get('id')).toBe(videoId);
    expect(url.searchParams.get('key')).toBe(testProviders.YOUTUBE_API_KEY);
  });

  it('passes "not found" (200 with no items) through, and answers a quota 403 with its status and reason', async () => {
    const empty = {
      kind: 'youtube#videoListResponse',
      items: [],
      pageInfo: { totalResults: 0, resultsPerPage: 0 },
    };
    answerVideos(() => HttpResponse.json(empty));
    const notFound = await getVideos(`part=snippet&id=${videoId}`);
    expect(notFound.status).toBe(200);
    expect(await notFound.json()).toEqual(empty);

    const quota = {
      error: {
        code: 403,
        message: 'quota',
        errors: [{ domain: 'youtube.quota', reason: 'quotaExceeded', message: 'quota' }],
      },
    };
    answerVideos(() => HttpResponse.json(quota, { status: 403 }));
    const refused = await getVideos(`part=snippet&id=${videoId}`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: {
        message: 'YouTube API error: 403 Forbidden (quota)',
        type: 'api_error',
        code: 'provider_error',
      },
    });
  });

  it('answers 502 when YouTube cannot be reached', async () => {
    providers.use(http.get(videosUrl, () => HttpResponse.error()));
    await expectError(
      await getVideos(`part=snippet&id=${videoId}`),
      502,
      'Could not reach YouTube. Please try again.',
    );
  });
});

describe('a server without research keys', () => {
  it('answers 503 naming the missing variable, after the body and model checks', async () => {
    const bareToken = (await signedInClient(bare)).session.access_token;
    answerAgent();
    answerVideos();
    await expectError(
      await postAgent({ ...agentBody, model: 'sonar-pro' }, bareToken, bare),
      400,
      /not available/,
    );
    const agent = await expectError(
      await postAgent(agentBody, bareToken, bare),
      503,
      'Perplexity is not configured on this server: set PERPLEXITY_API_KEY',
    );
    expect(agent.code).toBe('provider_not_configured');
    await expectError(
      await getVideos(`part=snippet&id=${videoId}`, bareToken, bare),
      503,
      'YouTube is not configured on this server: set YOUTUBE_API_KEY',
    );
    expect(upstreamCalls).toBe(0);
  });

  it('spends none of the budget on a missing key or an unknown model (docs/decisions/012)', async () => {
    const userToken = (await signedInClient(bare)).session.access_token;
    for (let call = 0; call < 4; call += 1) {
      expect((await getVideos(`part=snippet&id=${videoId}`, userToken, bare)).status).toBe(503);
      expect((await postAgent({ ...agentBody, model: 'sonar-pro' }, userToken, bare)).status).toBe(400);
    }
    // Groq has a key on this server: the user's whole budget of 3 is still there, then 429.
    providers.use(
      http.post(`${testProviders.GROQ_BASE_URL}/openai/v1/chat/completions`, () =>
        HttpResponse.json({ id: 'c1', object: 'chat.completion', choices: [] }),
      ),
    );
    const chat = () =>
      fetch(`${bare.url}/api/groq/openai/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${userToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'openai/gpt-oss-20b', messages: [{ role: 'user', content: 'Hi' }] }),
      });
    for (let call = 0; call < 3; call += 1) expect((await chat()).status).toBe(200);
    const limited = await chat();
    await expectError(limited, 429, /Too many requests/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
