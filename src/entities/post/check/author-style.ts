import { linkedInLength } from '../../../lib/linkedin/linkedin-text';
import { checkPost } from './check-post';
import { phraseKinds, phraseOf, voiceKinds, type AuthorStyle } from './habits';

export type { AuthorStyle } from './habits';

/** Nothing known of the author: the check is the same as for anyone. */
export const unknownAuthor: AuthorStyle = { samples: 0, kinds: [], phrases: [], length: null };

/**
 * In how many samples a way of writing must appear to count as the author's own: two, so that
 * one post written in a hurry (or with a pasted quote) does not switch a warning off; with a single
 * sample, that one.
 */
export const habitThreshold = (samples: number) => Math.min(2, samples);

/**
 * What the post check learns from the author's own past posts (their voice samples): which ways
 * of writing it would flag are theirs (a kind, or for stock phrases a phrase, found in at least
 * habitThreshold() samples) and how long their posts are. Pure; run once per set of samples.
 */
export function authorStyle(samples: readonly string[]): AuthorStyle {
  const posts = samples.filter((sample) => sample.trim() !== '');
  if (posts.length === 0) return unknownAuthor;
  const kindCounts = new Map<string, number>();
  const phraseCounts = new Map<string, number>();
  for (const post of posts) {
    const kinds = new Set<string>();
    const phrases = new Set<string>();
    for (const finding of checkPost(post)) {
      if (!voiceKinds.includes(finding.kind)) continue;
      if (phraseKinds.includes(finding.kind)) phrases.add(phraseOf(post.slice(finding.start, finding.end)));
      else kinds.add(finding.kind);
    }
    for (const kind of kinds) kindCounts.set(kind, (kindCounts.get(kind) ?? 0) + 1);
    for (const phrase of phrases) phraseCounts.set(phrase, (phraseCounts.get(phrase) ?? 0) + 1);
  }
  const threshold = habitThreshold(posts.length);
  const often = (counts: Map<string, number>) =>
    [...counts].filter(([, count]) => count >= threshold).map(([key]) => key);
  const lengths = posts.map((post) => linkedInLength(post.trim()));
  return {
    samples: posts.length,
    kinds: voiceKinds.filter((kind) => often(kindCounts).includes(kind)),
    phrases: often(phraseCounts).sort(),
    length: { min: Math.min(...lengths), max: Math.max(...lengths) },
  };
}

let last: { key: string; style: AuthorStyle } | null = null;

/**
 * authorStyle() of the samples, worked out again only when their words change: the dashboard, Saved
 * Posts and the calendar share one author, so one result serves them all.
 */
export function authorStyleOf(samples: readonly string[]): AuthorStyle {
  const key = samples.join('\u0000');
  if (last?.key !== key) last = { key, style: authorStyle(samples) };
  return last.style;
}
