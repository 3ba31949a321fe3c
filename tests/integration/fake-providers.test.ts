import Groq, { APIError, BadRequestError, RateLimitError } from 'groq-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_POST_TEXT,
  startFakeProviders,
  type FakeProviders,
  type PerplexityReplyStyle,
  type RecordedRequest,
} from '../../harness/fakes/fake-providers.ts';

let fake: FakeProviders;
const fast = { tokensPerSecond: 2000 };
const text = 'Hello from the fake provider.\n\nSecond line with an emoji 🚀 and a closing question?';

beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

function groqClient(): Groq {
  return new Groq({ apiKey: 'test', baseURL: fake.url, maxRetries: 0 });
}

async function groqStream(
  model = 'openai/gpt-oss-20b',
): Promise<{ text: string; chunks: Groq.Chat.ChatCompletionChunk[] }> {
  const stream = await groqClient().chat.completions.create({
    model,
    messages: [{ role: 'user', content: 'Write a post' }],
    stream: true,
  });
  const chunks: Groq.Chat.ChatCompletionChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return { text: chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join(''), chunks };
}

function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const anthropicHeaders = { 'x-api-key': 'test', 'anthropic-version': '2023-06-01' };
const anthropicBody = {
  model: 'claude-sonnet-4-6',
  max_tokens: 500,
  messages: [{ role: 'user', content: 'Write a post' }],
  stream: true,
};

/** Splits an event stream into {event, data} records. */
function parseSse(raw: string): { event: string | undefined; data: string }[] {
  return raw
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
      const data = lines
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      return { event, data };
    });
}

describe('fake Groq', () => {
  it('streams the scenario text to the real groq-sdk, with a role chunk first and a stop chunk with x_groq last', async () => {
    fake.setScenario('groq', { text, ...fast });
    const { text: streamed, chunks } = await groqStream();
    expect(streamed).toBe(text);
    expect(chunks[0]?.choices[0]?.delta).toEqual({ role: 'assistant', content: '' });
    const last = chunks.at(-1) as unknown as {
      choices: { finish_reason: string; delta: object }[];
      x_groq: { usage: { completion_tokens: number } };
    };
    expect(last.choices[0]).toMatchObject({ finish_reason: 'stop', delta: {} });
    expect(last.x_groq.usage.completion_tokens).toBeGreaterThan(0);
    expect(
      chunks.every(
        (chunk) => chunk.model === 'openai/gpt-oss-20b' && chunk.object === 'chat.completion.chunk',
      ),
    ).toBe(true);
  });

  it('answers non-streaming requests with a chat.completion and the default post by default', async () => {
    const completion = await groqClient().chat.completions.create({
      model: 'openai/gpt-oss-120b',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]?.message.content).toBe(DEFAULT_POST_TEXT);
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
    expect(DEFAULT_POST_TEXT.split(/\s+/).length).toBeGreaterThan(100);
  });

  it('ends the raw stream with data: [DONE] and prefixes <think> content when asked', async () => {
    fake.setScenario('groq', { text, thinking: 'planning the hook', ...fast });
    const response = await post(
      '/openai/v1/chat/completions',
      { model: 'm', messages: [{ role: 'user', content: 'x' }], stream: true },
      { authorization: 'Bearer k' },
    );
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = parseSse(await response.text());
    expect(events.at(-1)?.data).toBe('[DONE]');
    const content = events
      .slice(0, -1)
      .map(
        (event) =>
          (JSON.parse(event.data) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta
            .content ?? '',
      )
      .join('');
    expect(content).toBe(`<think>\nplanning the hook\n</think>\n\n${text}`);
  });

  it('rejects a missing key (401), a retired model (400 model_decommissioned) and honours the error knob (429 + retry-after)', async () => {
    const unauthenticated = await post('/openai/v1/chat/completions', { model: 'm', messages: [] });
    expect(unauthenticated.status).toBe(401);
    expect(await unauthenticated.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'invalid_api_key' },
    });

    const retired = groqClient().chat.completions.create({
      model: 'llama-3.3-70b-versatile',
      messages: [{ role: 'user', content: 'x' }],
    });
    await expect(retired).rejects.toBeInstanceOf(BadRequestError);
    await expect(retired).rejects.toMatchObject({
      status: 400,
      error: { error: { code: 'model_decommissioned' } },
    });

    fake.setScenario('groq', { error: { status: 429 } });
    const limited = groqClient().chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
      stream: true,
    });
    await expect(limited).rejects.toBeInstanceOf(RateLimitError);
    const raw = await post(
      '/openai/v1/chat/completions',
      { model: 'm', messages: [] },
      { authorization: 'Bearer k' },
    );
    expect(raw.headers.get('retry-after')).toBe('1');
    expect(await raw.json()).toMatchObject({ error: { code: 'rate_limit_exceeded' } });
  });

  it('cuts the connection after disconnectAfterChunks: groq-sdk throws and never sees the stop chunk', async () => {
    fake.setScenario('groq', { text, disconnectAfterChunks: 3, ...fast });
    let received = '';
    const consume = async () => {
      const stream = await groqClient().chat.completions.create({
        model: 'm',
        messages: [{ role: 'user', content: 'x' }],
        stream: true,
      });
      for await (const chunk of stream) received += chunk.choices[0]?.delta.content ?? '';
    };
    await expect(consume()).rejects.toThrow();
    expect(text.startsWith(received)).toBe(true);
    expect(received.length).toBeLessThan(text.length);
  });

  it('midStreamError sends a data: {"error"} chunk after n deltas, which groq-sdk throws as an APIError', async () => {
    fake.setScenario('groq', { text, midStreamError: 2, ...fast });
    let received = '';
    const consume = async () => {
      const stream = await groqClient().chat.completions.create({
        model: 'm',
        messages: [{ role: 'user', content: 'x' }],
        stream: true,
      });
      for await (const chunk of stream) received += chunk.choices[0]?.delta.content ?? '';
    };
    await expect(consume()).rejects.toBeInstanceOf(APIError);
    expect(received).toBe('Hello from ');
  });

  it('waits latencyMs before the first byte and paces tokens at tokensPerSecond', async () => {
    fake.setScenario('groq', { text: 'one two three four five six', latencyMs: 150, tokensPerSecond: 50 });
    const started = Date.now();
    const response = await post(
      '/openai/v1/chat/completions',
      { model: 'm', messages: [{ role: 'user', content: 'x' }], stream: true },
      { authorization: 'Bearer k' },
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    await response.text();
    // 6 tokens at 50/s: the last one is due 100 ms after the first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
  });
});

