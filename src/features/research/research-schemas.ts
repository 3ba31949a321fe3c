import { z } from 'zod';

/**
 * The research results (docs/product.md §12), checked on every model reply (docs/product.md §14). Objects drop unknown
 * fields, except the video analysis, which the spec defines as strict.
 */
const relevance = z.number().min(1).max(10);

export const TopicSuggestionSchema = z.object({
  title: z.string(),
  description: z.string(),
  relevance_score: relevance,
  trending_keywords: z.array(z.string()),
  target_audience: z.string(),
  content_angle: z.string(),
});
export type TopicSuggestion = z.infer<typeof TopicSuggestionSchema>;

export const TopicSuggestionResultSchema = z.object({
  industry_trends: z.array(TopicSuggestionSchema),
  audience_interests: z.array(TopicSuggestionSchema),
  content_gaps: z.array(TopicSuggestionSchema),
  search_timestamp: z.string(),
});
export type TopicSuggestionResult = z.infer<typeof TopicSuggestionResultSchema>;

export const SubredditSchema = z.object({
  name: z.string(),
  members: z.string(),
  description: z.string(),
  relevance,
});
export type Subreddit = z.infer<typeof SubredditSchema>;

export const SubredditResultSchema = z.object({
  subreddits: z.array(SubredditSchema),
  search_timestamp: z.string(),
});
export type SubredditResult = z.infer<typeof SubredditResultSchema>;

export const PainPointSchema = z.object({
  title: z.string(),
  summary: z.string(),
  engagement: z.object({ upvotes: z.number(), comments: z.number() }),
  contentIdeas: z.array(z.string()),
});
export type PainPoint = z.infer<typeof PainPointSchema>;

export const PainPointResultSchema = z.object({
  painPoints: z.array(PainPointSchema),
  search_timestamp: z.string(),
});
export type PainPointResult = z.infer<typeof PainPointResultSchema>;

export const VideoAnalysisSchema = z.strictObject({
  videoTitle: z.string(),
  videoDescription: z.string(),
  channelAuthor: z.string(),
  viewCount: z.number(),
  commentCount: z.number(),
  likeCount: z.number(),
  favoriteCount: z.number(),
  mainTopics: z.array(z.string()),
  keyInsights: z.array(z.string()),
  topicIdeas: z.array(TopicSuggestionSchema),
  search_timestamp: z.string(),
});
export type VideoAnalysis = z.infer<typeof VideoAnalysisSchema>;

/*
 * What the model is asked for (response_format). Community and pain-point replies may leave out the
 * timestamp (the service fills it in, docs/product.md §14); video facts come from YouTube, not from the model.
 */
export const SubredditReplySchema = SubredditResultSchema.extend({ search_timestamp: z.string().optional() });
export const PainPointReplySchema = PainPointResultSchema.extend({ search_timestamp: z.string().optional() });
export const VideoAnalysisReplySchema = VideoAnalysisSchema.partial({
  videoTitle: true,
  videoDescription: true,
  channelAuthor: true,
  viewCount: true,
  commentCount: true,
  likeCount: true,
  favoriteCount: true,
  search_timestamp: true,
});

/** A zod schema as the JSON Schema the Agent API's response_format expects (no `$schema` header). */
export function toModelJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema) as Record<string, unknown>;
  return jsonSchema;
}
