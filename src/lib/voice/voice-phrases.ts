import { voiceProfileLimits } from './voice-profile';
import type { Post, Sentence } from './voice-text';

/** The words and phrases the author uses, and the stock ones they never do, for the voice profile. */

/** Function words and everyday words that say nothing about a voice; a phrase neither starts nor ends with one. */
const commonWords = new Set(
  `a about above after again against all almost also always am an and any anything are around as at away
  back be because been before being below best better between both but by can can't cannot come could
  couldn't day days did didn't do does doesn't doing don't done down during each else even ever every
  everyone everything few first for from get gets getting go goes going good got great had hadn't has
  hasn't have haven't having he her here here's hers him his how i i'd i'll i'm i've if in into is isn't
  it it's its itself just know last less let let's like lot lots made make makes many may me might more
  most much must my myself need needs never new no nor not nothing now of off often on once one only or
  other our ours out over own part people put really right said same say says see she should shouldn't so
  some someone something still such take than that that's the their theirs them then there there's these
  they they're thing things think this those though through time times to today too two under until up us
  very want was wasn't way ways we we'd we'll we're we've week well were weren't what what's when where
  which while who why will with without won't would wouldn't year years yes yet you you'd you'll you're
  you've your yours`.split(/\s+/u),
);

/** A word or phrase of the posts: how many posts use it, how often, and how a word is written. */
interface Candidate {
  /** The lowercase words, joined by spaces. */
  key: string;
  size: number;
  samples: number;
  uses: number;
  lastPost: number;
  /** A word as written when capitalised inside a sentence ("LinkedIn"). */
  capitalised?: string;
  /** Whether the word was ever written in lowercase. */
  lowered?: boolean;
}

type Tallies = Map<string, Candidate>;

