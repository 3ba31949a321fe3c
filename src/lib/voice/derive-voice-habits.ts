import {
  closingKinds,
  listStyles,
  openingKinds,
  type SpellingVariant,
  type VoiceHabits,
} from './voice-habits';
import { closingOf } from './voice-closings';
import { usesDashes } from './voice-dashes';
import { listStyleOf } from './voice-lists';
import { emojiIn, hashtagsOf } from './voice-marks';
import { openingOf } from './voice-openings';
import { characterCounts, paragraphCounts } from './voice-rhythm';
import { signaturePhrases } from './voice-signature-phrases';
import { spellingOf } from './voice-spelling';
import { parsePost } from './voice-text';

/**
 * What the author's own posts show, counted per post: plain counting, no AI call, so the same
 * samples always give the same habits. The writing rules are decided from these (writing-rules.ts).
 */

/** How many of the values are each key, every key counted (0 when none is). */
function tally<K extends string>(keys: readonly K[], values: readonly (K | null)[]): Record<K, number> {
  const counts = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  for (const value of values) if (value !== null) counts[value] += 1;
  return counts;
}

/** The middle value, or the mean of the middle two (0 for none). */
function middle(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[half] ?? 0;
  return ((sorted[half - 1] ?? 0) + (sorted[half] ?? 0)) / 2;
}

/** How many posts have any, and the median per post. */
function perPost(counts: readonly number[]): { posts: number; median: number } {
  return { posts: counts.filter((count) => count > 0).length, median: middle(counts) };
}

/**
 * The habits of the samples that hold words (blank ones, and ones of emoji or hashtags only, are left
 * out; a phrase's samples are numbered as given), or null when none does.
 */
export function deriveVoiceHabits(samples: readonly string[]): VoiceHabits | null {
  const posts = samples.map(parsePost).filter((post) => post !== undefined);
  if (posts.length === 0) return null;
  const spellings: readonly SpellingVariant[] = ['en-GB', 'en-US'];
  return {
    posts: posts.length,
    spelling: tally(
      spellings,
      posts.map((post) => spellingOf(post.text)),
    ),
    openings: tally(openingKinds, posts.map(openingOf)),
    closings: tally(closingKinds, posts.map(closingOf)),
    lists: tally(
      listStyles,
      posts.map((post) => listStyleOf(post.text)),
    ),
    paragraphs: paragraphCounts(posts),
    emoji: perPost(posts.map((post) => emojiIn(post.text).length)),
    hashtags: perPost(posts.map((post) => hashtagsOf(post.text).length)),
    dashPosts: posts.filter((post) => usesDashes(post.text)).length,
    characters: characterCounts(posts),
    phrases: signaturePhrases(samples),
  };
}
