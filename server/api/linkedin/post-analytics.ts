import type { LinkedInConfig } from './linkedin-config.ts';
import { LinkedInError } from './linkedin-client.ts';

/**
 * LinkedIn's member post analytics (Community Management API `memberCreatorPostAnalytics`,
 * permission r_member_postAnalytics): one GET per figure, lifetime totals (aggregation=TOTAL).
 */
export const postFigures = {
  impressions: 'IMPRESSION',
  members_reached: 'MEMBERS_REACHED',
  reactions: 'REACTION',
  comments: 'COMMENT',
  reshares: 'RESHARE',
} as const;

export type PostFigures = Record<keyof typeof postFigures, number | null>;

/** The post's URN in its LinkedIn link (`urn:li:share:…` or `urn:li:ugcPost:…`), or null. */
export function postUrnOf(link: string): string | null {
  return /urn:li:(?:share|ugcPost):\d+/u.exec(decodeURIComponent(link))?.[0] ?? null;
}

const hour = 3_600_000;

/**
 * The polite schedule: a post is read again every 4 hours on its first day, daily in its first
 * two weeks, weekly after that (and always when it was never read through the API).
 */
export function resultsDue(publishedAt: Date, lastRead: Date | null, now: Date): boolean {
  if (!lastRead) return true;
  const age = now.getTime() - publishedAt.getTime();
  const gap = age < 24 * hour ? 4 * hour : age < 14 * 24 * hour ? 24 * hour : 7 * 24 * hour;
  return now.getTime() - lastRead.getTime() >= gap;
}

/**
 * Reads a post's five figures; a LinkedInError (403, 429 with its Retry-After, …) stops it, as
 * does `signal` (the caller's time running out: a LinkedInError with no status).
 */
export async function readPostFigures(
  config: LinkedInConfig,
  fetcher: typeof fetch,
  token: string,
  urn: string,
  signal?: AbortSignal,
): Promise<PostFigures> {
  const entity = `(${urn.startsWith('urn:li:ugcPost:') ? 'ugc' : 'share'}:${encodeURIComponent(urn)})`;
  const figures = {} as PostFigures;
  for (const [name, queryType] of Object.entries(postFigures) as [keyof PostFigures, string][]) {
    const url = `${config.apiBaseUrl}/rest/memberCreatorPostAnalytics?q=entity&entity=${entity}&queryType=${queryType}&aggregation=TOTAL`;
    let response: Response;
    try {
      response = await fetcher(url, {
        headers: {
          authorization: `Bearer ${token}`,
          'linkedin-version': config.apiVersion,
          'x-restli-protocol-version': '2.0.0',
        },
        signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(30_000)]) : AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new LinkedInError(null, error instanceof Error ? error.message : String(error));
    }
    if (!response.ok) {
      void response.body?.cancel().catch(() => {});
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new LinkedInError(
        response.status,
        `memberCreatorPostAnalytics answered ${response.status}`,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      );
    }
    let body: { elements?: { count?: unknown; value?: unknown }[] };
    try {
      body = (await response.json()) as typeof body;
    } catch (error) {
      throw new LinkedInError(null, error instanceof Error ? error.message : String(error));
    }
    const count = body.elements?.[0]?.count ?? body.elements?.[0]?.value;
    figures[name] = typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null;
  }
  return figures;
}
