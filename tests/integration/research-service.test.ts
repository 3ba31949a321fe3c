import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  analyzeVideo,
  findPainPoints,
  findSubreddits,
  getTopicSuggestions,
  type ResearchContext,
} from '@/features/research/research-service';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { startApiTestServer, testProviders } from '../helpers/api-server.ts';
import { signedInClient } from '../helpers/test-server.ts';

/*
 * The browser's research service, run in Node against the real embedded server with /api mounted,
 * a real user's access token, and Perplexity and YouTube answered by MSW at the network edge.
 */
const agentUrl = `${testProviders.PERPLEXITY_BASE_URL}/v1/agent`;
const videosUrl = `${testProviders.YOUTUBE_BASE_URL}/videos`;
const videoId = 'dQw4w9WgXcQ';
const invalidJson = 'Invalid JSON response from Perplexity API';

const providers = setupServer();
let server: EmbeddedServer;
let context: ResearchContext;
let agentBodies: Record<string, unknown>[] = [];
let youtubeUrls: URL[] = [];
let requestsSeen: string[] = [];

beforeAll(async () => {
  providers.listen({ onUnhandledRequest: 'bypass' });
  providers.events.on('request:start', ({ request }) => requestsSeen.push(request.url));
  server = await startApiTestServer({ quota: { requests: 1000, windowSeconds: 60 } });
  const { session } = await signedInClient(server);
  context = { apiBaseUrl: `${server.url}/api`, accessToken: session.access_token };
});
afterEach(() => {
  providers.resetHandlers();
  agentBodies = [];
  youtubeUrls = [];
  requestsSeen = [];
});
afterAll(async () => {
  providers.close();
  await server.close();
});

function agentResponse(text: string, status = 'completed') {
  return {
    id: 'resp_1',
    object: 'response',
    created_at: 1_790_000_000,
    status,
    model: 'perplexity/sonar',
    output: [
      { type: 'search_results', queries: ['q'], results: [] },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] },
    ],
    error: null,
  };
}

/** Perplexity answers every Agent call with this reply text (or this response). */
function perplexityReplies(reply: string | (() => Response)) {
  providers.use(
    http.post(agentUrl, async ({ request }) => {
      expect(request.headers.get('authorization')).toBe(`Bearer ${testProviders.PERPLEXITY_API_KEY}`);
      agentBodies.push((await request.json()) as Record<string, unknown>);
      return typeof reply === 'string' ? HttpResponse.json(agentResponse(reply)) : reply();
    }),
  );
}

const youtubeVideo = {
  kind: 'youtube#video',
  id: videoId,
  snippet: { title: 'The real title', channelTitle: 'Real Channel', description: 'The real description.' },
  statistics: { viewCount: '1234567', likeCount: '45678', favoriteCount: '0', commentCount: '1234' },
};

function youtubeAnswers(
  respond: () => Response = () =>
    HttpResponse.json({ kind: 'youtube#videoListResponse', items: [youtubeVideo] }),
) {
  providers.use(
    http.get(videosUrl, ({ request }) => {
      youtubeUrls.push(new URL(request.url));
      return respond();
    }),
  );
}

const topic = (title: string, relevance_score = 8) => ({
  title,
  description: `About ${title}.`,
  relevance_score,
  trending_keywords: ['AI'],
  target_audience: 'Team leads',
  content_angle: 'A story',
});
const topicResult = {
  industry_trends: [topic('Trend')],
  audience_interests: [topic('Interest')],
  content_gaps: [topic('Gap')],
  search_timestamp: '2026-11-02T10:00:00.000Z',
};
const subreddits = {
  subreddits: [{ name: 'r/remotework', members: '120 thousand', description: 'Remote work.', relevance: 9 }],
};
const painPoints = {
  painPoints: [
    {
      title: 'No time to post',
      summary: 'People cannot find time.',
      engagement: { upvotes: 842, comments: 127 },
      contentIdeas: ['One', 'Two', 'Three'],
    },
  ],
};
const modelVideo = {
  videoTitle: 'A title the model made up',
  videoDescription: 'Made up.',
  channelAuthor: 'Someone',
  viewCount: '99',
  commentCount: 1,
  likeCount: 2,
  favoriteCount: 3,
  mainTopics: ['Niches'],
  keyInsights: ['Consistency wins'],
  topicIdeas: [topic('Video idea')],
  search_timestamp: '2026-11-02T10:00:00.000Z',
};

