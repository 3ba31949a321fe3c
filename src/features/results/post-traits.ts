import { listStyleOf } from '@/lib/voice/voice-lists';
import { openingOf } from '@/lib/voice/voice-openings';
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

const openingWords: Record<string, string> = {
  story: 'a first-person story',
  number: 'a number',
  contrarian: 'a contrarian claim',
  question: 'a question',
  quote: 'a quote',
  statement: 'a statement',
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

/** The traits of a post, its weekday and hour in the author's time zone. */
export function postTraits(post: ResultsPost, timeZone: string): PostTraits {
  const parsed = parsePost(post.content);
  const when = partsIn(post.publishedAt, timeZone);
  const list = listStyleOf(post.content) !== 'none';
  return {
    opening: parsed ? (openingWords[openingOf(parsed)] ?? 'a statement') : 'a statement',
    length: lengthOf(post.content.trim().length),
    format: post.hasImage ? 'text with an image' : list ? 'a list' : 'text only',
    weekday: when.weekday,
    hour: hourBand(when.hour),
  };
}
