import { linkedInFoldLength, linkedInLength, linkedInPostLimit } from '../../../lib/linkedin/linkedin-text';
import type { Edit } from './fix';

/**
 * The post check (docs/product.md §5.5b): what a reader or LinkedIn would take for AI writing, and
 * what hurts a post in the feed. Deterministic and fast enough for every keystroke and streamed
 * chunk; no AI call. This module finds each place; group-findings.ts turns repeats of one kind into
 * one finding with a fix for all of them, which is what the panel shows.
 */
export const findingKinds = [
  'em-dash',
  'not-x-but-y',
  'stock-opener',
  'stock-closer',
  'stock-vocabulary',
  'rule-of-three',
  'emoji-bullets',
  'arrow-bullets',
  'unicode-styling',
  'too-many-hashtags',
  'one-line-paragraphs',
  'over-limit',
  'hook-past-fold',
  'length-outside-range',
  'link-in-body',
  'markdown-artifacts',
] as const;

export type FindingKind = (typeof findingKinds)[number];

export interface Finding {
  kind: FindingKind;
  /** The characters it is about: text.slice(start, end). */
  start: number;
  end: number;
  message: string;
  /**
   * The mechanical change for this place alone, when there is one. The panel's buttons combine the
   * places of one kind and tidy the lines around them (groupFindings): apply those, not this.
   */
  fix?: { label: string; edit: Edit };
}

export interface CheckOptions {
  /** More hashtags than this are flagged (the user's setting; default 3). */
  maxHashtags?: number;
}

/** Where LinkedIn's mobile app folds a post. */
export const mobileFoldLength = 140;
/** The length range that does best in the feed, and how far outside it counts as "far". */
export const bestLength = { min: 900, max: 1500 } as const;
const farOutside = { below: 600, above: 2000 } as const;

/** Every finding of the text, in the order of the text (whole-post findings first). */
export function checkPost(text: string, options: CheckOptions = {}): Finding[] {
  const maxHashtags = options.maxHashtags ?? 3;
  const findings = [
    ...lengthFindings(text),
    ...dashes(text),
    ...notXButY(text),
    ...stockPhrases(text),
    ...stockVocabulary(text),
    ...ruleOfThree(text),
    ...lineBullets(text),
    ...unicodeStyling(text),
    ...hashtags(text, maxHashtags),
    ...oneLineParagraphs(text),
    ...links(text),
    ...markdown(text),
  ];
  return findings.sort((a, b) => a.start - b.start || a.end - b.end);
}

function* matches(text: string, pattern: RegExp): Generator<RegExpExecArray> {
  const global = new RegExp(
    pattern.source,
    pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
  );
  for (let match = global.exec(text); match; match = global.exec(text)) {
    if (match[0] === '') global.lastIndex += 1;
    else yield match;
  }
}

/** The characters a whole match covers. */
function spanOf(match: RegExpExecArray): { start: number; end: number } {
  return { start: match.index, end: match.index + match[0].length };
}

/** A fix that puts `replacement` in place of the finding's own characters. */
function inPlace(match: RegExpExecArray, label: string, replacement: string): Finding['fix'] {
  return { label, edit: { ...spanOf(match), replacement } };
}

function lengthFindings(text: string): Finding[] {
  const findings: Finding[] = [];
  const length = linkedInLength(text);
  const whole = { start: 0, end: text.length };
  if (length > linkedInPostLimit) {
    findings.push({
      kind: 'over-limit',
      ...whole,
      message: `${length.toLocaleString('en-US')} characters: LinkedIn takes at most ${linkedInPostLimit.toLocaleString('en-US')} (emoji and styled letters count 2).`,
    });
  } else if (text.trim() !== '' && (length < farOutside.below || length > farOutside.above)) {
    findings.push({
      kind: 'length-outside-range',
      ...whole,
      message: `${length.toLocaleString('en-US')} characters: posts of ${bestLength.min} to ${bestLength.max.toLocaleString('en-US')} characters tend to do best.`,
    });
  }
  const firstBreak = text.indexOf('\n');
  const hookEnd = firstBreak < 0 ? text.length : firstBreak;
  if (hookEnd > mobileFoldLength) {
    const where = hookEnd > linkedInFoldLength ? 'on desktop and on phones' : 'on phones';
    findings.push({
      kind: 'hook-past-fold',
      start: 0,
      end: hookEnd,
      message: `The first line runs past the "…see more" fold ${where}: break it after the hook (about ${mobileFoldLength} characters).`,
    });
  }
  return findings;
}