describe('fake Anthropic', () => {
  it('streams message_start, content_block_start, ping, deltas, content_block_stop, message_delta, message_stop', async () => {
    fake.setScenario('anthropic', { text, ...fast });
    const response = await post('/v1/messages', anthropicBody, anthropicHeaders);
    expect(response.status).toBe(200);
    const events = parseSse(await response.text());
    const names = events.map((event) => event.event);
    const deltas = names.filter((name) => name === 'content_block_delta').length;
    expect(deltas).toBeGreaterThan(3);
    expect(names).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      ...Array<string>(deltas).fill('content_block_delta'),
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    for (const event of events) expect((JSON.parse(event.data) as { type: string }).type).toBe(event.event);
    const streamed = events
      .filter((event) => event.event === 'content_block_delta')
      .map((event) => (JSON.parse(event.data) as { delta: { type: string; text: string } }).delta.text)
      .join('');
    expect(streamed).toBe(text);
    expect(JSON.parse(events.at(-2)?.data ?? '{}')).toMatchObject({
      delta: { stop_reason: 'end_turn' },
      usage: { output_tokens: expect.any(Number) },
    });
  });

  it('answers non-streaming requests with a message and checks x-api-key and anthropic-version', async () => {
    fake.setScenario('anthropic', { text });
    const message = await post('/v1/messages', { ...anthropicBody, stream: false }, anthropicHeaders);
    expect(await message.json()).toMatchObject({
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text }],
      stop_reason: 'end_turn',
    });

    const noKey = await post('/v1/messages', anthropicBody, { 'anthropic-version': '2023-06-01' });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
    const noVersion = await post('/v1/messages', anthropicBody, { 'x-api-key': 'k' });
    expect(noVersion.status).toBe(400);

    fake.setScenario('anthropic', { error: { status: 529 } });
    const overloaded = await post('/v1/messages', anthropicBody, anthropicHeaders);
    expect(overloaded.status).toBe(529);
    expect(await overloaded.json()).toMatchObject({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    });
  });

  it('a mid-stream disconnect makes the body read fail, without message_stop', async () => {
    fake.setScenario('anthropic', { text, disconnectAfterChunks: 2, ...fast });
    const response = await post('/v1/messages', anthropicBody, anthropicHeaders);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let raw = '';
    const readAll = async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        raw += decoder.decode(value, { stream: true });
      }
    };
    await expect(readAll()).rejects.toThrow();
    expect(raw).not.toContain('message_stop');
    expect(parseSse(raw).filter((event) => event.event === 'content_block_delta').length).toBeLessThanOrEqual(
      2,
    );
  });

  it('midStreamError sends event: error (overloaded_error) after n deltas and ends the stream', async () => {
    fake.setScenario('anthropic', { text, midStreamError: 2, ...fast });
    const events = parseSse(await (await post('/v1/messages', anthropicBody, anthropicHeaders)).text());
    expect(events.filter((event) => event.event === 'content_block_delta')).toHaveLength(2);
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    });
  });
});

