import { describe, expect, it } from 'vitest';
import {
  PainPointResultSchema,
  PainPointSchema,
  SubredditReplySchema,
  SubredditResultSchema,
  SubredditSchema,
  TopicSuggestionResultSchema,
  TopicSuggestionSchema,
  toModelJsonSchema,
  VideoAnalysisReplySchema,
  VideoAnalysisSchema,
} from './research-schemas';

const buildTopic = (overrides: Record<string, unknown> = {}) => ({
  title: 'AI copilots at work',
  description: 'How teams use them.',
  relevance_score: 8,
  trending_keywords: ['AI'],
  target_audience: 'Team leads',
  content_angle: 'Lessons learned',
  ...overrides,
});
const buildSubreddit = (overrides: Record<string, unknown> = {}) => ({
  name: 'r/careerguidance',
  members: '1.2 million',
  description: 'Career advice.',
  relevance: 9,
  ...overrides,
});
const buildPainPoint = (overrides: Record<string, unknown> = {}) => ({
  title: 'No time to post',
  summary: 'People cannot find time.',
  engagement: { upvotes: 842, comments: 127 },
  contentIdeas: ['One', 'Two', 'Three'],
  ...overrides,
});
const buildVideo = (overrides: Record<string, unknown> = {}) => ({
  videoTitle: 'How to grow on LinkedIn',
  videoDescription: 'A talk.',
  channelAuthor: 'Creator Academy',
  viewCount: 1_234_567,
  commentCount: 1234,
  likeCount: 45_678,
  favoriteCount: 0,
  mainTopics: ['Niches'],
  keyInsights: ['Consistency'],
  topicIdeas: [buildTopic()],
  search_timestamp: '2026-11-02T10:00:00.000Z',
  ...overrides,
});

describe('TopicSuggestionSchema', () => {
  it('accepts a valid topic and relevance at both ends of 1–10', () => {
    expect(TopicSuggestionSchema.safeParse(buildTopic()).success).toBe(true);
    expect(TopicSuggestionSchema.safeParse(buildTopic({ relevance_score: 1 })).success).toBe(true);
    expect(TopicSuggestionSchema.safeParse(buildTopic({ relevance_score: 10 })).success).toBe(true);
  });
  it.each([
    ['relevance 11', { relevance_score: 11 }],
    ['relevance 0', { relevance_score: 0 }],
    ['relevance as text', { relevance_score: '8' }],
    ['keywords as text', { trending_keywords: 'AI' }],
    ['a missing title', { title: undefined }],
  ])('rejects %s', (_name, overrides) => {
    expect(TopicSuggestionSchema.safeParse(buildTopic(overrides)).success).toBe(false);
  });
  it('accepts a full result and rejects one without its timestamp', () => {
    const result = {
      industry_trends: [buildTopic()],
      audience_interests: [],
      content_gaps: [buildTopic()],
      search_timestamp: 'now',
    };
    expect(TopicSuggestionResultSchema.safeParse(result).success).toBe(true);
    expect(TopicSuggestionResultSchema.safeParse({ ...result, search_timestamp: undefined }).success).toBe(
      false,
    );
    expect(
      TopicSuggestionResultSchema.safeParse({
        ...result,
        content_gaps: [buildTopic({ relevance_score: 11 })],
      }).success,
    ).toBe(false);
  });
});

describe('SubredditSchema', () => {
  it('accepts a valid community', () => {
    expect(SubredditSchema.safeParse(buildSubreddit()).success).toBe(true);
  });
  it.each([
    ['relevance 11', { relevance: 11 }],
    ['relevance 0', { relevance: 0 }],
    ['members as a number', { members: 1_200_000 }],
  ])('rejects %s', (_name, overrides) => {
    expect(SubredditSchema.safeParse(buildSubreddit(overrides)).success).toBe(false);
  });
  it('needs a timestamp in the result, which the model may leave out', () => {
    expect(
      SubredditResultSchema.safeParse({ subreddits: [buildSubreddit()], search_timestamp: 't' }).success,
    ).toBe(true);
    expect(SubredditResultSchema.safeParse({ subreddits: [buildSubreddit()] }).success).toBe(false);
    expect(SubredditReplySchema.safeParse({ subreddits: [buildSubreddit()] }).success).toBe(true);
  });
});

describe('PainPointSchema', () => {
  it('accepts a valid pain point', () => {
    expect(PainPointSchema.safeParse(buildPainPoint()).success).toBe(true);
    expect(
      PainPointResultSchema.safeParse({ painPoints: [buildPainPoint()], search_timestamp: 't' }).success,
    ).toBe(true);
  });
  it.each([
    ['upvotes as text', { engagement: { upvotes: '842', comments: 1 } }],
    ['missing engagement', { engagement: undefined }],
    ['ideas as text', { contentIdeas: 'One' }],
  ])('rejects %s', (_name, overrides) => {
    expect(PainPointSchema.safeParse(buildPainPoint(overrides)).success).toBe(false);
  });
});

describe('VideoAnalysisSchema (strict)', () => {
  it('accepts a valid analysis', () => {
    expect(VideoAnalysisSchema.safeParse(buildVideo()).success).toBe(true);
  });
  it.each([
    ['an extra field', { unexpected_field: 'x' }],
    ['a count as text', { viewCount: '1234567' }],
    ['a topic idea with relevance 11', { topicIdeas: [buildTopic({ relevance_score: 11 })] }],
    ['a missing timestamp', { search_timestamp: undefined }],
  ])('rejects %s', (_name, overrides) => {
    expect(VideoAnalysisSchema.safeParse(buildVideo(overrides)).success).toBe(false);
  });
  it('lets the model leave out the facts YouTube supplies, but not add fields', () => {
    const { videoTitle: _t, viewCount: _v, search_timestamp: _s, ...analysisOnly } = buildVideo();
    expect(VideoAnalysisReplySchema.safeParse(analysisOnly).success).toBe(true);
    expect(VideoAnalysisReplySchema.safeParse({ ...analysisOnly, extra: 1 }).success).toBe(false);
  });
});

describe('toModelJsonSchema', () => {
  it('describes the reply for response_format, without the $schema header', () => {
    const schema = toModelJsonSchema(SubredditReplySchema) as {
      $schema?: string;
      type: string;
      required: string[];
      properties: { subreddits: { items: { properties: { relevance: unknown } } } };
    };
    expect(schema.$schema).toBeUndefined();
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(['subreddits']);
    expect(schema.properties.subreddits.items.properties.relevance).toEqual({
      type: 'number',
      minimum: 1,
      maximum: 10,
    });
  });
});