function dashes(text: string): Finding[] {
  const findings: Finding[] = [];
  // A run of dashes ("——", "– —") is one dash.
  for (const match of matches(text, /[ \t]*[\u2014\u2013]+(?:[ \t]+[\u2014\u2013]+)*[ \t]*/u)) {
    const before = text[match.index - 1] ?? '';
    const after = text[match.index + match[0].length] ?? '';
    // An en dash between numbers is a range (2020–2024, pages 4–7), not a dash.
    if (match[0].trim() === '\u2013' && /\d/.test(before) && /\d/.test(after)) continue;
    // A dash that opens or ends a line joins nothing: it goes, rather than leave a stray comma.
    const lineEdge =
      /^[ \t]*$/u.test(lineBefore(text, match.index)) ||
      /^[ \t]*$/u.test(lineAfter(text, match.index + match[0].length));
    findings.push({
      kind: 'em-dash',
      ...spanOf(match),
      message: 'A dash like this is one of the best-known signs of AI writing.',
      fix: lineEdge ? inPlace(match, 'Remove the dash', '') : inPlace(match, 'Use a comma', ', '),
    });
  }
  return findings;
}

const subject = String.raw`(?:it(?:'|’)?s|it is|this is|that(?:'|’)?s|that is|they(?:'|’)?re|we(?:'|’)?re|i(?:'|’)?m|you(?:'|’)?re)`;

function notXButY(text: string): Finding[] {
  const patterns = [
    new RegExp(
      String.raw`\b${subject} not (?:just |only |about )?[^.!?\n]{1,60}?[,;:.]\s*${subject}\b`,
      'iu',
    ),
    /\bnot (?:just|only|merely) [^.!?\n]{1,60}?,? but (?:also )?/iu,
    // "Meetings aren't work. They're a cost.": a plural or named subject, then "they" or "it".
    new RegExp(
      String.raw`\b(?:(?:are|is) not|aren(?:'|’)t|isn(?:'|’)t) [^.!?\n]{1,60}?[,;:.]\s*(?:they(?:'|’)re|they are|it(?:'|’)s|it is)\b`,
      'iu',
    ),
  ];
  const spans = patterns
    .flatMap((pattern) => [...matches(text, pattern)].map(spanOf))
    .sort((a, b) => a.start - b.start);
  // "This is not X. It is Y" answers two of the patterns: one finding for it.
  const distinct = spans.filter((span, index) => index === 0 || span.start >= spans[index - 1]!.end);
  return distinct.map((span) => ({
    kind: 'not-x-but-y' as const,
    ...span,
    message: '"It\'s not X, it\'s Y" is a pattern readers now spot as AI. Say what it is.',
  }));
}

const stockOpeners = [
  "in today's fast-paced world",
  "in today's digital age",
  "in today's world",
  'in the ever-evolving',
  "in today's ever-changing",
  "here's the thing:",
  "let's dive in",
  'picture this:',
  'imagine a world',
  'buckle up',
];
const stockClosers = ['let that sink in', "here's the kicker", 'food for thought'];
/** A whole last paragraph that only asks for engagement. */
const engagementBait =
  /^(?:agree\??|thoughts\??|what do you think\??|what are your thoughts\??|your thoughts\??)[.!]?$/iu;

function stockPhrases(text: string): Finding[] {
  // Lowercased letter by letter, keeping each one's length ("İ" lowercases to two characters), so
  // an index in `lower` is the same index in `text`.
  const plain = text.replace(/’/g, "'");
  const lowered = plain.toLowerCase();
  const lower =
    lowered.length === plain.length
      ? lowered
      : plain.replace(/[\s\S]/gu, (letter) => {
          const small = letter.toLowerCase();
          return small.length === letter.length ? small : letter;
        });
  const findings: Finding[] = [];
  for (const phrase of stockOpeners) {
    for (let at = lower.indexOf(phrase); at >= 0; at = lower.indexOf(phrase, at + 1)) {
      findings.push({
        kind: 'stock-opener',
        start: at,
        end: at + phrase.length,
        message: `"${text.slice(at, at + phrase.length)}" is a stock opener. Start with something only you would say.`,
      });
    }
  }
  for (const phrase of stockClosers) {
    for (let at = lower.indexOf(phrase); at >= 0; at = lower.indexOf(phrase, at + 1)) {
      findings.push({
        kind: 'stock-closer',
        start: at,
        end: at + phrase.length,
        message: `"${text.slice(at, at + phrase.length)}" is a stock line readers skip.`,
      });
    }
  }
  const trimmedEnd = text.trimEnd().length;
  const lastBreak = text.lastIndexOf('\n', trimmedEnd - 1);
  const lastStart = lastBreak + 1;
  const last = text.slice(lastStart, trimmedEnd).trim();
  if (last !== '' && engagementBait.test(last)) {
    const start = text.indexOf(last, lastStart);
    const end = start + last.length;
    findings.push({
      kind: 'stock-closer',
      start,
      end,
      message: `Ending on "${last}" alone reads as engagement bait. Ask something specific, or end on your point.`,
      fix: { label: `Remove "${last}"`, edit: { start, end, replacement: '' } },
    });
  }
  return findings;
}

