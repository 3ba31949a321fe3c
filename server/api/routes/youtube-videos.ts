import type { Context } from 'hono';
import { youTubeVideoIdPattern } from '../../../shared/research-api.ts';
import type { ApiContext } from '../api-context.ts';
import { ApiError } from '../api-error.ts';
import { countedCall } from '../counted-call.ts';
import { fetchProvider } from '../fetch-provider.ts';
import { passThrough } from '../pass-through.ts';
import { requireProvider } from '../provider-config.ts';
import { authenticate } from '../verify-access-token.ts';

const partPattern = /^(?:snippet|statistics|contentDetails)(?:,(?:snippet|statistics|contentDetails)){0,2}$/;

/**
 * GET /youtube/videos?part=…&id=…: the YouTube Data API's videos.list for one video, with the
 * server's key. Only `part` and `id` are forwarded (a caller cannot list charts, page through
 * results or spend the quota on other endpoints). A reply comes back unchanged; an error as our
 * sanitised error (the provider's body may quote the request URL, key included).
 */
export function youtubeVideos(api: ApiContext) {
  return async (c: Context): Promise<Response> => {
    const { userId, sessionId } = await authenticate(c.req.raw, api.verifyToken);
    const part = single(c.req.queries('part'));
    const id = single(c.req.queries('id'));
    if (part === null || !partPattern.test(part)) {
      throw invalid('part must be a comma-separated list of snippet, statistics and contentDetails');
    }
    if (id === null || !youTubeVideoIdPattern.test(id)) {
      throw invalid('id must be one YouTube video id of exactly 11 characters');
    }
    const youtube = requireProvider(api.providers, 'youtube');
    // Counted last: a request refused above costs the user nothing.
    const call = { userId, sessionId, clientAddress: api.clientAddress(c) };
    const query = new URLSearchParams({ part, id, key: youtube.key });
    const upstream = await countedCall(api.quota, call, c.req.raw.signal, (signal) =>
      fetchProvider(api.fetch, 'YouTube', `${youtube.baseUrl}/videos?${query}`, {
        method: 'GET',
        headers: { accept: 'application/json' },
        signal,
      }),
    );
    return passThrough(upstream, { label: 'YouTube', secrets: api.secrets });
  };
}

function single(values: string[] | undefined): string | null {
  return values?.length === 1 ? (values[0] ?? null) : null;
}

function invalid(detail: string): ApiError {
  return new ApiError(400, `Invalid request: ${detail}`, 'invalid_request_error', 'invalid_request');
}
