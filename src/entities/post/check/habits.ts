import type { Finding, FindingKind, Place } from './check-post';
import { aiTellKinds } from './tell-kinds';

/**
 * What the post check knows of an author from their own past posts (their voice samples), made by
 * authorStyle() in author-style.ts. A finding the author's own posts show is their voice, not a
 * sign of AI: it is shown to them as information, not as something to fix.
 */
export interface AuthorStyle {
  /** How many samples it was learnt from (0: nothing is known, the check is as for anyone). */
  samples: number;
  /** Kinds of finding the author's posts show, for the kinds that are a way of writing. */
  kinds: readonly FindingKind[];
  /**
   * Stock phrases and words the author's posts use ("thoughts", "here's why", "landscape"), as
   * phraseOf() gives them. For these kinds one phrase is a habit, not the whole kind: an author
   * who ends on "Thoughts?" still hears about "delve".
   */
  phrases: readonly string[];
  /** Their posts' length as LinkedIn counts it, shortest and longest; null without samples. */
  length: { min: number; max: number } | null;
}

/**
 * The kinds that are a way of writing, which an author may make their own. The others stay
 * warnings whoever writes: they are about LinkedIn (the limit, the fold, links, markdown shown as
 * typed), the author's own hashtag setting, or readers (Unicode letters that screen readers spell
 * out). Length has its own rule (the author's range).
 */
export const voiceKinds: readonly FindingKind[] = aiTellKinds.filter((kind) => kind !== 'unicode-styling');
/** Kinds whose habits are kept phrase by phrase. */
export const phraseKinds: readonly FindingKind[] = ['stock-opener', 'stock-closer', 'stock-vocabulary'];

/** A phrase as habits keep it: lower case, straight apostrophes, no punctuation or emoji around it. */
export function phraseOf(words: string): string {
  return words
    .replace(/’/gu, "'")
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/** What the author is told about a habit of theirs, by kind: the thing, and that it stays. */
const habitNames: Partial<Record<FindingKind, string>> = {
  'em-dash': 'Dashes',
  'not-x-but-y': '"It\'s not X, it\'s Y" sentences',
  'rule-of-three': 'Lists of three',
  'emoji-bullets': 'Emoji as bullets',
  'arrow-bullets': '→ arrows as bullets',
  'one-line-paragraphs': 'One-sentence paragraphs',
};

export function habitMessage(kind: FindingKind, words: string): string {
  const name = habitNames[kind];
  return name
    ? `${name}: you use these in your own posts, so they are left as they are.`
    : `"${words}": you use this in your own posts, so it is left as it is.`;
}

/** The finding as this author sees it: a warning, or, for a habit of theirs, information. */
export function asAuthorSees(text: string, place: Place, author: AuthorStyle | undefined): Finding {
  if (!author || !isHabit(text, place, author)) return { ...place, severity: 'warning' };
  const words = text.slice(place.start, place.end).trim();
  // No fix: nothing about it needs changing.
  return {
    kind: place.kind,
    start: place.start,
    end: place.end,
    message: habitMessage(place.kind, words),
    severity: 'info',
  };
}

function isHabit(text: string, place: Place, author: AuthorStyle): boolean {
  if (phraseKinds.includes(place.kind)) {
    return author.phrases.includes(phraseOf(text.slice(place.start, place.end)));
  }
  return author.kinds.includes(place.kind);
}