const stockWords =
  /\b(?:delv(?:e|es|ed|ing)|game[- ]changer|game[- ]changing|unlock(?:s|ed|ing)?|elevat(?:e|es|ed|ing)|tapestry|landscape|realm|synerg(?:y|ies)|paradigm|revolutioni[sz](?:e|es|ed|ing)|seamless(?:ly)?|cutting[- ]edge|supercharg(?:e|es|ed|ing)|testament|pivotal|embark(?:s|ed|ing)?|navigat(?:e|es|ed|ing) the complexities|ever-evolving)\b/iu;
/**
 * "leverage" as a verb: followed by a determiner or pronoun, not by "of" (the noun). The match is
 * the verb alone; the word after it is only looked at.
 */
const leverageVerb =
  /\bleverag(?:e|es|ed|ing)(?= (?:the|our|your|their|my|his|her|its|this|these|those|a|an|ai|data|it|them)\b)/iu;

function stockVocabulary(text: string): Finding[] {
  return [stockWords, leverageVerb].flatMap((pattern) =>
    // The whole match: "game changer" and "navigate the complexities" are quoted whole.
    [...matches(text, pattern)].map((match) => ({
      kind: 'stock-vocabulary' as const,
      ...spanOf(match),
      message: `"${match[0]}" is stock AI vocabulary. Use the plain word you would say out loud.`,
    })),
  );
}

const listLine = /^[ \t]*(?:\d+[.)]|[-*•])[ \t]+\S/u;

function ruleOfThree(text: string): Finding[] {
  const findings: Finding[] = [];
  // Three single words in a row: "faster, cheaper, and better".
  for (const match of matches(text, /\b[\p{L}'’-]{2,}, [\p{L}'’-]{2,},? and [\p{L}'’-]{2,}\b/u)) {
    findings.push({
      kind: 'rule-of-three',
      ...spanOf(match),
      message: 'Lists of exactly three ("X, Y and Z") are a habit of AI writing. Keep the ones that matter.',
    });
  }
  // A list of exactly three items.
  for (const block of listBlocks(text)) {
    if (block.count !== 3) continue;
    findings.push({
      kind: 'rule-of-three',
      start: block.start,
      end: block.end,
      message: 'A list of exactly three points is a habit of AI writing. Is each one needed?',
    });
  }
  return findings;
}

/** Runs of consecutive list lines (numbered or bulleted). */
function listBlocks(text: string): { start: number; end: number; count: number }[] {
  const blocks: { start: number; end: number; count: number }[] = [];
  let offset = 0;
  let current: { start: number; end: number; count: number } | null = null;
  for (const line of text.split('\n')) {
    if (listLine.test(line)) {
      current ??= { start: offset, end: offset, count: 0 };
      current.count += 1;
      current.end = offset + line.length;
    } else if (line.trim() !== '' || !current) {
      if (current) blocks.push(current);
      current = null;
    }
    offset += line.length + 1;
  }
  if (current) blocks.push(current);
  return blocks;
}

const emojiBullet =
  /^([ \t]*)(\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic}|\p{Emoji_Modifier})*)[ \t]*/gmu;
const arrowBullet = /^([ \t]*)([→➡➜➔▶►⇒]\uFE0F?)[ \t]*/gmu;

function lineBullets(text: string): Finding[] {
  const findings: Finding[] = [];
  const emoji = [...matches(text, emojiBullet)];
  if (emoji.length >= 2) {
    for (const match of emoji) {
      const start = match.index + (match[1]?.length ?? 0);
      const end = match.index + match[0].length;
      findings.push({
        kind: 'emoji-bullets',
        start,
        end,
        message: 'Emoji used as bullets are a tell of AI-written posts.',
        fix: { label: 'Remove the emoji', edit: { start, end, replacement: '' } },
      });
    }
  }
  for (const match of matches(text, arrowBullet)) {
    const start = match.index + (match[1]?.length ?? 0);
    const end = match.index + match[0].length;
    findings.push({
      kind: 'arrow-bullets',
      start,
      end,
      message: 'Arrow bullets (→) are a tell of AI-written posts.',
      fix: { label: 'Remove the arrow', edit: { start, end, replacement: '' } },
    });
  }
  return findings;
}

