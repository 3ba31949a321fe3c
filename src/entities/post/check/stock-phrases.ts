import type { Place } from './check-post';
import { lineAfter, lineBefore, matches, spanOf } from './text-matches';

/**
 * Stock words ("delve", "game-changer", "leverage" as a verb) and stock lines (docs/product.md §5.5b): openers and set-ups ("In today's fast-paced world",
 * "Here's why:", "The result?"), closers ("Let that sink in", "Read that again.") and an ending
 * that only asks for engagement ("Agree?", "Thoughts? 👇", also before the closing hashtags).
 * Each pattern is written to be matched against the text with curly apostrophes made straight, so
 * an index in the match is an index in the text.
 */

type Says = 'opener' | 'set-up' | 'closer';
interface StockLine {
  kind: 'stock-opener' | 'stock-closer';
  says: Says;
  pattern: RegExp;
}

const messages: Record<Says, (words: string) => string> = {
  opener: (words) => `"${words}" is a stock opener. Start with something only you would say.`,
  'set-up': (words) => `"${words}" is a stock set-up. Say the point itself.`,
  closer: (words) => `"${words}" is a stock line readers skip.`,
};

/** Where a sentence starts: a line (after any emoji or "**"), or after the end of another sentence. */
const sentenceStart = String.raw`(?<=^[ \t\p{Extended_Pictographic}\uFE0F*_]*|[.!?…:][ \t]+)`;
/** Nothing more on the line but spaces and emoji ("Here's why 👇"). */
const lineEnd = String.raw`(?=[ \t]*(?:\p{Extended_Pictographic}\uFE0F?[ \t]*)*$)`;
/** A sentence ends here: its full stop (covered), or the line ends (emoji aside). */
const sentenceEnd = String.raw`(?:[.!]+(?=\s|$)|${lineEnd})`;

const phrase = (words: string) => words.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
const anywhere = (kind: StockLine['kind'], says: Says, list: readonly string[]): StockLine[] =>
  list.map((words) => ({ kind, says, pattern: new RegExp(`\\b${phrase(words)}`, 'iu') }));

