/*
 * When the Results page reads LinkedIn's figures by itself (docs/product.md §9.7): on opening, at
 * most once per period per user and browser, and only where LinkedIn is connected. The server
 * decides which posts are due (a few times on a post's first day, then daily, then weekly, at
 * most 20 posts a call: server/api/linkedin/post-analytics.ts), so asking more often than its
 * shortest gap would only cost a request. A refusal (LinkedIn's 403 for a missing permission, its
 * 429, or anything else) waits longer before the next try: it is unlikely to change within hours.
 */

const hour = 3_600_000;
/** The server's shortest gap between two reads of a post (its first day): asking sooner finds nothing due. */
export const autoRefreshEveryMs = 4 * hour;
/** After a refused refresh the page waits this long before trying again by itself. */
export const autoRefreshAfterRefusalMs = 24 * hour;

const key = (userId: string) => `results-refresh:${userId}`;

interface Stamp {
  /** When the last refresh (by the page or by the author) was started, in milliseconds. */
  at: number;
  /** Whether LinkedIn (or the server) refused it. */
  refused: boolean;
}

function readStamp(userId: string): Stamp | null {
  try {
    const raw = window.localStorage.getItem(key(userId));
    if (!raw) return null;
    const stamp = JSON.parse(raw) as Partial<Stamp>;
    return typeof stamp.at === 'number' ? { at: stamp.at, refused: stamp.refused === true } : null;
  } catch {
    return null;
  }
}

/** Whether the page should read LinkedIn's figures by itself now. */
export function autoRefreshDue(userId: string, now: number = Date.now()): boolean {
  const stamp = readStamp(userId);
  if (!stamp || stamp.at > now) return true;
  return now - stamp.at >= (stamp.refused ? autoRefreshAfterRefusalMs : autoRefreshEveryMs);
}

/** Notes a refresh as it starts (refused: false) and, when it is refused, that it was. */
export function noteRefresh(userId: string, stamp: Stamp): void {
  try {
    window.localStorage.setItem(key(userId), JSON.stringify(stamp));
  } catch {
    // No storage (a private window's quota): the page may ask again next time it opens.
  }
}
