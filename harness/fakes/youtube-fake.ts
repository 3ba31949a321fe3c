/** YouTube Data API v3 videos.list: GET /videos?part=snippet,statistics&id=…&key=… (docs/wire-formats.md §7). */
import { sendJson, sendScenarioError, takeFirstFailure, type HandlerContext } from './http-utils.ts';
import { DEFAULT_VIDEO, NOT_FOUND_VIDEO_ID, type YouTubeScenario } from './scenarios.ts';

const errorReasons: Record<number, [domain: string, reason: string, message: string, status: string]> = {
  400: ['usageLimits', 'keyInvalid', 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT'],
  403: [
    'youtube.quota',
    'quotaExceeded',
    'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
    'PERMISSION_DENIED',
  ],
  404: [
    'youtube.video',
    'videoNotFound',
    'The video identified by the id parameter could not be found.',
    'NOT_FOUND',
  ],
  500: ['global', 'backendError', 'Backend Error', 'INTERNAL'],
};

export function youtubeErrorBody(
  status: number,
  override?: { domain: string; reason: string; message: string },
) {
  const [domain, reason, message, grpcStatus] =
    errorReasons[status] ?? (status >= 500 ? errorReasons[500]! : errorReasons[400]!);
  const detail = override ?? { domain, reason, message };
  return { error: { code: status, message: detail.message, errors: [detail], status: grpcStatus } };
}

function videoItem(id: string, parts: Set<string>, scenario: YouTubeScenario) {
  const video = { ...DEFAULT_VIDEO, ...scenario.video };
  const statistics: Record<string, string> = { viewCount: video.viewCount };
  if (!scenario.hiddenCounts) statistics.likeCount = video.likeCount;
  statistics.favoriteCount = video.favoriteCount;
  if (!scenario.hiddenCounts) statistics.commentCount = video.commentCount;
  return {
    kind: 'youtube#video',
    etag: `fake-etag-${id}`,
    id,
    ...(parts.has('snippet')
      ? {
          snippet: {
            publishedAt: video.publishedAt,
            channelId: video.channelId,
            title: video.title,
            description: video.description,
            thumbnails: {
              default: { url: `https://i.ytimg.com/vi/${id}/default.jpg`, width: 120, height: 90 },
            },
            channelTitle: video.channelTitle,
            tags: video.tags,
            categoryId: '27',
            liveBroadcastContent: 'none',
            localized: { title: video.title, description: video.description },
          },
        }
      : {}),
    ...(parts.has('statistics') ? { statistics } : {}),
  };
}

export function handleYouTube({ res, query, scenario }: HandlerContext<YouTubeScenario>): void {
  if (!query.get('key')) return sendJson(res, 400, youtubeErrorBody(400));
  const error = takeFirstFailure(scenario) ?? scenario.error;
  if (error) return sendScenarioError(res, error, youtubeErrorBody(error.status));
  if (scenario.quotaExceeded) return sendJson(res, 403, youtubeErrorBody(403));
  const part = query.get('part');
  if (!part) {
    return sendJson(
      res,
      400,
      youtubeErrorBody(400, { domain: 'global', reason: 'required', message: 'Required parameter: part' }),
    );
  }
  const ids = (query.get('id') ?? '').split(',').filter(Boolean);
  if (ids.length === 0) {
    const message = 'No filter selected. Expected one of: myRating, chart, id';
    return sendJson(
      res,
      400,
      youtubeErrorBody(400, { domain: 'youtube.parameter', reason: 'missingRequiredParameter', message }),
    );
  }
  const parts = new Set(part.split(',').map((name) => name.trim()));
  const found = scenario.notFound ? [] : ids.filter((id) => id.length === 11 && id !== NOT_FOUND_VIDEO_ID);
  const items = found.map((id) => videoItem(id, parts, scenario));
  sendJson(res, 200, {
    kind: 'youtube#videoListResponse',
    etag: 'fake-etag-list',
    items,
    pageInfo: { totalResults: items.length, resultsPerPage: items.length },
  });
}