const stockLines: readonly StockLine[] = [
  ...anywhere('stock-opener', 'opener', [
    'in the ever-evolving',
    "in today's ever-changing",
    "let's dive in",
    'picture this:',
    'imagine a world',
    'buckle up',
    'gone are the days',
  ]),
  {
    // "In today's world", "In today's fast-paced world", "In today's rapidly evolving business
    // environment"; not "in today's meeting".
    kind: 'stock-opener',
    says: 'opener',
    pattern: /\bin today's (?:[\p{L}-]+ ){0,3}?(?:world|age|era|landscape|environment|economy|climate)\b/iu,
  },
  {
    // "Here's the thing:", "Here's the thing.", "Here's the thing about hiring", "Here's the thing —".
    kind: 'stock-opener',
    says: 'opener',
    pattern: /\bhere's the thing(?:[:.]|(?=[ \t]*(?:[,!—–]|-[ \t]|about\b)))/iu,
  },
  {
    // A set-up that ends its line or sentence: "Here's why:", "Here's what I learned.". "Here's
    // why we moved the stand-up" goes on to say it, and is left alone.
    kind: 'stock-opener',
    says: 'set-up',
    pattern: new RegExp(
      String.raw`\bhere's (?:why|how|what (?:happened|i learned|we learned|changed|most people miss)|the (?:truth|catch|deal|twist|secret|reality|problem))(?:[:.]|${lineEnd})`,
      'imu',
    ),
  },
  {
    // "Here's what actually works:", "Here's what separates the great ones. 👇": a colon or a
    // pointing hand after it; and "Here's what nobody tells you…" wherever it goes.
    kind: 'stock-opener',
    says: 'set-up',
    pattern: new RegExp(
      String.raw`\bhere's what (?:(?:nobody|no one) tells you|[^.!?:\n]{1,80}?(?::|[.!]?(?=[ \t]*👇)))`,
      'iu',
    ),
  },
  { kind: 'stock-opener', says: 'set-up', pattern: /\blet's (?:be (?:honest|real)|face it)\b[:.]?/iu },
  {
    kind: 'stock-opener',
    says: 'set-up',
    pattern: new RegExp(
      String.raw`\b(?:unpopular opinion|hot take|plot twist|hard truth|harsh truth|real talk|spoiler alert|(?:the )?bottom line)[ \t]*(?::|${lineEnd})`,
      'imu',
    ),
  },
  {
    // A question the post answers itself: "The result? A queue back to normal."
    kind: 'stock-opener',
    says: 'set-up',
    pattern: new RegExp(
      String.raw`${sentenceStart}(?:(?:and|but|so) )?(?:the (?:result|results|outcome|answer|secret|catch|lesson|kicker|twist|best part|worst part|problem|real problem|difference|truth|reason|real reason|fix|takeaway|punchline|irony|bottom line)|my advice|why does (?:this|it|that) matter)\?(?=[*_]*(?:\s|$))`,
      'imu',
    ),
  },
  ...anywhere('stock-closer', 'closer', ['let that sink in', "here's the kicker", 'food for thought']),
  {
    // Only as a sentence of its own: "I had to read that again before…" is a person reading.
    kind: 'stock-closer',
    says: 'closer',
    pattern: new RegExp(
      String.raw`${sentenceStart}(?:read that again|and that's (?:okay|ok|fine|alright|all right))${sentenceEnd}`,
      'imu',
    ),
  },
];

/**
 * The stock words, in their stock sense: not a landscape gardener, unlocking the side door or
 * passengers who embark (the stock phrase is "embark on").
 */
const stockWords = new RegExp(
  String.raw`\b(?:delv(?:e|es|ed|ing)|game[- ]changer|game[- ]changing|unlock(?:s|ed|ing)?(?! (?:the |a |an |my |your |our |their |his |her )?(?:[\p{L}-]+ )?(?:doors?|entrances?|gates?|cars?|phones?|screens?|laptops?|offices?|buildings?|rooms?|bikes?|padlocks?|safes?)\b)|elevat(?:e|es|ed|ing)|tapestry|landscape(?! (?:gardener|gardening|architect|architecture|designer|photograph|photographer|photography|painting|painter|mode|orientation)s?\b)|realm|synerg(?:y|ies)|paradigm|revolutioni[sz](?:e|es|ed|ing)|seamless(?:ly)?|cutting[- ]edge|supercharg(?:e|es|ed|ing)|testament|pivotal|embark(?:s|ed|ing)?(?= on\b)|navigat(?:e|es|ed|ing) the complexities|ever-evolving)\b`,
  'iu',
);
/**
 * "leverage" as a verb: followed by a determiner or pronoun, not by "of" (the noun). The match is
 * the verb alone; the word after it is only looked at.
 */
const leverageVerb =
  /\bleverag(?:e|es|ed|ing)(?= (?:the|our|your|their|my|his|her|its|this|these|those|a|an|ai|data|it|them|every|each|all|existing)\b)/iu;

export function stockVocabulary(text: string): Place[] {
  return [stockWords, leverageVerb].flatMap((pattern) =>
    // The whole match: "game changer" and "navigate the complexities" are quoted whole.
    [...matches(text, pattern)].map((match) => ({
      kind: 'stock-vocabulary' as const,
      ...spanOf(match),
      message: `"${match[0]}" is stock AI vocabulary. Use the plain word you would say out loud.`,
    })),
  );
}

/** Every stock line in the text, then the engagement bait that ends it, if any. */
export function stockPhrases(text: string): Place[] {
  const plain = text.replace(/’/gu, "'");
  const places: Place[] = [];
  for (const line of stockLines) {
    for (const match of matches(plain, line.pattern)) {
      const { start, end } = spanOf(match);
      const words = text.slice(start, end);
      places.push({ kind: line.kind, start, end, message: messages[line.says](words) });
    }
  }
  const bait = baitEnding(text, plain);
  return longestOf(bait ? [...places, bait] : places);
}

/** Of places that overlap ("in today's ever-changing" in "in today's ever-changing world"), the longest. */
function longestOf(places: Place[]): Place[] {
  const sorted = [...places].sort((a, b) => a.start - b.start || b.end - a.end);
  return sorted.filter((place, index) => !sorted.slice(0, index).some((other) => other.end > place.start));
}

const baitQuestion = String.raw`(?:agree(?: or disagree)?|do you agree|thoughts|any thoughts|your thoughts|what do you think|what are your thoughts|what's your take)(?:\?+|[.!])?`;
const baitRequest = String.raw`(?:(?:drop|share|leave) (?:them|yours|your thoughts|a comment|your take)|let me know(?: what you think| your thoughts)?|comment|thoughts) (?:below|in the comments(?: below)?)[.!]*`;
/**
 * The last sentence of the ending, when all it does is ask for engagement: at the start of its
 * line (after any emoji), or after another sentence; emoji may follow it. Matched against the last
 * line with words, its closing hashtags cut off.
 */
const endingBait = new RegExp(
  String.raw`(?:(?<=^[ \t]*)(?:\p{Extended_Pictographic}\uFE0F?[ \t]*)*|(?<=[.!?…][ \t]+))(?:${baitQuestion}(?:[ \t]+${baitRequest})?|${baitRequest})(?:[ \t]*\p{Extended_Pictographic}\uFE0F?)*[ \t]*$`,
  'iu',
);
/** A line of hashtags only, or of nothing with letters or digits: not the ending's words. */
const notWords = /^(?:[ \t]*#[\p{L}_][\p{L}\p{N}_]*)*[ \t]*$|^[^\p{L}\p{N}]*$/u;
/** Hashtags that close the line they are on. */
const closingTags = /(?:[ \t]+#[\p{L}_][\p{L}\p{N}_]*)+[ \t]*$/u;

function baitEnding(text: string, plain: string): Place | null {
  let lineEnd = text.length;
  let lineStart = text.lastIndexOf('\n', lineEnd - 1) + 1;
  while (notWords.test(text.slice(lineStart, lineEnd))) {
    if (lineStart === 0) return null;
    lineEnd = lineStart - 1;
    lineStart = text.lastIndexOf('\n', lineEnd - 1) + 1;
  }
  const line = plain.slice(lineStart, lineEnd);
  const words = line.replace(closingTags, '').trimEnd();
  const match = endingBait.exec(words);
  if (!match) return null;
  const start = lineStart + match.index;
  const end = lineStart + match.index + match[0].trimEnd().length;
  const quoted = text.slice(start, end);
  return {
    kind: 'stock-closer',
    start,
    end,
    message: `Ending on "${quoted}" alone reads as engagement bait. Ask something specific, or end on your point.`,
    fix: { label: `Remove "${quoted}"`, edit: removal(text, start, end) },
  };
}

/**
 * Removing the bait: after other words on its line, with the spaces before it ("…normal. Agree?");
 * before closing hashtags, with the spaces after it. Alone on its line, just the words: the panel
 * takes the emptied line away.
 */
function removal(text: string, start: number, end: number) {
  const before = lineBefore(text, start);
  if (before.trim() !== '')
    return { start: start - (before.length - before.trimEnd().length), end, replacement: '' };
  const after = lineAfter(text, end);
  if (after.trim() !== '')
    return { start, end: end + (after.length - after.trimStart().length), replacement: '' };
  return { start, end, replacement: '' };
}
