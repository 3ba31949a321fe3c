import type { ExportRow } from './parse-analytics-export';
import type { ResultsPost } from './results-post';

export type UnmatchedReason = 'no-post-that-day' | 'several-posts-that-day';

export interface MatchedRow {
  postId: string;
  row: ExportRow;
  by: 'link' | 'date' | 'text';
}

export interface UnmatchedRow {
  row: ExportRow;
  reason: UnmatchedReason;
}

export interface ResultsMatch {
  matched: MatchedRow[];
  unmatched: UnmatchedRow[];
}

/**
 * The URN a LinkedIn post link names ("urn:li:share:7300…", "urn:li:activity:…", "urn:li:ugcPost:…"),
 * as the app stores it (https://www.linkedin.com/feed/update/<urn>/) and as the export writes it,
 * percent-encoded or not, with or without a trailing slash or query. Null for another link.
 */
export function linkedinUrnOf(link: string): string | null {
  let text = link;
  try {
    text = decodeURIComponent(link);
  } catch {
    // A stray % leaves the link as it is.
  }
  const urn = /urn:li:(share|ugcPost|activity):(\d+)/iu.exec(text);
  return urn ? `urn:li:${urn[1]!.toLowerCase()}:${urn[2]}` : null;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayIn(iso: string, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Text as compared: lower case, words only, the first 80 characters (the export may cut the text). */
const textKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .slice(0, 80);

/**
 * Which of the author's published posts each row of the export is about: first by the post's
 * LinkedIn link (posts the app published store it), then, for the rows and posts left, by the day
 * it went out (the author's day, `timeZone`; the day before or after when none is on it, as LinkedIn
 * dates a post in its own zone), when one post went out that day, or several and the row's text (if
 * the export has it) names one. A post is matched to one row at most. What is left is said, with why.
 */
export function matchResults(
  rows: readonly ExportRow[],
  posts: readonly ResultsPost[],
  timeZone: string,
): ResultsMatch {
  const byUrn = new Map<string, ResultsPost>();
  for (const post of posts) {
    const urn = post.linkedinUrl ? linkedinUrnOf(post.linkedinUrl) : null;
    if (urn) byUrn.set(urn, post);
  }
  const taken = new Set<string>();
  const matched: MatchedRow[] = [];
  const rest: ExportRow[] = [];
  for (const row of rows) {
    const urn = linkedinUrnOf(row.url);
    const post = urn ? byUrn.get(urn) : undefined;
    if (post && !taken.has(post.id)) {
      taken.add(post.id);
      matched.push({ postId: post.id, row, by: 'link' });
    } else rest.push(row);
  }

  // Posts with a link LinkedIn's export did not name may still be listed under another URN (an
  // activity rather than a share): they stay candidates for the day.
  const byDay = new Map<string, ResultsPost[]>();
  for (const post of posts) {
    if (taken.has(post.id)) continue;
    const day = dayIn(post.publishedAt, timeZone);
    byDay.set(day, [...(byDay.get(day) ?? []), post]);
  }
  const free = (day: string) => (byDay.get(day) ?? []).filter((post) => !taken.has(post.id));

  const unmatched: UnmatchedRow[] = [];
  for (const row of rest) {
    let candidates = free(row.day);
    if (candidates.length === 0) candidates = [...free(shiftDay(row.day, -1)), ...free(shiftDay(row.day, 1))];
    let chosen: ResultsPost | undefined;
    let by: MatchedRow['by'] = 'date';
    if (row.text) {
      const key = textKey(row.text);
      const same = candidates.filter((post) => key !== '' && textKey(post.content).startsWith(key));
      if (same.length === 1) [chosen, by] = [same[0], 'text'];
    }
    if (!chosen && candidates.length === 1) chosen = candidates[0];
    if (chosen) {
      taken.add(chosen.id);
      matched.push({ postId: chosen.id, row, by });
    } else
      unmatched.push({
        row,
        reason: candidates.length === 0 ? 'no-post-that-day' : 'several-posts-that-day',
      });
  }
  return { matched, unmatched };
}
