import type { SignaturePhrase } from './voice-habits';
import type { Post } from './voice-text';

/** The phrases the author uses, and the stock ones they never do, for the voice profile. */

/**
 * The author's signature phrases (voice-signature-phrases.ts) as the profile lists them: none when
 * the samples repeat no phrase, never single frequent words. A phrase holding a comma is left out,
 * because Settings reads the list as phrases separated by commas and would cut it in two.
 */
export function phrasesUsed(phrases: readonly SignaturePhrase[]): string[] {
  return phrases.map(({ phrase }) => phrase).filter((phrase) => !phrase.includes(','));
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