const who = { industry: 'Fintech', role: 'Product Manager' };

async function rejection(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

function expectRecentTimestamp(timestamp: string, since: number) {
  expect(timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  expect(Date.parse(timestamp)).toBeGreaterThanOrEqual(since);
  expect(Date.parse(timestamp)).toBeLessThanOrEqual(Date.now());
}

describe('getTopicSuggestions', () => {
  it('asks the Agent API with high search context, the target sites as filters and the spec’s sampling', async () => {
    perplexityReplies(JSON.stringify(topicResult));
    const result = await getTopicSuggestions(
      {
        ...who,
        interests: 'Payments and open banking',
        websites: ['https://www.example.com/blog/', 'hbr.org'],
      },
      context,
    );
    expect(result).toEqual(topicResult);
    expect(agentBodies).toHaveLength(1);
    const body = agentBodies[0]!;
    expect(Object.keys(body).sort()).toEqual(
      [
        'input',
        'instructions',
        'max_output_tokens',
        'model',
        'response_format',
        'temperature',
        'tools',
        'top_p',
      ].sort(),
    );
    expect(body).toMatchObject({
      model: 'perplexity/sonar',
      tools: [
        {
          type: 'web_search',
          search_context_size: 'high',
          filters: { search_domain_filter: ['www.example.com/blog', 'hbr.org'] },
        },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'topic_suggestions' } },
      temperature: 0.7,
      top_p: 0.9,
      max_output_tokens: 2000,
    });
    const schema = (body.response_format as { json_schema: { schema: { required: string[] } } }).json_schema
      .schema;
    expect(schema.required).toEqual([
      'industry_trends',
      'audience_interests',
      'content_gaps',
      'search_timestamp',
    ]);
    expect(body.instructions).toContain('research assistant for a Product Manager in Fintech');
    expect(body.instructions).toMatch(/ONLY with one JSON object/);
    expect(body.input).toContain('Payments and open banking');
  });

  it('sends no filters without websites, and falls back to Technology / Professional for blank profile values', async () => {
    perplexityReplies(JSON.stringify(topicResult));
    await getTopicSuggestions({ industry: ' ', role: '', interests: 'Cloud', websites: [] }, context);
    const body = agentBodies[0]!;
    expect(body.tools).toEqual([{ type: 'web_search', search_context_size: 'high' }]);
    expect(body.instructions).toContain('research assistant for a Professional in Technology');
  });

  it('finds the JSON in prose, and takes the first of two objects', async () => {
    perplexityReplies(`Here is what I found:\n\n${JSON.stringify(topicResult, null, 2)}\n\nLet me know!`);
    expect(await getTopicSuggestions({ ...who, interests: 'x', websites: [] }, context)).toEqual(topicResult);
    providers.resetHandlers();
    perplexityReplies(`${JSON.stringify(topicResult)}\n${JSON.stringify({ note: 'ignore me' })}`);
    expect(await getTopicSuggestions({ ...who, interests: 'x', websites: [] }, context)).toEqual(topicResult);
  });

  it.each([
    ['no JSON', 'I could not find enough recent discussion to give a structured answer.'],
    ['unparseable JSON', '{industry_trends: [], }'],
    ['a relevance of 11', JSON.stringify({ ...topicResult, industry_trends: [topic('Too good', 11)] })],
    ['a relevance of 0', JSON.stringify({ ...topicResult, content_gaps: [topic('Too bad', 0)] })],
    ['a missing group', JSON.stringify({ ...topicResult, content_gaps: undefined })],
  ])('rejects a reply with %s as invalid JSON', async (_name, reply) => {
    perplexityReplies(reply);
    const error = await rejection(getTopicSuggestions({ ...who, interests: 'x', websites: [] }, context));
    expect(error.message).toBe(invalidJson);
  });
});

describe('findSubreddits', () => {
  it('asks with medium search context and temperature 0.2, and fills in a missing timestamp', async () => {
    perplexityReplies(`Sure! ${JSON.stringify(subreddits)}`);
    const since = Date.now();
    const result = await findSubreddits({ ...who, query: 'remote product teams' }, context);
    expect(result.subreddits).toEqual(subreddits.subreddits);
    expectRecentTimestamp(result.search_timestamp, since);
    const body = agentBodies[0]!;
    expect(body).toMatchObject({
      model: 'perplexity/sonar',
      tools: [{ type: 'web_search', search_context_size: 'medium' }],
      response_format: { type: 'json_schema', json_schema: { name: 'subreddits' } },
      temperature: 0.2,
      max_output_tokens: 2000,
    });
    expect(body).not.toHaveProperty('top_p');
    expect(body.input).toContain('remote product teams');
    const schema = (body.response_format as { json_schema: { schema: { required: string[] } } }).json_schema
      .schema;
    expect(schema.required).toEqual(['subreddits']);
  });

  it('keeps a timestamp the model gave', async () => {
    perplexityReplies(JSON.stringify({ ...subreddits, search_timestamp: '2026-11-01T09:00:00Z' }));
    const result = await findSubreddits({ ...who, query: 'q' }, context);
    expect(result.search_timestamp).toBe('2026-11-01T09:00:00Z');
  });

  it('rejects a relevance of 11', async () => {
    perplexityReplies(JSON.stringify({ subreddits: [{ ...subreddits.subreddits[0], relevance: 11 }] }));
    expect((await rejection(findSubreddits({ ...who, query: 'q' }, context))).message).toBe(invalidJson);
  });
});

describe('findPainPoints', () => {
  it('asks about the chosen communities and phrase with temperature 0.3, reading a fenced reply', async () => {
    perplexityReplies(`\`\`\`json\n${JSON.stringify(painPoints, null, 2)}\n\`\`\``);
    const since = Date.now();
    const result = await findPainPoints(
      {
        ...who,
        subreddits: ['r/remotework', 'productmanagement'],
        phrase: "I'm struggling with",
        focus: 'roadmaps',
      },
      context,
    );
    expect(result.painPoints).toEqual(painPoints.painPoints);
    expectRecentTimestamp(result.search_timestamp, since);
    const body = agentBodies[0]!;
    expect(body).toMatchObject({
      model: 'perplexity/sonar',
      tools: [{ type: 'web_search', search_context_size: 'medium' }],
      response_format: { type: 'json_schema', json_schema: { name: 'pain_points' } },
      temperature: 0.3,
      max_output_tokens: 2000,
    });
    expect(body.input).toContain('r/remotework, r/productmanagement');
    expect(body.input).toContain('"I\'m struggling with …" about roadmaps');
    expect(body.input).toMatch(/exactly three/);
  });
});

describe('analyzeVideo', () => {
  it('gives the model YouTube’s facts and keeps YouTube’s facts over the model’s', async () => {
    youtubeAnswers();
    perplexityReplies(JSON.stringify(modelVideo));
    const result = await analyzeVideo({ ...who, videoUrl: `https://youtu.be/${videoId}?t=42` }, context);
    // The analysis stays bound to the video it is about.
    expect(result.videoId).toBe(videoId);
    expect(result.analysis).toEqual({
      ...modelVideo,
      videoTitle: 'The real title',
      videoDescription: 'The real description.',
      channelAuthor: 'Real Channel',
      viewCount: 1_234_567,
      commentCount: 1234,
      likeCount: 45_678,
      favoriteCount: 0,
    });
    expect(youtubeUrls).toHaveLength(1);
    // MSW sees every request, ours included: what makes "without sending any request" below meaningful.
    expect(
      requestsSeen.filter((url) => url.startsWith(`${server.url}/api/`)).map((url) => new URL(url).pathname),
    ).toEqual(['/api/youtube/videos', '/api/perplexity/agent']);
    expect(youtubeUrls[0]!.searchParams.get('part')).toBe('snippet,statistics');
    expect(youtubeUrls[0]!.searchParams.get('id')).toBe(videoId);
    expect(youtubeUrls[0]!.searchParams.get('key')).toBe(testProviders.YOUTUBE_API_KEY);
    const body = agentBodies[0]!;
    expect(body).toMatchObject({
      model: 'perplexity/sonar',
      tools: [{ type: 'web_search', search_context_size: 'medium' }],
      response_format: { type: 'json_schema', json_schema: { name: 'video_analysis' } },
      temperature: 0.7,
      max_output_tokens: 2000,
    });
    for (const fact of ['The real title', 'Real Channel', 'The real description.', '1234567', '45678']) {
      expect(body.input).toContain(fact);
    }
  });

  it('counts hidden likes and comments as 0', async () => {
    youtubeAnswers(() =>
      HttpResponse.json({
        items: [{ ...youtubeVideo, statistics: { viewCount: '10', favoriteCount: '0' } }],
      }),
    );
    perplexityReplies(JSON.stringify(modelVideo));
    const result = await analyzeVideo(
      { ...who, videoUrl: `https://www.youtube.com/watch?v=${videoId}` },
      context,
    );
    expect(result.analysis).toMatchObject({ viewCount: 10, likeCount: 0, commentCount: 0, favoriteCount: 0 });
  });

  it('rejects an analysis with a field the schema does not have', async () => {
    youtubeAnswers();
    perplexityReplies(JSON.stringify({ ...modelVideo, unexpected_field: 'not in the schema' }));
    const error = await rejection(analyzeVideo({ ...who, videoUrl: `youtu.be/${videoId}` }, context));
    expect(error.message).toBe(invalidJson);
  });

  it('says "Video not found" when YouTube has no such video, without asking the model', async () => {
    youtubeAnswers(() =>
      HttpResponse.json({ kind: 'youtube#videoListResponse', items: [], pageInfo: { totalResults: 0 } }),
    );
    perplexityReplies(JSON.stringify(modelVideo));
    const error = await rejection(analyzeVideo({ ...who, videoUrl: `https://youtu.be/${videoId}` }, context));
    expect(error.message).toBe('Video not found');
    expect(agentBodies).toHaveLength(0);
  });

  it('reports a YouTube quota error with its status and reason', async () => {
    const quota = {
      error: {
        code: 403,
        message: 'quota exceeded',
        errors: [{ domain: 'youtube.quota', reason: 'quotaExceeded' }],
      },
    };
    youtubeAnswers(() => HttpResponse.json(quota, { status: 403 }));
    perplexityReplies(JSON.stringify(modelVideo));
    const error = await rejection(analyzeVideo({ ...who, videoUrl: `https://youtu.be/${videoId}` }, context));
    expect(error.message).toBe(
      'YouTube API error: 403 Forbidden. Try again later; if it keeps failing, ask whoever runs this app to check its YouTube key and quota.',
    );
    expect(agentBodies).toHaveLength(0);
  });

  it.each([
    ['an invalid URL', 'https://vimeo.com/12345', 'Invalid YouTube URL'],
    ['a 10-character id', 'https://youtu.be/dQw4w9WgXc', 'Invalid YouTube URL'],
    ['an empty URL', '   ', 'Please enter a YouTube URL'],
  ])('rejects %s without sending any request', async (_name, videoUrl, message) => {
    youtubeAnswers();
    perplexityReplies(JSON.stringify(modelVideo));
    const error = await rejection(analyzeVideo({ ...who, videoUrl }, context));
    expect(error.message).toBe(message);
    expect(requestsSeen).toEqual([]);
  });
});

describe('failures the panel shows', () => {
  const search = () => findSubreddits({ ...who, query: 'q' }, context);

  it('shows the reason of a 200 with status "failed"', async () => {
    perplexityReplies(() =>
      HttpResponse.json({
        ...agentResponse(''),
        status: 'failed',
        output: [],
        error: { message: 'The model failed to produce a response.', type: 'server_error' },
      }),
    );
    expect((await rejection(search())).message).toBe('The model failed to produce a response.');
  });

  it('falls back to a generic message for a failure without a reason', async () => {
    perplexityReplies(() =>
      HttpResponse.json({ ...agentResponse(''), status: 'failed', output: [], error: null }),
    );
    expect((await rejection(search())).message).toBe('Perplexity API error: research failed');
  });

  it.each([
    [
      429,
      '{"error":{"message":"Rate limit exceeded","type":"request_rate_limit_exceeded","code":429}}',
      'Perplexity API error: 429 Too Many Requests. Wait a minute, then try again.',
    ],
    [
      500,
      '{"error":{"message":"Internal error","type":"internal_server_error","code":500}}',
      'Perplexity API error: 500 Internal Server Error. Perplexity is having trouble right now: try again in a few minutes.',
    ],
  ])('reports a provider %d with its status and reason, not its body', async (status, body, message) => {
    perplexityReplies(
      () => new HttpResponse(body, { status, headers: { 'content-type': 'application/json' } }),
    );
    expect((await rejection(search())).message).toBe(message);
  });

  it('reports an answer without text as "No content in response"', async () => {
    perplexityReplies(() =>
      HttpResponse.json({ ...agentResponse(''), output: [{ type: 'search_results', results: [] }] }),
    );
    expect((await rejection(search())).message).toBe('No content in response');
  });

  it('reads a reply split over several output_text parts', async () => {
    const json = JSON.stringify(subreddits);
    perplexityReplies(() =>
      HttpResponse.json({
        ...agentResponse(''),
        output: [
          {
            type: 'message',
            role: 'assistant',
            content: [
              { type: 'output_text', text: json.slice(0, 20) },
              { type: 'output_text', text: json.slice(20) },
            ],
          },
        ],
      }),
    );
    expect((await search()).subreddits).toEqual(subreddits.subreddits);
  });

  it('asks to sign in again when the session is no longer valid', async () => {
    perplexityReplies(JSON.stringify(subreddits));
    const error = await rejection(
      findSubreddits({ ...who, query: 'q' }, { ...context, accessToken: 'expired.or.forged' }),
    );
    expect(error.message).toBe('Session expired. Please sign in again.');
    expect(agentBodies).toHaveLength(0);
  });
});

describe('a server without a YouTube key', () => {
  let bare: EmbeddedServer;
  let bareContext: ResearchContext;
  beforeAll(async () => {
    bare = await startApiTestServer({
      providers: { ...testProviders, YOUTUBE_API_KEY: undefined },
      quota: { requests: 2, windowSeconds: 60 },
    });
    const { session } = await signedInClient(bare);
    bareContext = { apiBaseUrl: `${bare.url}/api`, accessToken: session.access_token };
  });
  afterAll(() => bare.close());

  it('shows our /api’s own messages: not configured (which spends nothing), then the rate limit', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(
        (await rejection(analyzeVideo({ ...who, videoUrl: `youtu.be/${videoId}` }, bareContext))).message,
      ).toBe('YouTube is not configured on this server: set YOUTUBE_API_KEY');
    }
    perplexityReplies(JSON.stringify(subreddits));
    for (let spent = 0; spent < 2; spent += 1) {
      expect((await findSubreddits({ ...who, query: 'q' }, bareContext)).subreddits).toEqual(
        subreddits.subreddits,
      );
    }
    expect((await rejection(findSubreddits({ ...who, query: 'q' }, bareContext))).message).toMatch(
      /^Too many requests\. Please wait \d+ seconds and try again\.$/,
    );
  });
});