/** Letters from Unicode's mathematical alphabets (𝗯𝗼𝗹𝗱, 𝘪𝘵𝘢𝘭𝘪𝘤), used as "formatting". */
const styledRun = /[\u{1D400}-\u{1D7FF}](?:[\u{1D400}-\u{1D7FF}\s'’,.!?-]*[\u{1D400}-\u{1D7FF}])?/gu;

function unicodeStyling(text: string): Finding[] {
  return [...matches(text, styledRun)].map((match) => ({
    kind: 'unicode-styling' as const,
    ...spanOf(match),
    message:
      'Unicode "bold" or "italic" letters are read out one by one by screen readers, are not found by search, and count double.',
    fix: inPlace(match, 'Use plain letters', match[0].normalize('NFKC')),
  }));
}

/** A hashtag starts with a letter (so "#1" is not one). */
const hashtag = /(^|[^\p{L}\p{N}_&])(#[\p{L}_][\p{L}\p{N}_]*)/gu;

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function hashtags(text: string, max: number): Finding[] {
  const tags = [...matches(text, hashtag)];
  if (tags.length <= max) return [];
  return tags.slice(max).map((match) => {
    const start = match.index + (match[1]?.length ?? 0);
    const tag = match[2] ?? '';
    const end = start + tag.length;
    // A tag among the closing tags of a line goes, with the space before it. One inside a
    // sentence ("we are #hiring engineers") loses only its "#", so the sentence still reads.
    const closing = trailingTags.test(lineAfter(text, end));
    const removeFrom = closing && text[start - 1] === ' ' ? start - 1 : start;
    const edit = closing
      ? { start: removeFrom, end, replacement: '' }
      : { start, end: start + 1, replacement: '' };
    return {
      kind: 'too-many-hashtags' as const,
      start: removeFrom,
      end,
      message:
        max === 0
          ? `${count(tags.length, 'hashtag')}: your settings ask for none.`
          : `${count(tags.length, 'hashtag')}: more than ${max} looks like a tag pile. Keep the ${max === 1 ? 'one that matters' : `${max} that matter`} most.`,
      fix: { label: `Remove ${tag}`, edit },
    };
  });
}

/** What may follow a closing tag on its line: more tags, spaces. */
const trailingTags = /^(?:[ \t]+#[\p{L}_][\p{L}\p{N}_]*)*[ \t]*$/u;

/** The characters of the line before `at`, and after it. */
function lineBefore(text: string, at: number): string {
  return text.slice(text.lastIndexOf('\n', at - 1) + 1, at);
}
function lineAfter(text: string, at: number): string {
  const next = text.indexOf('\n', at);
  return text.slice(at, next < 0 ? text.length : next);
}

function oneLineParagraphs(text: string): Finding[] {
  const paragraphs = text
    .split(/\n\s*\n/u)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '' && !/^#/u.test(paragraph));
  if (paragraphs.length < 5) return [];
  const sentences = (paragraph: string) =>
    paragraph.split(/(?<=[.!?])\s+(?=\p{Lu})|\n/u).filter((part) => part.trim() !== '').length;
  if (!paragraphs.every((paragraph) => sentences(paragraph) === 1)) return [];
  return [
    {
      kind: 'one-line-paragraphs',
      start: 0,
      end: text.length,
      message:
        'Every paragraph is a single sentence: the "broetry" rhythm of AI posts. Let some ideas run on.',
    },
  ];
}

const link = /\b(?:https?:\/\/|www\.)[^\s<>()]+[^\s<>().,!?;:'"’”]/giu;

function links(text: string): Finding[] {
  return [...matches(text, link)].map((match) => ({
    kind: 'link-in-body' as const,
    ...spanOf(match),
    message: 'LinkedIn shows posts with links to fewer people. Put the link in the first comment instead.',
    // The place alone; the panel's fix also takes the words that only introduced it (link-removal.ts).
    fix: inPlace(match, 'Remove the link', ''),
  }));
}

function markdown(text: string): Finding[] {
  const findings: Finding[] = [];
  for (const match of matches(text, /(\*\*|__)(?=\S)([^\n]*?\S)\1/u)) {
    findings.push({
      kind: 'markdown-artifacts',
      ...spanOf(match),
      message: 'LinkedIn shows "**" as it is: it does not make text bold.',
      fix: inPlace(match, 'Remove the asterisks', match[2] ?? ''),
    });
  }
  for (const match of matches(text, /^(#{1,6}) +(?=\S)/mu)) {
    findings.push({
      kind: 'markdown-artifacts',
      ...spanOf(match),
      message: 'A "#" heading shows as a plain "#" on LinkedIn.',
      fix: inPlace(match, 'Remove the #', ''),
    });
  }
  for (const match of matches(text, /^[ \t]*[-*] +(?=\S)/mu)) {
    findings.push({
      kind: 'markdown-artifacts',
      ...spanOf(match),
      message: 'A markdown "- " bullet: LinkedIn shows it as typed. Use "•" if you want bullets.',
      fix: inPlace(match, 'Use •', '• '),
    });
  }
  return findings;
}
