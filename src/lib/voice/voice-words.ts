/** The words of a sample as the phrase counting reads them: runs within a line, and the words that say nothing. */

/** A word of a sample: lowercased with straight apostrophes, and where it is in the text. */
export interface WordAt {
  word: string;
  start: number;
  end: number;
}

/**
 * What ends a run of words (a line break, a bracket, a double quote, a link, a hashtag or mention,
 * an emoji), or a word: letters and digits, joined by apostrophes or hyphens ("don't",
 * "colour-coded", "rock'n'roll").
 */
const pieces =
  /[\n()[\]{}"“”«»]|(?:https?:\/\/|www\.)\S+|[#@][\p{L}\p{N}_]+|\p{Extended_Pictographic}|([\p{L}\p{N}]+(?:['’‘-][\p{L}\p{N}]+)*)/gu;

/**
 * The runs of words of a text, in order. A run never crosses a line break (so never a paragraph
 * break), a bracket, a double quote, a link, a hashtag, a mention or an emoji; it does cross other
 * punctuation ("Boring? Yes. Works? Also yes.").
 */
export function wordRuns(text: string): WordAt[][] {
  const runs: WordAt[][] = [];
  let run: WordAt[] = [];
  for (const match of text.matchAll(pieces)) {
    const word = match[1];
    if (word === undefined) {
      if (run.length > 0) runs.push(run);
      run = [];
      continue;
    }
    const start = match.index;
    run.push({ word: normalWord(word), start, end: start + word.length });
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** A word compared in any case and with either apostrophe. */
export function normalWord(word: string): string {
  const lower = word.toLowerCase();
  return lower.includes('’') || lower.includes('‘') ? lower.replace(/[’‘]/gu, "'") : lower;
}

/** Function words and everyday words that say nothing about a voice: a phrase of these alone is no phrase. */
export const commonWords = new Set(
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

/**
 * Words a phrase does not end on: articles, prepositions, conjunctions and possessives ("cold calls
 * to the" is a piece of a sentence, "cold calls" the phrase), and the forms of "to be" ("LinkedIn
 * is"). Particles that end phrasal verbs ("show up", "figure it out") and pronouns ("ship it") are
 * not among them.
 */
export const danglingWords = new Set(
  `a an the and or but nor so than as at by for from in into of on onto per to upon via with within
  without about after before between through under my your our their his her its whose which whom if
  because while although though when where is are was were am be been being`.split(/\s+/u),
);

/** Words a phrase does not start on: "the support team" is a piece of a sentence, "support team" the phrase. */
export const determiners = new Set(`a an the my your our their his her its this these those`.split(/\s+/u));
