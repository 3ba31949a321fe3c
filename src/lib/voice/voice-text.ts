/** The samples read for the voice profile: posts, paragraphs, sentences, and the number words used to describe them. */

/** A sentence's space-separated tokens, how many of them are words (at least one), and its line. */
export interface Sentence {
  tokens: string[];
  words: number;
  line: string;
}

/** A paragraph's lines without hashtags, and the sentences in them. */
export interface Paragraph {
  lines: string[];
  sentences: Sentence[];
}

/**
 * One sample: its text, its paragraphs that hold words (a paragraph of hashtags only is left out),
 * all their sentences, its first sentence and its last paragraph.
 */
export interface Post {
  text: string;
  paragraphs: Paragraph[];
  sentences: Sentence[];
  first: Sentence;
  last: Paragraph;
}

const hashtagToken = /^#\p{L}[\p{L}\p{N}_]*[,.;]?$/u;
const wordToken = /[\p{L}\p{N}]/u;
const sentenceEnd = /[.!?…]["'”’)\]]*$/u;

/** The sample read into paragraphs, lines and sentences; nothing when it holds no word. */
export function parsePost(sample: string): Post | undefined {
  const text = sample.replace(/\r\n?/gu, '\n').trim();
  const paragraphs = text
    .split(/\n[^\S\n]*\n/u)
    .map(parseParagraph)
    .filter((paragraph) => paragraph.sentences.length > 0);
  const sentences = paragraphs.flatMap((paragraph) => paragraph.sentences);
  const [first] = sentences;
  const last = paragraphs.at(-1);
  return first && last ? { text, paragraphs, sentences, first, last } : undefined;
}

function parseParagraph(block: string): Paragraph {
  const paragraph: Paragraph = { lines: [], sentences: [] };
  for (const tokens of block.split('\n').map(withoutTrailingHashtags)) {
    if (tokens.length === 0) continue;
    const line = tokens.join(' ');
    paragraph.lines.push(line);
    paragraph.sentences.push(...splitSentences(tokens, line));
  }
  return paragraph;
}

/**
 * A line's tokens without the hashtags it ends with, and the emoji or punctuation among or after
 * them ("#sales #b2b 🚀"): none for a blank line or one of hashtags only.
 */
function withoutTrailingHashtags(line: string): string[] {
  const tokens = line
    .trim()
    .split(/\s+/u)
    .filter((token) => token !== '');
  let [end, hashtags] = [tokens.length, 0];
  for (; end > 0; end -= 1) {
    const token = tokens[end - 1] ?? '';
    if (hashtagToken.test(token)) hashtags += 1;
    else if (wordToken.test(token)) break;
  }
  return hashtags > 0 ? tokens.slice(0, end) : tokens;
}

/**
 * The sentences of one line: they end at . ! ? or … before a space, except after "e.g.", "Dr." and
 * the like, and after the number of a numbered list ("1. Call first").
 */
function splitSentences(tokens: readonly string[], line: string): Sentence[] {
  const sentences: Sentence[] = [];
  let [start, words] = [0, 0];
  tokens.forEach((token, index) => {
    if (wordToken.test(token)) words += 1;
    const listNumber = index === 0 && /^\d{1,2}[.)]$/u.test(token);
    if (index < tokens.length - 1 && (listNumber || !endsSentence(token))) return;
    if (words > 0) sentences.push({ tokens: tokens.slice(start, index + 1), words, line });
    [start, words] = [index + 1, 0];
  });
  return sentences;
}

/** Whether a token ends its sentence: it ends with . ! ? or … and is no abbreviation ("e.g.", "U.S.", "Dr."). */
function endsSentence(token: string): boolean {
  if (!sentenceEnd.test(token)) return false;
  const word = token.replace(/^\P{L}+/u, '');
  return !/^(?:(?:\p{L}\.){2,}|(?:mr|mrs|ms|dr|prof|vs|approx|cf)\.)$/iu.test(word);
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return Math.round(value ?? 0);
}

/** Thousands with a comma, as value.toLocaleString('en-US') writes them (one formatter is faster). */
export const numbers = new Intl.NumberFormat('en-US');

/** "1 word", "2 words", "1,100 characters". */
export function count(value: number, noun: string, plural = `${noun}s`): string {
  return `${numbers.format(value)} ${value === 1 ? noun : plural}`;
}

/** The text, or its first `max` characters cut at a word where possible, followed by "…". */
export function shorten(text: string, max: number): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  const cut = characters.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}