interface AgentResponse {
  object: string;
  status: string;
  model: string;
  output: { type: string; results?: { url: string }[]; content?: { type: string; text: string }[] }[];
  error: { message: string; type: string } | null;
}

async function agent(
  schemaName: string | undefined,
  extra: Record<string, unknown> = {},
): Promise<{ response: Response; json: AgentResponse; text: string }> {
  const body = {
    model: 'perplexity/sonar',
    instructions: 'You are a research assistant.',
    input: 'Find topics for a marketing manager',
    ...(schemaName
      ? {
          response_format: {
            type: 'json_schema',
            json_schema: { name: schemaName, schema: { type: 'object' } },
          },
        }
      : {}),
    ...extra,
  };
  const response = await post('/v1/agent', body, { authorization: 'Bearer k' });
  const json = (await response.json()) as AgentResponse;
  const text = json.output
    .filter((item) => item.type === 'message')
    .flatMap((item) => item.content ?? [])
    .filter((part) => part.type === 'output_text')
    .map((part) => part.text)
    .join('');
  return { response, json, text };
}

const isScore = (value: unknown) => typeof value === 'number' && value >= 1 && value <= 10;

describe('fake Perplexity', () => {
  it('returns a completed response with search results and valid JSON for each schema name', async () => {
    const topics = await agent('topic_suggestions');
    expect(topics.json).toMatchObject({
      object: 'response',
      status: 'completed',
      model: 'perplexity/sonar',
      error: null,
    });
    expect(topics.json.output[0]?.type).toBe('search_results');
    const suggestions = JSON.parse(topics.text) as Record<
      string,
      { relevance_score: number; trending_keywords: string[] }[]
    >;
    for (const group of ['industry_trends', 'audience_interests', 'content_gaps']) {
      expect(suggestions[group]).toHaveLength(3);
      expect(
        suggestions[group]?.every(
          (topic) => isScore(topic.relevance_score) && topic.trending_keywords.length > 0,
        ),
      ).toBe(true);
    }
    expect(suggestions).toHaveProperty('search_timestamp');

    const subreddits = JSON.parse((await agent('subreddits')).text) as {
      subreddits: { name: string; relevance: number; members: string }[];
    };
    expect(
      subreddits.subreddits.every(
        (sub) => sub.name.startsWith('r/') && isScore(sub.relevance) && typeof sub.members === 'string',
      ),
    ).toBe(true);

    const pains = JSON.parse((await agent('pain_points')).text) as {
      painPoints: { engagement: { upvotes: number }; contentIdeas: string[] }[];
    };
    expect(pains.painPoints.length).toBeGreaterThan(0);
    expect(
      pains.painPoints.every(
        (pain) => pain.contentIdeas.length === 3 && typeof pain.engagement.upvotes === 'number',
      ),
    ).toBe(true);
  });

  it('video_analysis echoes the title and author found in the input, and has exactly the schema fields', async () => {
    const input = 'Analyse this video.\nTitle: "Negotiating Your Salary"\nChannel: Money Talks\nViews: 2,500';
    const video = JSON.parse((await agent('video_analysis', { input })).text) as Record<string, unknown>;
    expect(video).toMatchObject({
      videoTitle: 'Negotiating Your Salary',
      channelAuthor: 'Money Talks',
      viewCount: 2500,
    });
    expect(Object.keys(video).sort()).toEqual(
      [
        'videoTitle',
        'videoDescription',
        'channelAuthor',
        'viewCount',
        'commentCount',
        'likeCount',
        'favoriteCount',
        'mainTopics',
        'keyInsights',
        'topicIdeas',
        'search_timestamp',
      ].sort(),
    );
    const defaults = JSON.parse(
      (await agent('video_analysis', { input: 'Analyse https://youtu.be/abcdefghijk' })).text,
    ) as Record<string, unknown>;
    expect(defaults).toMatchObject({
      videoTitle: 'How to Build a Personal Brand on LinkedIn',
      channelAuthor: 'Career Lab',
    });
  });

  it('presents the JSON in each replyStyle', async () => {
    const styled = async (replyStyle: PerplexityReplyStyle) => {
      fake.setScenario('perplexity', { replyStyle });
      return (await agent('subreddits')).text;
    };
    const firstObject = (value: string) => value.slice(value.indexOf('{'), value.lastIndexOf('}') + 1);
    const plain = await styled('plain');
    expect(() => JSON.parse(plain)).not.toThrow();
    const prose = await styled('prose');
    expect(prose.startsWith('{')).toBe(false);
    expect(JSON.parse(firstObject(prose))).toHaveProperty('subreddits');
    expect(await styled('fenced')).toMatch(/^```json\n\{[\s\S]*\}\n```$/);
    const invalid = await styled('invalid');
    expect(invalid).toContain('{');
    expect(() => JSON.parse(firstObject(invalid))).toThrow();
    expect(await styled('none')).not.toContain('{');
    const two = await styled('two-objects');
    expect(() => JSON.parse(two)).toThrow();
    expect(two.match(/^\{/gm)).toHaveLength(2);
    const outOfRange = JSON.parse(await styled('relevance-out-of-range')) as {
      subreddits: { relevance: number }[];
    };
    expect(outOfRange.subreddits[0]?.relevance).toBe(11);
    fake.setScenario('perplexity', { replyStyle: 'extra-field' });
    expect(JSON.parse((await agent('video_analysis')).text)).toHaveProperty('unexpected_field');
    fake.setScenario('perplexity', { replyText: 'exactly this' });
    expect((await agent('topic_suggestions')).text).toBe('exactly this');
  });

  it('reports status failed with HTTP 200, rejects unknown fields and missing auth', async () => {
    fake.setScenario('perplexity', { failed: true });
    const failed = await agent('topic_suggestions');
    expect(failed.response.status).toBe(200);
    expect(failed.json).toMatchObject({
      status: 'failed',
      output: [],
      error: { message: expect.any(String), type: expect.any(String) },
    });

    fake.reset();
    const unknown = await post(
      '/v1/agent',
      { model: 'perplexity/sonar', input: 'x', search_domain_filter: ['a.com'] },
      { authorization: 'Bearer k' },
    );
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { type: 'invalid_request', code: 400 } });
    expect((await post('/v1/responses', { model: 'perplexity/sonar', input: 'x' })).status).toBe(401);
  });
});

