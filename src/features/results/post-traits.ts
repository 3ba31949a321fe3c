import { listStyleOf } from '@/lib/voice/voice-lists';
import { openingLabels, openingOf } from '@/lib/voice/voice-openings';
import { parsePost } from '@/lib/voice/voice-text';
import type { ResultsPost } from './results-post';

/** What a post is like, from the app's own reading of it: how it opens, its length, its format, when it went out. */
export interface PostTraits {
  opening: string;
  length: string;
  format: string;
  weekday: string;
  hour: string;
}

export type TraitName = keyof PostTraits;

export const traitLabels: Record<TraitName, string> = {
  opening: 'Opening',
  length: 'Length',
  format: 'Format',
  weekday: 'Weekday',
  hour: 'Time of day',
};

const lengthOf = (characters: number) =>
  characters < 500
    ? 'short (under 500 characters)'
    : characters <= 1300
      ? 'medium (500 to 1,300 characters)'
      : 'long (over 1,300 characters)';

const whenFormats = new Map<string, Intl.DateTimeFormat>();
function partsIn(iso: string, timeZone: string) {
  let format = whenFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'long',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    whenFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(iso));
  return {
    weekday: parts.find((part) => part.type === 'weekday')?.value ?? '',
    hour: Number(parts.find((part) => part.type === 'hour')?.value ?? 0),
  };
}

const hourBand = (hour: number) =>
  hour < 6
    ? 'night (before 6:00)'
    : hour < 11
      ? 'morning (6:00 to 11:00)'
      : hour < 14
        ? 'midday (11:00 to 14:00)'
        : hour < 18
          ? 'afternoon (14:00 to 18:00)'
          : 'evening (after 18:00)';

/**
 * How the post opens: the kind of its first sentence. Only the first line that has words is read
 * (parsePost splits sentences line by line, and openingOf looks at the first sentence only), so a
 * page of 1,000 long posts is not parsed in full on the main thread.
 */
export function openingKindOf(content: string): string {
  for (const line of content.replace(/\r\n?/gu, '\n').split('\n')) {
    const parsed = parsePost(line);
    if (parsed) return openingLabels[openingOf(parsed)];
  }
  return 'a statement';
}

/**
 * Traits already worked out, by post: reading 1,000 posts takes tens of milliseconds, so the page
 * reads them in small slices once it has the posts (warmPostTraits), and the summary an import
 * brings then finds them here instead of reading them all in one task. An entry is used only
 * while the post, its time and the time zone are the same.
 */
const known = new Map<string, { post: ResultsPost; timeZone: string; traits: PostTraits }>();
const maxKnown = 20_000;

const samePost = (a: ResultsPost, b: ResultsPost) =>
  a === b || (a.content === b.content && a.publishedAt === b.publishedAt && a.hasImage === b.hasImage);

/** The traits of a post, its weekday and hour in the author's time zone. */
export function postTraits(post: ResultsPost, timeZone: string): PostTraits {
  const entry = known.get(post.id);
  if (entry && entry.timeZone === timeZone && samePost(entry.post, post)) return entry.traits;
  const traits = readTraits(post, timeZone);
  if (known.size >= maxKnown) known.clear();
  known.set(post.id, { post, timeZone, traits });
  return traits;
}

/** Posts read per slice by warmPostTraits: a few milliseconds' work, well under a frame. */
const warmSlice = 50;

/**
 * Reads the posts' traits ahead of need, a slice per task (the page stays responsive), so a
 * summary made later finds them known. Stops when `signal` aborts.
 */
export function warmPostTraits(posts: readonly ResultsPost[], timeZone: string, signal: AbortSignal): void {
  let next = 0;
  const slice = () => {
    if (signal.aborted) return;
    const end = Math.min(next + warmSlice, posts.length);
    for (; next < end; next += 1) postTraits(posts[next]!, timeZone);
    if (next < posts.length) setTimeout(slice, 0);
  };
  setTimeout(slice, 0);
}

function readTraits(post: ResultsPost, timeZone: string): PostTraits {
  const when = partsIn(post.publishedAt, timeZone);
  const list = listStyleOf(post.content) !== 'none';
  return {
    opening: openingKindOf(post.content),
    length: lengthOf(post.content.trim().length),
    format: post.hasImage ? 'text with an image' : list ? 'a list' : 'text only',
    weekday: when.weekday,
    hour: hourBand(when.hour),
  };
}
