import type { z } from 'zod';
import { perplexityAgent } from '@/lib/ai/perplexity-agent';
import { fetchYouTubeVideo } from '@/lib/ai/youtube-videos';
import { extractFirstJsonObject, invalidJsonMessage } from '@/lib/json/extract-first-json';
import {
  painPointsRequest,
  subredditsRequest,
  topicSuggestionsRequest,
  videoAnalysisRequest,
  withFallbacks,
} from './research-requests';
import {
  PainPointResultSchema,
  SubredditResultSchema,
  TopicSuggestionResultSchema,
  VideoAnalysisSchema,
  type PainPointResult,
  type SubredditResult,
  type TopicSuggestionResult,
  type VideoAnalysis,
} from './research-schemas';
import { extractYouTubeVideoId } from './youtube-video-id';

/** Where /api lives and whose session pays for the call (the server adds the provider keys). */
export interface ResearchContext {
  apiBaseUrl: string;
  accessToken: string;
  signal?: AbortSignal;
}

/*
 * The research panel's four calls (docs/wire-formats.md §6 "Research"). Each rejects with an Error whose message is
 * the one the user sees (docs/product.md §15); the panel logs and toasts it.
 */

/** AI-powered research: trends, audience interests and content gaps, optionally on given websites. */
export async function getTopicSuggestions(
  input: { industry: string; role: string; interests: string; websites: string[] },
  context: ResearchContext,
): Promise<TopicSuggestionResult> {
  const reply = await perplexityAgent(topicSuggestionsRequest(withFallbacks(input)), context);
  return validated(TopicSuggestionResultSchema, extractFirstJsonObject(reply));
}

/** Community search, step 1: subreddits where the niche is discussed. */
export async function findSubreddits(
  input: { industry: string; role: string; query: string },
  context: ResearchContext,
): Promise<SubredditResult> {
  const reply = await perplexityAgent(subredditsRequest(withFallbacks(input)), context);
  return validated(SubredditResultSchema, withTimestamp(extractFirstJsonObject(reply)));
}

/** Community search, step 2: pain points in the selected subreddits, three content ideas each. */
export async function findPainPoints(
  input: { industry: string; role: string; subreddits: string[]; phrase: string; focus?: string },
  context: ResearchContext,
): Promise<PainPointResult> {
  const reply = await perplexityAgent(painPointsRequest(withFallbacks(input)), context);
  return validated(PainPointResultSchema, withTimestamp(extractFirstJsonObject(reply)));
}

/** A video analysis with the id of the video it is about (the link on its card). */
export interface AnalysedVideo {
  videoId: string;
  analysis: VideoAnalysis;
}

/**
 * Video research: the video's facts come from YouTube, the analysis from the model. The model's
 * copy of the title, description, channel and counts is replaced by YouTube's before validation.
 */
export async function analyzeVideo(
  input: { industry: string; role: string; videoUrl: string },
  context: ResearchContext,
): Promise<AnalysedVideo> {
  const id = extractYouTubeVideoId(input.videoUrl);
  const video = await fetchYouTubeVideo(id, context);
  const reply = await perplexityAgent(videoAnalysisRequest(withFallbacks(input), video), context);
  const analysis = extractFirstJsonObject(reply);
  if (!isRecord(analysis)) throw new Error(invalidJsonMessage);
  const checked = validated(
    VideoAnalysisSchema,
    withTimestamp({
      ...analysis,
      videoTitle: video.title,
      videoDescription: video.description,
      channelAuthor: video.channelTitle,
      viewCount: video.viewCount,
      commentCount: video.commentCount,
      likeCount: video.likeCount,
      favoriteCount: video.favoriteCount,
    }),
  );
  return { videoId: id, analysis: checked };
}

function validated<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(invalidJsonMessage);
  return result.data;
}

/** The time of the search when the model left it out (docs/product.md §14). */
function withTimestamp(value: unknown): unknown {
  if (!isRecord(value) || (value.search_timestamp !== undefined && value.search_timestamp !== ''))
    return value;
  return { ...value, search_timestamp: new Date().toISOString() };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