describe('fake YouTube', () => {
  const videos = (query: string) => fetch(`${fake.url}/videos?${query}`);

  it('returns the video with string counts for an 11-character id', async () => {
    const response = await videos('part=snippet,statistics&id=dQw4w9WgXcQ&key=k');
    expect(await response.json()).toMatchObject({
      kind: 'youtube#videoListResponse',
      items: [
        {
          id: 'dQw4w9WgXcQ',
          snippet: {
            title: 'How to Build a Personal Brand on LinkedIn',
            channelTitle: 'Career Lab',
            description: expect.any(String),
          },
          statistics: { viewCount: '1234567', likeCount: '45678', favoriteCount: '0', commentCount: '1234' },
        },
      ],
      pageInfo: { totalResults: 1 },
    });
  });

  it('answers not found with 200 and no items, quotaExceeded with 403, a missing key with 400, hidden counts without them', async () => {
    expect(await (await videos('part=snippet,statistics&id=notfound000&key=k')).json()).toMatchObject({
      items: [],
      pageInfo: { totalResults: 0 },
    });
    fake.setScenario('youtube', { notFound: true });
    expect(await (await videos('part=snippet,statistics&id=dQw4w9WgXcQ&key=k')).json()).toMatchObject({
      items: [],
    });

    fake.setScenario('youtube', { quotaExceeded: true });
    const quota = await videos('part=snippet,statistics&id=dQw4w9WgXcQ&key=k');
    expect(quota.status).toBe(403);
    expect(await quota.json()).toMatchObject({
      error: { code: 403, errors: [{ domain: 'youtube.quota', reason: 'quotaExceeded' }] },
    });

    const noKey = await videos('part=snippet,statistics&id=dQw4w9WgXcQ');
    expect(noKey.status).toBe(400);
    expect(await noKey.json()).toMatchObject({ error: { code: 400, errors: [{ reason: 'keyInvalid' }] } });

    fake.setScenario('youtube', { hiddenCounts: true });
    const hidden = (await (await videos('part=statistics&id=dQw4w9WgXcQ&key=k')).json()) as {
      items: { statistics: object; snippet?: object }[];
    };
    expect(hidden.items[0]?.statistics).toEqual({ viewCount: '1234567', favoriteCount: '0' });
    expect(hidden.items[0]?.snippet).toBeUndefined();
  });
});

