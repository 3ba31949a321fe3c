import { AiRequestError } from './ai-error';
import { absoluteApiBase } from './api-base';
import type { AiCallContext } from './chat-message';
import { providerError, unreachableError } from './provider-error';
import { retryingFetch } from './retrying-fetch';

/** The facts of one video, from YouTube itself (never from a model). */
export interface YouTubeVideo {
  id: string;
  title: string;
  channelTitle: string;
  description: string;
  viewCount: number;
  likeCount: number;
  commentCount: number;
  favoriteCount: number;
}

interface VideoListResponse {
  items?: {
    id?: unknown;
    snippet?: { title?: unknown; channelTitle?: unknown; description?: unknown };
    statistics?: Record<string, unknown>;
  }[];
}

/**
 * videos.list for one id through /api/youtube/videos (a transient failure is retried,
 * retrying-fetch.ts); "Video not found" when YouTube has no such video.
 */
export async function fetchYouTubeVideo(id: string, context: AiCallContext): Promise<YouTubeVideo> {
  const query = new URLSearchParams({ part: 'snippet,statistics', id });
  let response: Response;
  try {
    response = await retryingFetch(context)(
      `${absoluteApiBase(context.apiBaseUrl)}/youtube/videos?${query}`,
      {
        headers: { Authorization: `Bearer ${context.accessToken}` },
        ...(context.signal ? { signal: context.signal } : {}),
      },
    );
  } catch {
    throw unreachableError(context.signal, 'Video analysis');
  }
  if (!response.ok) throw await providerError(response, 'YouTube');

  let list: VideoListResponse;
  try {
    list = (await response.json()) as VideoListResponse;
  } catch {
    throw new AiRequestError('Video not found');
  }
  const item = Array.isArray(list.items) ? list.items[0] : undefined;
  if (!item) throw new AiRequestError('Video not found');
  const snippet = item.snippet ?? {};
  const statistics = item.statistics ?? {};
  return {
    id: typeof item.id === 'string' ? item.id : id,
    title: text(snippet.title),
    channelTitle: text(snippet.channelTitle),
    description: text(snippet.description),
    viewCount: count(statistics.viewCount),
    likeCount: count(statistics.likeCount),
    commentCount: count(statistics.commentCount),
    favoriteCount: count(statistics.favoriteCount),
  };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** YouTube sends counts as strings, and leaves hidden ones out. */
function count(value: unknown): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(number) && number >= 0 ? number : 0;
}
