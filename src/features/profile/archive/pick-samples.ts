import { sampleLength } from '@/lib/validation/voice-samples';
import { voiceSampleLimits } from '@/lib/voice/voice-profile';
import type { ArchivePost } from './parse-shares-csv';

/** Whether a post can be a voice sample: as long as a sample may be (src/lib/voice/voice-profile.ts). */
export function canBeSample(text: string): boolean {
  const length = sampleLength(text);
  return length >= voiceSampleLimits.minCharacters && length <= voiceSampleLimits.maxCharacters;
}

/** How a post opens, roughly: two posts that open alike teach the same habit twice. */
function openingKind(text: string): string {
  const firstLine = text.split('\n', 1)[0] ?? '';
  const firstSentence = /^[^.!?]*[.!?]?/.exec(firstLine)?.[0] ?? firstLine;
  if (firstSentence.trimEnd().endsWith('?')) return 'question';
  if (/^\p{N}/u.test(firstLine)) return 'number';
  if (/^["“«'‘]/.test(firstLine)) return 'quote';
  if (/^\p{Extended_Pictographic}/u.test(firstLine)) return 'emoji';
  if (/^(?:i|i'm|i’m|i've|i’ve|my|we|our)\b/iu.test(firstLine)) return 'personal';
  if (firstLine.length <= 60) return 'short line';
  return 'statement';
}

/** The opening words, lower case: "Last week I…" and "last week, I…" are the same opening. */
const openingWords = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean)
    .slice(0, 3)
    .join(' ');

interface Candidate {
  index: number;
  /** 1 for the newest candidate, falling to 0 for the oldest of the pool. */
  recency: number;
  kind: string;
  words: string;
  logLength: number;
}

/** How much newer posts are preferred, and how much each kind of difference is worth. */
const weights = { recency: 1, newKind: 1, newWords: 0.5, otherLength: 1.5 } as const;
/** Lengths four times apart count as fully different. */
const fullyDifferentLength = Math.log(4);

/**
 * The posts that best show how the author writes today, as indexes into `posts` (newest first, as
 * parseSharesCsv orders them): recent, different from one another in how they open and how long they
 * are, and long enough to be samples. Greedy: the newest first, then each time the candidate that
 * adds the most, among the most recent few dozen. Deterministic, so the same archive proposes the
 * same samples.
 */
export function pickSamples(posts: readonly ArchivePost[], count: number = voiceSampleLimits.max): number[] {
  const pool: Candidate[] = [];
  const texts = new Set<string>();
  const poolSize = Math.max(count * 4, 30);
  for (const [index, post] of posts.entries()) {
    if (pool.length === poolSize) break;
    if (!canBeSample(post.text) || texts.has(post.text)) continue;
    texts.add(post.text);
    pool.push({
      index,
      recency: 0,
      kind: openingKind(post.text),
      words: openingWords(post.text),
      logLength: Math.log(sampleLength(post.text)),
    });
  }
  for (const [rank, candidate] of pool.entries())
    candidate.recency = pool.length === 1 ? 1 : 1 - rank / (pool.length - 1);

  const chosen: Candidate[] = [];
  const left = [...pool];
  while (chosen.length < count && left.length > 0) {
    let best = 0;
    let bestScore = -Infinity;
    for (const [at, candidate] of left.entries()) {
      const score = worth(candidate, chosen);
      if (score > bestScore) [best, bestScore] = [at, score];
    }
    chosen.push(...left.splice(best, 1));
  }
  return chosen.map((candidate) => candidate.index).toSorted((a, b) => a - b);
}

function worth(candidate: Candidate, chosen: readonly Candidate[]): number {
  if (chosen.length === 0) return candidate.recency;
  const newKind = chosen.every((other) => other.kind !== candidate.kind) ? 1 : 0;
  const newWords = chosen.every((other) => other.words !== candidate.words) ? 1 : 0;
  const nearestLength = Math.min(...chosen.map((other) => Math.abs(other.logLength - candidate.logLength)));
  return (
    weights.recency * candidate.recency +
    weights.newKind * newKind +
    weights.newWords * newWords +
    weights.otherLength * Math.min(1, nearestLength / fullyDifferentLength)
  );
}
