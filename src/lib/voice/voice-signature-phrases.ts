import type { SignaturePhrase } from './voice-habits';
import { voiceProfileLimits } from './voice-profile';
import { commonWords, danglingWords, determiners, wordRuns, type WordAt } from './voice-words';

/**
 * The author's signature phrases: runs of 2 to 6 words they write in more than one post ("Here's
 * what I'd do instead", "Boring? Yes. Works? Also yes."), found by counting, never guessed.
 */

const minWords = 2;
const maxWords = 6;
const minSamples = 2;

/** A run of words (compared in any case, either apostrophe) and the samples it is in. */
interface Gram {
  size: number;
  /** The samples it is in (0-based), each once, in order. */
  samples: number[];
  /** Where it is first written: the sample's text, the run of words and the first word's place in it. */
  text: string;
  run: readonly WordAt[];
  first: number;
  /** The same run without its last word. */
  prefix: Gram | null;
  /** The runs one word longer, by that word. */
  next: Map<string, Gram> | null;
  /** How many samples the longest-reaching phrase that holds this run is in (0: none). */
  heldBy: number;
}

/** The runs of words counted so far, as a tree of words, and every run of 2 words or more. */
interface Grams {
  root: Map<string, Gram>;
  all: Gram[];
}

function wordsOf(gram: Gram): string[] {
  return gram.run.slice(gram.first, gram.first + gram.size).map(({ word }) => word);
}

/** The run one word longer than `prefix` (a first word when null), counted in the sample. */
function extend(
  grams: Grams,
  prefix: Gram | null,
  text: string,
  run: readonly WordAt[],
  at: number,
  sample: number,
): Gram {
  const size = (prefix?.size ?? 0) + 1;
  const word = run[at + size - 1]?.word ?? '';
  const next = prefix ? (prefix.next ??= new Map()) : grams.root;
  let gram = next.get(word);
  if (!gram) {
    gram = { size, samples: [], text, run, first: at, prefix, next: null, heldBy: 0 };
    next.set(word, gram);
    if (size >= minWords) grams.all.push(gram);
  }
  if (gram.samples.at(-1) !== sample) gram.samples.push(sample);
  return gram;
}

/** The counted run of these words, if any. */
function find(grams: Grams, words: readonly string[]): Gram | undefined {
  let gram: Gram | undefined;
  for (const word of words) {
    gram = (gram ? gram.next : grams.root)?.get(word);
    if (!gram) return undefined;
  }
  return gram;
}

/**
 * Every run of 2 to 6 words within a line of the samples that could be in two of them, with the
 * samples it is in: pairs of words first, then longer runs only as far as each pair in them is in
 * two samples (most runs of a post are in no other, and are not counted further).
 */
function countGrams(samples: readonly string[]): Grams {
  const grams: Grams = { root: new Map(), all: [] };
  const runs = samples.map((text) => wordRuns(text));
  // Each run's pairs of words, by the place of the first.
  const pairs = runs.map((sampleRuns, sample) =>
    sampleRuns.map((run) => {
      const text = samples[sample] ?? '';
      return run
        .slice(1)
        .map((_, at) => extend(grams, extend(grams, null, text, run, at, sample), text, run, at, sample));
    }),
  );
  runs.forEach((sampleRuns, sample) =>
    sampleRuns.forEach((run, index) => {
      const text = samples[sample] ?? '';
      const runPairs = pairs[sample]?.[index] ?? [];
      const shared = runPairs.map((pair) => pair.samples.length >= minSamples);
      for (let at = 0; at < run.length - 2; at += 1) {
        let gram = shared[at] ? runPairs[at] : undefined;
        for (let size = 3; gram && size <= maxWords && shared[at + size - 2] === true; size += 1)
          gram = extend(grams, gram, text, run, at, sample);
      }
    }),
  );
  return grams;
}

/**
 * The phrase as first written, or null when it is no phrase but a piece of a sentence: stop words
 * alone, starting on an article or a possessive ("the support team"), ending on an article, a
 * preposition or a conjunction ("cold calls to the"), two words starting on one ("at Northwind"),
 * or longer than the profile allows. A run across sentences ("Boring? Yes. Works? Also yes.") keeps
 * its closing stop; a piece of a sentence gets none.
 */