describe('transient failures (failFirst)', () => {
  const groqRequest = { model: 'm', messages: [{ role: 'user', content: 'x' }] };
  const agentRequest = { model: 'perplexity/sonar', input: 'x' };

  it('fails the first n requests of each AI provider with the status and its error JSON, then answers', async () => {
    fake.setScenario('groq', { failFirst: { times: 2, status: 500 } });
    fake.setScenario('anthropic', { failFirst: { times: 1, status: 529 }, text, ...fast });
    fake.setScenario('perplexity', { failFirst: { times: 1, status: 408 } });
    fake.setScenario('youtube', { failFirst: { times: 1, status: 503 } });
    const auth = { authorization: 'Bearer k' };

    const groqStatuses = [];
    for (let attempt = 0; attempt < 3; attempt += 1)
      groqStatuses.push((await post('/openai/v1/chat/completions', groqRequest, auth)).status);
    expect(groqStatuses).toEqual([500, 500, 200]);

    const overloaded = await post('/v1/messages', anthropicBody, anthropicHeaders);
    expect(overloaded.status).toBe(529);
    expect(await overloaded.json()).toMatchObject({ error: { type: 'overloaded_error' } });
    const streamed = await post('/v1/messages', anthropicBody, anthropicHeaders);
    expect(streamed.status).toBe(200);
    expect(await streamed.text()).toContain('message_stop');

    expect((await post('/v1/agent', agentRequest, auth)).status).toBe(408);
    expect((await post('/v1/agent', agentRequest, auth)).status).toBe(200);

    const video = () => fetch(`${fake.url}/videos?part=snippet&id=dQw4w9WgXcQ&key=k`);
    const unavailable = await video();
    expect(unavailable.status).toBe(503);
    expect(await unavailable.json()).toMatchObject({ error: { code: 503 } });
    expect((await video()).status).toBe(200);
  });

  it('sends retry-after: 1 with a 429 unless the scenario names another, and counts again when set again', async () => {
    fake.setScenario('groq', { failFirst: { times: 1, status: 429 } });
    const short = await post('/openai/v1/chat/completions', groqRequest, { authorization: 'Bearer k' });
    expect(short.status).toBe(429);
    expect(short.headers.get('retry-after')).toBe('1');
    expect(await short.json()).toMatchObject({ error: { code: 'rate_limit_exceeded' } });

    fake.setScenario('groq', { failFirst: { times: 1, status: 429, headers: { 'retry-after': '120' } } });
    const long = await post('/openai/v1/chat/completions', groqRequest, { authorization: 'Bearer k' });
    expect(long.status).toBe(429);
    expect(long.headers.get('retry-after')).toBe('120');
    expect(
      (await post('/openai/v1/chat/completions', groqRequest, { authorization: 'Bearer k' })).status,
    ).toBe(200);
  });
});

describe('control API and recorded requests', () => {
  it('changes scenarios over HTTP, lists recorded requests and resets', async () => {
    const control = await post('/__control/scenario', {
      provider: 'groq',
      scenario: { text: 'set over HTTP', ...fast },
    });
    expect(control.status).toBe(200);
    expect((await groqStream('openai/gpt-oss-120b')).text).toBe('set over HTTP');

    const listed = (await (
      await fetch(`${fake.url}/__control/requests?provider=groq`)
    ).json()) as RecordedRequest[];
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      provider: 'groq',
      method: 'POST',
      path: '/openai/v1/chat/completions',
      headers: { authorization: 'Bearer test' },
      body: {
        model: 'openai/gpt-oss-120b',
        stream: true,
        messages: [{ role: 'user', content: 'Write a post' }],
      },
    });

    expect((await post('/__control/scenario', { provider: 'openai', scenario: {} })).status).toBe(400);
    expect((await post('/__control/reset', {})).status).toBe(200);
    expect(fake.requests).toHaveLength(0);
    expect(
      (await groqClient().chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] }))
        .choices[0]?.message.content,
    ).toBe(DEFAULT_POST_TEXT);
  });

  it('records query strings and unknown paths (404 JSON) in fake.requests', async () => {
    await fetch(`${fake.url}/videos?part=snippet&id=dQw4w9WgXcQ&key=secret`);
    const unknown = await fetch(`${fake.url}/v2/unknown`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toHaveProperty('error');
    expect(fake.requests.map((request) => [request.provider, request.path])).toEqual([
      ['youtube', '/videos'],
      [null, '/v2/unknown'],
    ]);
    expect(fake.requests[0]?.query).toEqual({ part: 'snippet', id: 'dQw4w9WgXcQ', key: 'secret' });
  });
});
