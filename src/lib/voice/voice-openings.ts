import { describeHabit, rank } from './describe-habit';
import type { OpeningKind } from './voice-habits';
import { shorten, type Post, type Sentence } from './voice-text';

/** How the author opens a post: the kind of its first line, for the habits and the voice profile. */

const words = (sentence: Sentence) =>
  sentence.tokens.map((token) => /\p{L}(?:[\p{L}'’-]*\p{L})?/u.exec(token.toLowerCase())?.[0] ?? '');

/**
 * A first-person sentence told in the past: "I", "we", "my" or "our" followed within three words by
 * a verb in the past ("Last week I hired…", "Our team spent…"), or with "yesterday" or "ago".
 */
function isStory(sentence: Sentence): boolean {
  const said = words(sentence);
  const firstPerson = new Set(['i', 'i’ve', "i've", 'i’d', "i'd", 'my', 'me', 'we', 'our']);
  // After these an "-ed" word describes the present ("I'm excited", "so proud"), not a past event.
  const beforeAdjective = new Set(
    `am is are i'm i’m we're we’re it's it’s be feel feeling get getting so very really`.split(' '),
  );
  const irregularPast = new Set(
    `was were had did got went made said told took left lost quit spent met sent began wrote thought found
    saw came became knew gave ran sat felt heard built bought paid kept sold led won fell broke spoke chose
    drove flew grew caught taught brought fought forgot stood woke wore`.split(/\s+/u),
  );
  const inPast = (index: number) => {
    const word = said[index] ?? '';
    if (beforeAdjective.has(said[index - 1] ?? '')) return false;
    if (irregularPast.has(word)) return true;
    return word.length > 3 && word.endsWith('ed') && !/(?:eed|hundred|sacred|naked|wicked)$/u.test(word);
  };
  const told = (index: number) => [1, 2, 3].some((offset) => inPast(index + offset));
  const dated = said.includes('yesterday') || said.includes('ago');
  return said.some((word, index) => firstPerson.has(word) && (dated || told(index)));
}

/** Whether the sentence ends with a question mark, perhaps followed by an emoji or a closing quote. */
export function isQuestion(sentence: Sentence): boolean {
  return /\?[^\p{L}?]*$/u.test(sentence.tokens.join(' '));
}

/** A line that opens with a quotation mark, perhaps after an emoji. */
const quote = /^[^\p{L}\p{N}"'“”„«»‘’]*["“”„«»‘]/u;
/** A number first: "97 cold calls", "$2M raised", "🚀 3 lessons", "12 months ago I…". */
const number = /^[^\p{L}\p{N}\p{Sc}]*\p{Sc}?\p{N}/u;
/** Openers that set up a claim against the common view, whatever follows. */
const contrarianOpener =
  /^\P{L}*(?:stop|quit|forget|unpopular opinion|hot take|controversial|nobody|no one|everyone is wrong)\b/iu;
/** A claim by negation or by verdict ("X isn't dead", "Most teams don't…", "… is overrated"). */
const contrarianClaim =
  /^\P{L}*most\b|\b(?:not|never|no longer|nobody|no one|overrated|myth|wrong|dead)\b|n['’]t\b/iu;

/**
 * The kind of a post's opening, judged on its first sentence (and the line it is on): a quote, a
 * question, a number, a contrarian claim, a first-person story, or else a statement. A line that
 * starts with a number is a number, even when a story follows ("12 months ago our pipeline…").
 */
export function openingOf(post: Post): OpeningKind {
  const sentence = post.first;
  const text = sentence.tokens.join(' ');
  if (quote.test(sentence.line)) return 'quote';
  if (isQuestion(sentence)) return 'question';
  if (number.test(text)) return 'number';
  if (contrarianOpener.test(text)) return 'contrarian';
  if (isStory(sentence)) return 'story';
  return contrarianClaim.test(text) ? 'contrarian' : 'statement';
}

/** How each kind of opening is named to the author (the voice profile, Results' shared traits). */
export const openingLabels: Record<OpeningKind, string> = {
  story: 'a first-person story',
  number: 'a number',
  contrarian: 'a contrarian claim',
  question: 'a question',
  quote: 'a quote',
  statement: 'a statement',
};

/** How the posts open, each kind with its count, and the first line of a post of the most common one. */
export function describeOpenings(posts: readonly Post[]): string {
  const kinds = posts.map(openingOf);
  const habit = describeHabit(
    'Opens',
    kinds.map((kind) => openingLabels[kind]),
  );
  const top = rank(kinds)[0]?.label;
  const example = posts.find((_, index) => kinds[index] === top)?.first.line ?? '';
  return `${habit}, like "${shorten(example, 60)}"`;
}
