import { linkedInLength } from '@/lib/linkedin/linkedin-text';
import { voiceProfileLimits, type VoiceProfile } from './voice-profile';

/**
 * Derives a first voice profile from the author's own posts: plain counting, no AI call, so the
 * same samples always give the same profile. Each field is a sentence the author reads and edits
 * in Settings. Ten samples of 5,000 characters take a few milliseconds.
 */

/** A sentence's space-separated tokens, how many of them are words (at least one), and its line. */
interface Sentence {
  tokens: string[];
  words: number;
  line: string;
}

/** A paragraph's lines without hashtags, and the sentences in them. */
interface Paragraph {
  lines: string[];
  sentences: Sentence[];
}

/**
 * One sample: its text, its paragraphs that hold words (a paragraph of hashtags only is left out),
 * its first sentence and its last paragraph.
 */
interface Post {
  text: string;
  paragraphs: Paragraph[];
  first: Sentence;
  last: Paragraph;
}

/**
 * The profile of the samples that hold words: blank ones (and ones of emoji or hashtags only) are
 * left out, and all fields are empty when none is left.
 */
export function deriveVoiceProfile(samples: readonly string[]): VoiceProfile {
  const posts = samples.map(parsePost).filter((post) => post !== undefined);
  if (posts.length === 0) return emptyProfile();
  return {
    length: describeLength(posts),
    sentences: describeSentences(posts),
    paragraphs: describeParagraphs(posts),
    openings: describeOpenings(posts),
    closings: describeClosings(posts),
    emoji: describeEmoji(posts),
    hashtags: describeHashtags(posts),
    phrasesUsed: phrasesUsed(posts),
    phrasesAvoided: phrasesAvoided(posts),
  };
}

function emptyProfile(): VoiceProfile {
  return {
    length: '',
    sentences: '',
    paragraphs: '',
    openings: '',
    closings: '',
    emoji: '',
    hashtags: '',
    phrasesUsed: [],
    phrasesAvoided: [],
  };
}

// Parsing ------------------------------------------------------------------------------------------

