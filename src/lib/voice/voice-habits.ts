/**
 * What an author's own posts show, counted (derive-voice-habits.ts): the facts the writing rules
 * (writing-rules.ts) and the post check are decided from. Unlike the voice profile's sentences,
 * these are numbers and fixed kinds, never the author's words, so a rule built from them cannot
 * carry an instruction hidden in a sample.
 */

export type SpellingVariant = 'en-GB' | 'en-US';

/** How a post's first line opens. */
export const openingKinds = ['story', 'number', 'contrarian', 'question', 'quote', 'statement'] as const;
export type OpeningKind = (typeof openingKinds)[number];

/** How a post's last paragraph (before a line of hashtags) ends. */
export const closingKinds = ['question', 'action', 'takeaway'] as const;
export type ClosingKind = (typeof closingKinds)[number];

/** The list markers a post uses; "none" is a post with no list. */
export const listStyles = ['arrow', 'bullet', 'number', 'emoji', 'none'] as const;
export type ListStyle = (typeof listStyles)[number];

/** A run of words the author writes in more than one post, and the samples (0-based) it is in. */
export interface SignaturePhrase {
  phrase: string;
  samples: number[];
}

export interface VoiceHabits {
  /** How many samples (that hold words) the habits come from. */
  posts: number;
  /** Posts by the spelling they use; a post showing neither counts in neither. */
  spelling: Record<SpellingVariant, number>;
  /** Posts by the kind of their opening. */
  openings: Record<OpeningKind, number>;
  /** Posts by the kind of their ending. */
  closings: Record<ClosingKind, number>;
  /** Posts by their main list style (each post counts once). */
  lists: Record<ListStyle, number>;
  /** Paragraphs holding words, and how many of them are a single sentence. */
  paragraphs: { total: number; singleSentence: number };
  /** Posts with at least one emoji, and the median number of emoji per post. */
  emoji: { posts: number; median: number };
  /** Posts with at least one hashtag, and the median number of hashtags per post. */
  hashtags: { posts: number; median: number };
  /** Posts using an em or en dash as a dash (not a number range). */
  dashPosts: number;
  /** Length in LinkedIn characters. */
  characters: { min: number; median: number; max: number };
  /** Recurring phrases, most samples first. */
  phrases: SignaturePhrase[];
}