const asciiWord = /^[A-Za-z]{1,30}$/;
/** A token holding a word: what comes before it (no digit, "#" or "@"), the word, what comes after (no digit). */
const wordShape = /^([^\p{L}\p{N}#@]*)(\p{L}{1,30}(?:['’-]\p{L}+)*)([^\p{L}\p{N}]*)$/u;

/**
 * The runs of plain words in a sentence, lowercased, each word tallied: punctuation, numbers,
 * hashtags, mentions, URLs and emoji end a run, so no phrase spans them.
 */
function wordRuns(sentence: Sentence, post: number, tallies: Tallies): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  for (const token of sentence.tokens) {
    const startsSentence = runs.length === 0 && run.length === 0;
    // Most tokens are bare words, read without the slower Unicode pattern.
    if (asciiWord.test(token)) {
      run.push(tallyWord(tallies, token, post, startsSentence));
      continue;
    }
    const [, lead = '', word = '', trail = ''] = wordShape.exec(token) ?? [];
    if (lead !== '' || word === '') run = endRun(runs, run);
    // Curly apostrophes made straight here: bare words have none.
    if (word !== '') run.push(tallyWord(tallies, word.replaceAll('’', "'"), post, startsSentence));
    if (trail !== '') run = endRun(runs, run);
  }
  endRun(runs, run);
  return runs;
}

function endRun(runs: string[][], run: string[]): string[] {
  if (run.length > 0) runs.push(run);
  return [];
}

/** Tallies a word and how it is written; returns it lowercased, without a possessive "'s". */
function tallyWord(tallies: Tallies, word: string, post: number, startsSentence: boolean): string {
  const lower = word.toLowerCase();
  const key = lower.endsWith("'s") ? lower.slice(0, -2) : lower;
  const candidate = tally(tallies, key, 1, post);
  if (lower.charCodeAt(0) === word.charCodeAt(0)) candidate.lowered = true;
  else if (!startsSentence) candidate.capitalised ??= word.slice(0, key.length);
  return key;
}

function tally(tallies: Tallies, key: string, size: number, post: number): Candidate {
  let candidate = tallies.get(key);
  if (!candidate) {
    candidate = { key, size, samples: 0, uses: 0, lastPost: -1 };
    tallies.set(key, candidate);
  }
  candidate.uses += 1;
  if (candidate.lastPost !== post) candidate.samples += 1;
  candidate.lastPost = post;
  return candidate;
}

/**
 * Tallies the 2–3-word phrases that neither start nor end with a common word and could repeat:
 * each of their words is in `minimum` posts and used twice.
 */
function tallyPhrases(postRuns: readonly string[][][], minimum: number, tallies: Tallies): void {
  const repeats = (word: string | undefined) => {
    const candidate = word === undefined ? undefined : tallies.get(word);
    return candidate !== undefined && candidate.samples >= minimum && candidate.uses >= 2;
  };
  postRuns.forEach((runs, post) => {
    for (const run of runs) {
      for (let start = 0; start < run.length - 1; start += 1) {
        const first = run[start] ?? '';
        if (commonWords.has(first) || !repeats(first)) continue;
        let key = first;
        for (let end = start + 1; end < start + 3 && repeats(run[end]); end += 1) {
          key = `${key} ${run[end] ?? ''}`;
          if (!commonWords.has(run[end] ?? '')) tally(tallies, key, end - start + 1, post);
        }
      }
    }
  });
}

/** At most this many phrases, each repeated across two samples (within the one, when there is one). */
const maxPhrasesUsed = 12;

/**
 * Whether a candidate adds nothing to a phrase already chosen: it shares a word (other than a
 * common one) with it, as a word inside it or an overlapping part of a sentence the author repeats.
 */
function repeatsChosen(chosen: Candidate, candidate: Candidate): boolean {
  if (chosen.size === 1) return false;
  const words = chosen.key.split(' ');
  return candidate.key.split(' ').some((word) => !commonWords.has(word) && words.includes(word));
}

/**
 * The author's repeated words and phrases: those in the most samples first, longer phrases before
 * shorter ones, then the most used, each adding something to the ones before it.
 */
export function phrasesUsed(posts: readonly Post[]): string[] {
  const tallies: Tallies = new Map();
  const postRuns = posts.map((post, index) => post.sentences.flatMap((s) => wordRuns(s, index, tallies)));
  const minimum = Math.min(2, posts.length);
  tallyPhrases(postRuns, minimum, tallies);
  const ranked = [...tallies.values()]
    .filter(({ key, samples, uses }) => samples >= minimum && uses >= 2 && !commonWords.has(key))
    .filter(({ key }) => key.length <= voiceProfileLimits.phrase)
    // A stable sort: ties stay in the order first seen.
    .sort((a, b) => b.samples - a.samples || b.size - a.size || b.uses - a.uses);
  const chosen: Candidate[] = [];
  for (const candidate of ranked) {
    if (!chosen.some((taken) => repeatsChosen(taken, candidate))) chosen.push(candidate);
    if (chosen.length === maxPhrasesUsed) break;
  }
  // A proper noun keeps its capitals: a word always capitalised, and so inside a sentence at least once.
  const shown = (word: string) => {
    const { lowered = false, capitalised = word } = tallies.get(word) ?? {};
    return lowered ? word : capitalised;
  };
  return chosen.map(({ key }) => key.split(' ').map(shown).join(' '));
}

/** The stock AI vocabulary that none of the samples uses (in any of the forms given), in the list's order. */
export function phrasesAvoided(posts: readonly Post[]): string[] {
  const stockPhrases: ReadonlyArray<readonly [string, RegExp]> = [
    ['delve', /\bdelv(?:e|es|ed|ing)\b/],
    ['game-changer', /\bgame[- ]?chang(?:er|ers|ing)\b/],
    ['unlock', /\bunlock(?:s|ed|ing)?\b/],
    ['elevate', /\belevat(?:e|es|ed|ing)\b/],
    ['leverage', /\bleverag(?:e|es|ed|ing)\b/],
    ['tapestry', /\btapestr(?:y|ies)\b/],
    ['landscape', /\blandscapes?\b/],
    ['realm', /\brealms?\b/],
    ['seamless', /\bseamless(?:ly)?\b/],
    ['pivotal', /\bpivotal\b/],
    ['embark', /\bembark(?:s|ed|ing)?\b/],
    ["in today's fast-paced world", /\bin\s+today['’]s\s+fast[- ]?paced\s+world\b/],
    ['let that sink in', /\blet\s+that\s+sink\s+in\b/],
    ["here's the thing", /\bhere['’]s\s+the\s+thing\b/],
  ];
  // Lowercased once: case-insensitive regular expressions are several times slower.
  const texts = posts.map((post) => post.text.toLowerCase());
  return stockPhrases
    .filter(([, pattern]) => !texts.some((text) => pattern.test(text)))
    .map(([phrase]) => phrase);
}