const hashtagToken = /^#\p{L}[\p{L}\p{N}_]*[,.;]?$/u;
const wordToken = /[\p{L}\p{N}]/u;
const sentenceEnd = /[.!?…]["'”’)\]]*$/u;
/** Abbreviations whose full stop ends no sentence; dotted ones such as "e.g." or "U.S." are found by shape. */
const titles = new Set(['mr.', 'mrs.', 'ms.', 'dr.', 'prof.', 'vs.', 'approx.', 'cf.']);

/** The sample read into paragraphs, lines and sentences; nothing when it holds no word. */
function parsePost(sample: string): Post | undefined {
  const text = sample.replace(/\r\n?/gu, '\n').trim();
  const paragraphs = text
    .split(/\n[^\S\n]*\n/u)
    .map(parseParagraph)
    .filter((paragraph) => paragraph.sentences.length > 0);
  const first = paragraphs[0]?.sentences[0];
  const last = paragraphs.at(-1);
  return first && last ? { text, paragraphs, first, last } : undefined;
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

/** A line's tokens without the hashtags it ends with: none for a blank line or one of hashtags only. */
function withoutTrailingHashtags(line: string): string[] {
  const tokens = line.trim().split(/\s+/u);
  return tokens.slice(0, tokens.findLastIndex((token) => token !== '' && !hashtagToken.test(token)) + 1);
}

/** The sentences of one line: they end at . ! ? or … before a space, except after "e.g.", "Dr." and the like. */
function splitSentences(tokens: readonly string[], line: string): Sentence[] {
  const sentences: Sentence[] = [];
  let [start, words] = [0, 0];
  tokens.forEach((token, index) => {
    if (wordToken.test(token)) words += 1;
    if (index < tokens.length - 1 && !endsSentence(token)) return;
    if (words > 0) sentences.push({ tokens: tokens.slice(start, index + 1), words, line });
    [start, words] = [index + 1, 0];
  });
  return sentences;
}

function sentencesOf(post: Post): Sentence[] {
  return post.paragraphs.flatMap((paragraph) => paragraph.sentences);
}

function endsSentence(token: string): boolean {
  if (!sentenceEnd.test(token)) return false;
  const word = token.replace(/^\P{L}+/u, '').toLowerCase();
  return !titles.has(word) && !/^(?:\p{L}\.){2,}$/u.test(word);
}

// Numbers and words -------------------------------------------------------------------------------

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return Math.round(value ?? 0);
}

/** Thousands with a comma, as value.toLocaleString('en-US') writes them (one formatter is faster). */
const numbers = new Intl.NumberFormat('en-US');

/** "1 word", "2 words", "1,100 characters". */
function count(value: number, noun: string, plural = `${noun}s`): string {
  return `${numbers.format(value)} ${value === 1 ? noun : plural}`;
}

/** The text, or its first `max` characters cut at a word where possible, followed by "…". */
function shorten(text: string, max: number): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  const cut = characters.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

// Length, sentences, paragraphs -------------------------------------------------------------------

function describeLength(posts: readonly Post[]): string {
  // Hashtags at the end of a line are not counted as words.
  const words = posts.map((post) => sum(sentencesOf(post).map((sentence) => sentence.words)));
  const characters = median(posts.map((post) => linkedInLength(post.text)));
  const typical = `About ${count(median(words), 'word')} (${count(characters, 'character')})`;
  const [shortest, longest] = [Math.min(...words), Math.max(...words)];
  if (shortest === longest) return typical;
  return `${typical}; from ${numbers.format(shortest)} to ${count(longest, 'word')}`;
}

/** A fragment is a sentence of at most this many words; they are "many" from this share of sentences. */
const fragment = { words: 3, share: 0.2 } as const;

function describeSentences(posts: readonly Post[]): string {
  const lengths = posts.flatMap((post) => sentencesOf(post).map((sentence) => sentence.words));
  const average = Math.round(sum(lengths) / lengths.length);
  const kind = average <= 12 ? 'Short' : average <= 20 ? 'Medium-length' : 'Long';
  const rhythm = `${kind} sentences, ${count(average, 'word')} on average`;
  const share = lengths.filter((words) => words <= fragment.words).length / lengths.length;
  if (share < fragment.share) return rhythm;
  return `${rhythm}, with many fragments of ${fragment.words} words or fewer (${Math.round(share * 100)}% of sentences)`;
}

function describeParagraphs(posts: readonly Post[]): string {
  const paragraphs = posts.flatMap((post) => post.paragraphs);
  const perPost = median(posts.map((post) => post.paragraphs.length));
  const sentences = paragraphs.map((paragraph) => paragraph.sentences.length);
  const [fewest, most] = [Math.min(...sentences), Math.max(...sentences)];
  const size =
    fewest === most
      ? count(most, 'sentence')
      : `${fewest} to ${count(most, 'sentence')} (usually ${median(sentences)})`;
  const text = `About ${count(perPost, 'paragraph')} per post, of ${size}`;
  // A one-liner: a paragraph of one line holding one sentence.
  const oneLiners = paragraphs.filter((p) => p.lines.length === 1 && p.sentences.length === 1).length;
  return oneLiners * 2 > paragraphs.length ? `${text}; most are a single line` : text;
}

// Openings and closings ----------------------------------------------------------------------------

type Opening = 'story' | 'question' | 'number' | 'statement' | 'other';
type Closing = 'question' | 'action' | 'takeaway';

const openingLabels: Record<Opening, string> = {
  story: 'a first-person story',
  question: 'a question',
  number: 'a number or statistic',
  statement: 'a short or contrarian statement',
  other: 'a longer statement',
};

const closingLabels: Record<Closing, string> = {
  question: 'a question to readers',
  action: 'a call to action',
  takeaway: 'a takeaway',
};

const firstPerson = new Set(['i', 'i’ve', "i've", 'i’d', "i'd", 'my', 'me', 'we', 'our']);
/** Words after which an "-ed" word describes the present ("I'm excited", "so proud"), not a past event. */
const beforeAdjective = new Set(
  `am is are i'm i’m we're we’re it's it’s be feel feeling get getting so very really`.split(/\s+/u),
);
const irregularPast = new Set(
  `was were had did got went made said told took left lost quit spent met sent began wrote thought found saw
  came became knew gave ran sat felt heard built bought paid kept sold led won fell broke spoke chose drove
  flew grew caught taught brought fought forgot stood woke wore`.split(/\s+/u),
);
const notPast = /(?:eed|hundred|sacred|naked|wicked)$/u;

const timeMarkers = new Set(['yesterday', 'ago']);

/**
 * A first-person sentence told in the past: "I", "we", "my" or "our" followed within three words by
 * a verb in the past ("Last week I hired…", "Our team spent…"), or with "yesterday" or "ago".
 */
function isStory(sentence: Sentence): boolean {
  const words = sentence.tokens.map(
    (token) => /\p{L}(?:[\p{L}'’-]*\p{L})?/u.exec(token.toLowerCase())?.[0] ?? '',
  );
  const inPast = (index: number) => {
    const word = words[index] ?? '';
    if (beforeAdjective.has(words[index - 1] ?? '')) return false;
    return irregularPast.has(word) || (word.length > 3 && word.endsWith('ed') && !notPast.test(word));
  };
  const told = (index: number) => [1, 2, 3].some((offset) => inPast(index + offset));
  const dated = words.some((word) => timeMarkers.has(word));
  return words.some((word, index) => firstPerson.has(word) && (dated || told(index)));
}

/** A first sentence that goes against a common view ("Stop hiring for culture fit", "Remote work is not…"). */
const contrarian =
  /^\P{L}*(?:stop|unpopular opinion|hot take|forget|nobody|no one)\b|\b(?:not|never|no longer)\b|n['’]t\b/iu;

/** Whether the sentence ends with a question mark, perhaps followed by an emoji or a closing quote. */
function isQuestion(sentence: Sentence): boolean {
  return /\?[^\p{L}?]*$/u.test(sentence.tokens.join(' '));
}

/** The kind of a post's first sentence. */
function classifyOpening(sentence: Sentence): Opening {
  const text = sentence.tokens.join(' ');
  if (isQuestion(sentence)) return 'question';
  if (isStory(sentence)) return 'story';
  if (/^[^\p{L}\p{N}\p{Sc}]*\p{Sc}?\p{N}/u.test(text)) return 'number';
  return sentence.words <= 8 || contrarian.test(text) ? 'statement' : 'other';
}

/** A sentence that asks readers to act: it starts with one of these, or says one of the second list anywhere. */
const callToAction =
  /^\P{L}*(?:comment|repost|follow|subscribe|register|sign up|download|grab|dm|message me|tell me|check out|click|drop|tag|share (?:this|it|your)|save this|join (?:us|me|the))\b/iu;
const callToActionAnywhere =
  /\b(?:let me know|in the comments|link in|link below|dm me|reach out|follow me|repost)\b/iu;

/** The kind of a post's last paragraph: a question if its last sentence is one. */
function classifyClosing(paragraph: Paragraph): Closing {
  const last = paragraph.sentences.at(-1);
  if (last && isQuestion(last)) return 'question';
  const texts = paragraph.sentences.map((sentence) => sentence.tokens.join(' '));
  return texts.some((text) => callToAction.test(text) || callToActionAnywhere.test(text))
    ? 'action'
    : 'takeaway';
}

/** Labels by how many posts have them, most first (ties: the one seen first). */
function rank<T extends string>(labels: readonly T[]): Array<{ label: T; posts: number }> {
  const counts = new Map<T, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts].map(([label, posts]) => ({ label, posts })).sort((a, b) => b.posts - a.posts);
}

/**
 * "Opens with …" (one post), "Opens every post with …", "Usually ends with … (3 of 5 posts)", or
 * with no habit in most posts the three most common: "Opens with … (2 of 5 posts), … (2 of 5) or … (1 of 5)".
 */
function describeHabit(verb: 'Opens' | 'Ends', labels: readonly string[]): string {
  const ranked = rank(labels);
  const top = ranked[0];
  const total = labels.length;
  if (total === 1 || !top) return `${verb} with ${labels.join('')}`;
  if (top.posts === total) return `${verb} every post with ${top.label}`;
  if (top.posts * 2 > total)
    return `Usually ${verb.toLowerCase()} with ${top.label} (${top.posts} of ${total} posts)`;
  const kinds = ranked
    .slice(0, 3)
    .map(({ label, posts }, index) => `${label} (${posts} of ${total}${index === 0 ? ' posts' : ''})`);
  const last = kinds.pop();
  return `${verb} with ${kinds.join(', ')} or ${last}`;
}

function describeOpenings(posts: readonly Post[]): string {
  const kinds = posts.map((post) => classifyOpening(post.first));
  const habit = describeHabit(
    'Opens',
    kinds.map((kind) => openingLabels[kind]),
  );
  const top = rank(kinds)[0]?.label;
  const example = posts.find((_, index) => kinds[index] === top)?.first.line ?? '';
  return `${habit}, like "${shorten(example, 60)}"`;
}

function describeClosings(posts: readonly Post[]): string {
  const kinds = posts.map((post) => classifyClosing(post.last));
  return describeHabit(
    'Ends',
    kinds.map((kind) => closingLabels[kind]),
  );
}

// Emoji and hashtags ------------------------------------------------------------------------------

/**
 * One emoji as the reader sees it: a flag, a keycap, or a pictograph with its variation selector,
 * skin tone and tag characters, joined by zero-width joiners into one (👩🏽‍💻 counts once).
 */
const emojiSource =
  '\\p{Regional_Indicator}{2}|[#*0-9]\\uFE0F?\\u20E3|\\p{Extended_Pictographic}\\uFE0F?\\p{Emoji_Modifier}?' +
  '(?:\\u200D\\p{Extended_Pictographic}\\uFE0F?\\p{Emoji_Modifier}?){0,7}(?:[\\u{E0020}-\\u{E007E}]+\\u{E007F})?';
const emojiPattern = new RegExp(emojiSource, 'gu');
const leadingEmoji = new RegExp(`^(?:${emojiSource})`, 'u');
/** ©, ® and ™ are pictographs too, but only emoji with the emoji variation selector. */
const textSymbols = new Set(['\u00A9', '\u00AE', '\u2122']);
const hashtagPattern = /(?<![\p{L}\p{N}_&#/])#\p{L}[\p{L}\p{N}_]*/gu;

/** The up-to-3 items used most (ties: the one seen first), compared by `key`, shown as first seen. */
function mostUsed(items: readonly string[], key: (item: string) => string): string[] {
  const seen = new Map<string, { shown: string; uses: number }>();
  for (const item of items) {
    const entry = seen.get(key(item)) ?? { shown: item, uses: 0 };
    seen.set(key(item), { ...entry, uses: entry.uses + 1 });
  }
  return [...seen.values()]
    .sort((a, b) => b.uses - a.uses)
    .slice(0, 3)
    .map((entry) => entry.shown);
}

/** "About 2 hashtags per post" or, under half a one per post, "Rarely: 2 hashtags in 5 posts". */
function frequency(total: number, posts: number, noun: string, plural?: string): string {
  const perPost = Math.round(total / posts);
  if (perPost === 0) return `Rarely: ${count(total, noun, plural)} in ${posts} posts`;
  return `About ${count(perPost, noun, plural)} per post`;
}

function emojiOf(text: string): string[] {
  return [...text.matchAll(emojiPattern)].map((match) => match[0]).filter((emoji) => !textSymbols.has(emoji));
}

/** Whether some post starts two or more lines with an emoji, as list bullets. */
function usesEmojiBullets(posts: readonly Post[]): boolean {
  return posts.some((post) => {
    const lines = post.text.split('\n').map((line) => line.trimStart().match(leadingEmoji)?.[0] ?? '');
    return lines.filter((emoji) => emoji !== '' && !textSymbols.has(emoji)).length >= 2;
  });
}

function describeEmoji(posts: readonly Post[]): string {
  const emoji = posts.flatMap((post) => emojiOf(post.text));
  if (emoji.length === 0) return 'No emoji';
  const habit = frequency(emoji.length, posts.length, 'emoji', 'emoji');
  const top = mostUsed(emoji, (item) => item.replaceAll('\uFE0F', '')).join(', ');
  const bullets = usesEmojiBullets(posts) ? '; some lines start with one, as bullets' : '';
  return `${habit} (${top})${bullets}`;
}

function hashtagsOf(text: string): string[] {
  return text.match(hashtagPattern) ?? [];
}

/** Whether the post has hashtags, all of them on its last line. */
function hashtagsOnLastLine(post: Post): boolean {
  const lastLine = post.text.slice(post.text.lastIndexOf('\n') + 1);
  return hashtagsOf(lastLine).length === hashtagsOf(post.text).length;
}

function describeHashtags(posts: readonly Post[]): string {
  const hashtags = posts.flatMap((post) => hashtagsOf(post.text));
  if (hashtags.length === 0) return 'No hashtags';
  const tagged = posts.filter((post) => hashtagsOf(post.text).length > 0);
  const atEnd = tagged.filter(hashtagsOnLastLine).length * 2 > tagged.length;
  const top = mostUsed(hashtags, (tag) => tag.toLowerCase()).map((tag) => shorten(tag, 40));
  const where = atEnd ? 'on the last line' : 'within the text';
  return `${frequency(hashtags.length, posts.length, 'hashtag')}, ${where} (${top.join(', ')})`;
}

// Phrases -----------------------------------------------------------------------------------------

/** Function words and everyday words that say nothing about a voice; a phrase neither starts nor ends with one. */
const commonWords = new Set(
  `a about above after again against all almost also always am an and any anything are around as at away back be
  because been before being below best better between both but by can can't cannot come could couldn't day days did
  didn't do does doesn't doing don't done down during each else even ever every everyone everything few first for
  from get gets getting go goes going good got great had hadn't has hasn't have haven't having he her here here's
  hers him his how i i'd i'll i'm i've if in into is isn't it it's its itself just know last less let let's like
  lot lots made make makes many may me might more most much must my myself need needs never new no nor not nothing
  now of off often on once one only or other our ours out over own part people put really right said same say says see
  she should shouldn't so some someone something still such take than that that's the their theirs them then there
  there's these they they're thing things think this those though through time times to today too two under until
  up us very want was wasn't way ways we we'd we'll we're we've week well were weren't what what's when where which
  while who why will with without won't would wouldn't year years yes yet you you'd you'll you're you've your yours`.split(
    /\s+/u,
  ),
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
    if (word !== '') run.push(tallyWord(tallies, word, post, startsSentence));
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
  const bare = lower.endsWith("'s") || lower.endsWith('’s') ? lower.slice(0, -2) : lower;
  const key = bare.replaceAll('’', "'");
  const candidate = tally(tallies, key, 1, post);
  if (lower.charCodeAt(0) === word.charCodeAt(0)) candidate.lowered = true;
  else if (!startsSentence) candidate.capitalised ??= word.slice(0, bare.length);
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
function phrasesUsed(posts: readonly Post[]): string[] {
  const tallies: Tallies = new Map();
  const postRuns = posts.map((post, index) => sentencesOf(post).flatMap((s) => wordRuns(s, index, tallies)));
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

/** Stock AI vocabulary, each with the (lowercase) forms that count as using it. */
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

/** The stock AI vocabulary that none of the samples uses, in the list's order. */
function phrasesAvoided(posts: readonly Post[]): string[] {
  // Lowercased once: case-insensitive regular expressions are several times slower.
  const texts = posts.map((post) => post.text.toLowerCase());
  return stockPhrases
    .filter(([, pattern]) => !texts.some((text) => pattern.test(text)))
    .map(([phrase]) => phrase);
}