function phraseText(gram: Gram): string | null {
  const words = wordsOf(gram);
  const [first = '', last = ''] = [words[0], words.at(-1)];
  if (words.every((word) => commonWords.has(word) || !/\p{L}/u.test(word))) return null;
  if (determiners.has(first) || danglingWords.has(last)) return null;
  if (words.length === 2 && danglingWords.has(first)) return null;
  const [start, end] = [gram.run[gram.first]?.start ?? 0, gram.run[gram.first + gram.size - 1]?.end ?? 0];
  let text = gram.text.slice(start, end).replace(/\s+/gu, ' ');
  if (/[.!?…]\s/u.test(text)) text += /^[.!?…]{0,3}/u.exec(gram.text.slice(end, end + 3))?.[0] ?? '';
  return [...text].length <= voiceProfileLimits.phrase ? text : null;
}

/** Whether the last `size` words of `head` are the first words of `tail`. */
function joins(head: readonly string[], tail: readonly string[], size: number): boolean {
  for (let index = 0; index < size; index += 1)
    if (head[head.length - size + index] !== tail[index]) return false;
  return true;
}

/** Whether the last words of one are the first words of the other, as pieces of one longer passage. */
function overlap(a: readonly string[], b: readonly string[]): boolean {
  for (let size = 1; size <= Math.min(a.length, b.length); size += 1)
    if (joins(a, b, size) || joins(b, a, size)) return true;
  return false;
}

const sameSamples = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((sample, index) => sample === b[index]);

/**
 * The author's recurring phrases: runs of 2 to 6 words (within a line; across sentence punctuation)
 * in at least two samples, each the longest run found in just those samples, in the most samples
 * first, then the longest, then the first written. A passage longer than six words repeated whole is
 * given once, by its first six words. At most 20, of at most 60 characters each.
 */
export function signaturePhrases(samples: readonly string[]): SignaturePhrase[] {
  const grams = countGrams(samples);
  const shared = grams.all.filter((gram) => gram.samples.length >= minSamples);
  const texts = new Map<Gram, string>();
  // Longest first, each passes to the runs inside it how many samples the phrases holding them are in.
  for (const gram of [...shared].sort((a, b) => b.size - a.size)) {
    const text = phraseText(gram);
    if (text !== null && gram.heldBy < gram.samples.length) texts.set(gram, text);
    const held = Math.max(gram.heldBy, text === null ? 0 : gram.samples.length);
    const suffix = gram.size > minWords ? find(grams, wordsOf(gram).slice(1)) : undefined;
    for (const inner of [gram.prefix, suffix]) if (inner) inner.heldBy = Math.max(inner.heldBy, held);
  }
  // A stable sort of the runs in the order first written.
  const ranked = shared
    .filter((gram) => texts.has(gram))
    .sort((a, b) => b.samples.length - a.samples.length || b.size - a.size);
  const chosen: Array<{ gram: Gram; words: string[] }> = [];
  for (const gram of ranked) {
    if (chosen.length === voiceProfileLimits.phrases) break;
    const words = wordsOf(gram);
    const piece = (taken: (typeof chosen)[number]) =>
      sameSamples(taken.gram.samples, gram.samples) && overlap(taken.words, words);
    if (!chosen.some(piece)) chosen.push({ gram, words });
  }
  return chosen.map(({ gram }) => ({ phrase: texts.get(gram) ?? '', samples: [...gram.samples] }));
}

/** The samples (0-based) that hold the phrase's words in a row within a line, in any case or punctuation. */
export function samplesWithPhrase(phrase: string, samples: readonly string[]): number[] {
  const words = wordRuns(phrase)
    .flat()
    .map(({ word }) => word);
  if (words.length === 0) return [];
  const holds = (sample: string) =>
    wordRuns(sample).some((run) =>
      run.some((_, first) => words.every((word, index) => run[first + index]?.word === word)),
    );
  return samples.flatMap((sample, index) => (holds(sample) ? [index] : []));
}
