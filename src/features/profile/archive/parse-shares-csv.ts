import { archiveErrors, type ArchiveError } from './archive-error';
import { readCsvRecords } from './read-csv-records';
import { plural } from '@/lib/format/counting';

/** One post of the author's, as their archive lists it. */
export interface ArchivePost {
  /** When it went out, as an ISO time; the archive's times are UTC. */
  postedAt: string;
  /** The post's own text (ShareCommentary), trimmed, with \n line breaks. */
  text: string;
  /** The post on LinkedIn (ShareLink), or '' when the archive has none. */
  link: string;
}

/** What was left out of the posts, and why: the author is told each. */
export interface SkippedRows {
  /** Reshares (and media) without a word of the author's own: nothing to learn from or keep. */
  withoutText: number;
  /** Longer than a post can be stored; LinkedIn allows 3,000, so the file is damaged there. */
  tooLong: number;
  /** Rows without a readable date or commentary. */
  unreadable: number;
}

export type SharesParse =
  { ok: true; posts: ArchivePost[]; skipped: SkippedRows } | { ok: false; error: ArchiveError };

/** The longest post kept: what the posts table stores (posts.content, 20,000 characters). */
export const maxPostCharacters = 20_000;

// "2024-03-01 09:30:00" as LinkedIn writes it; a bare date, a T, and a trailing UTC or Z are read too.
const datePattern = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?\s*(?:UTC|Z)?$/i;

/** The ISO time of an archive date, or null when it is not one. */
export function archiveDate(value: string): string | null {
  const match = datePattern.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const time = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls 2024-02-31 over into March: such a date is not one.
  if (
    time.getUTCMonth() !== month - 1 ||
    time.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return null;
  return time.toISOString();
}

/** Characters as the database counts them (code points: an emoji is one). */
function characters(text: string): number {
  if (text.length <= maxPostCharacters) return text.length; // never more code points than units
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

const column = (header: readonly string[], name: string) =>
  header.findIndex((cell) => cell.trim().toLowerCase() === name.toLowerCase());

/**
 * The author's posts in LinkedIn's Shares.csv, newest first: each post once (by its link), its text
 * as written. Rows without text of the author's own (reshares), too long to be a post, or without a
 * date are counted, not kept. A file without the Date and ShareCommentary columns is not Shares.csv.
 */
export function parseSharesCsv(text: string): SharesParse {
  const [header = [], ...rows] = readCsvRecords(text);
  const dateAt = column(header, 'Date');
  const textAt = column(header, 'ShareCommentary');
  const linkAt = column(header, 'ShareLink');
  if (dateAt === -1 || textAt === -1) return { ok: false, error: archiveErrors.wrongColumns(header) };

  const skipped: SkippedRows = { withoutText: 0, tooLong: 0, unreadable: 0 };
  const posts: ArchivePost[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (row.length === 1 && row[0]?.trim() === '') continue; // a blank line
    const postedAt = archiveDate(row[dateAt] ?? '');
    const commentary = row[textAt];
    if (postedAt === null || commentary === undefined) {
      skipped.unreadable += 1;
      continue;
    }
    // A NUL character is not text: PostgreSQL cannot store it, and no one typed it.
    const body = commentary.replace(/\r\n?/g, '\n').replaceAll('\u0000', '').trim();
    if (body === '') {
      skipped.withoutText += 1;
      continue;
    }
    if (characters(body) > maxPostCharacters) {
      skipped.tooLong += 1;
      continue;
    }
    const link = (linkAt === -1 ? '' : (row[linkAt] ?? '')).trim();
    const key = link || `${postedAt}\n${body}`;
    if (seen.has(key)) continue; // the same post listed twice
    seen.add(key);
    posts.push({ postedAt, text: body, link });
  }
  // ISO times in UTC sort as text; the file's own order breaks ties.
  posts.sort((a, b) => (a.postedAt < b.postedAt ? 1 : a.postedAt > b.postedAt ? -1 : 0));
  return { ok: true, posts, skipped };
}

/** What was left out, in words: "3 reshares without a comment of your own were skipped." … */
export function describeSkipped(skipped: SkippedRows): string[] {
  const lines: string[] = [];
  if (skipped.withoutText > 0)
    lines.push(
      `${plural(skipped.withoutText, 'reshare', 'reshares')} without a comment of your own ${skipped.withoutText === 1 ? 'was' : 'were'} skipped.`,
    );
  if (skipped.tooLong > 0)
    lines.push(
      `${plural(skipped.tooLong, 'post', 'posts')} longer than ${maxPostCharacters.toLocaleString('en-US')} characters ${skipped.tooLong === 1 ? 'was' : 'were'} left out: a LinkedIn post has at most 3,000, so that part of the file is probably damaged.`,
    );
  if (skipped.unreadable > 0)
    lines.push(
      `${plural(skipped.unreadable, 'row', 'rows')} could not be read and ${skipped.unreadable === 1 ? 'was' : 'were'} left out.`,
    );
  return lines;
}
