import { linkedInLength } from '@/lib/linkedin/linkedin-text';
import { count, median, numbers, sum, type Post } from './voice-text';

/** The voice profile's length, sentence and paragraph fields. */

export function describeLength(posts: readonly Post[]): string {
  // Hashtags at the end of a line are not counted as words.
  const words = posts.map((post) => sum(post.sentences.map((sentence) => sentence.words)));
  const characters = median(posts.map((post) => linkedInLength(post.text)));
  const typical = `About ${count(median(words), 'word')} (${count(characters, 'character')})`;
  const [shortest, longest] = [Math.min(...words), Math.max(...words)];
  if (shortest === longest) return typical;
  return `${typical}; from ${numbers.format(shortest)} to ${count(longest, 'word')}`;
}

export function describeSentences(posts: readonly Post[]): string {
  const lengths = posts.flatMap((post) => post.sentences.map((sentence) => sentence.words));
  const average = Math.round(sum(lengths) / lengths.length);
  const kind = average <= 12 ? 'Short' : average <= 20 ? 'Medium-length' : 'Long';
  const rhythm = `${kind} sentences, ${count(average, 'word')} on average`;
  // Fragments: sentences of 3 words or fewer; "many" from a fifth of the sentences.
  const share = lengths.filter((words) => words <= 3).length / lengths.length;
  if (share < 0.2) return rhythm;
  return `${rhythm}, with many fragments of 3 words or fewer (${Math.round(share * 100)}% of sentences)`;
}

export function describeParagraphs(posts: readonly Post[]): string {
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

/** Paragraphs holding words, and how many of them are a single sentence. */
export function paragraphCounts(posts: readonly Post[]): { total: number; singleSentence: number } {
  const paragraphs = posts.flatMap((post) => post.paragraphs);
  const singleSentence = paragraphs.filter((paragraph) => paragraph.sentences.length === 1).length;
  return { total: paragraphs.length, singleSentence };
}

/** The shortest, median and longest post in LinkedIn characters. */
export function characterCounts(posts: readonly Post[]): { min: number; median: number; max: number } {
  const lengths = posts.map((post) => linkedInLength(post.text));
  return { min: Math.min(...lengths), median: median(lengths), max: Math.max(...lengths) };
}
