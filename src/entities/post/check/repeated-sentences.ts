import type { Place } from './check-post';

/** An earlier post of the author (saved, published, a voice sample, the post a new version is of). */
export interface EarlierPost {
  content: string;
  /** When it went out or was written (ISO); none for a voice sample. */
  date?: string | null | undefined;
}

/** An earlier post's sentences, normalised once (the check runs on every keystroke). */
export interface EarlierSentences {
  /** How the author is told which post: its first words, and its day when known. */
  name: string;
  sentences: ReadonlySet<string>;
}

/** A draft repeating more than this share of an earlier post's sentences is flagged ("never a copy"). */
export const repeatedShare = 0.4;

/** A sentence ends at . ! ? … (with any closing quote) before a space, or at a line break. */
const sentence = /[^\n.!?…]+(?:[.!?…]+["'”’)]*(?=\s|$))?/gu;

/** Lower case, words only: "It’s “done”!" and "its done" are one sentence. Under 4 words: none. */
function normalised(words: string): string | null {
  const plain = words
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .trim()
    .split(/\s+/u);
  return plain.length < 4 ? null : plain.join(' ');
}

const cache = new Map<string, EarlierSentences>();

function indexed({ content, date }: EarlierPost): EarlierSentences {
  const key = `${date ?? ''}\u0000${content}`;
  const known = cache.get(key);
  if (known) return known;
  const sentences = new Set<string>();
  for (const [words] of content.matchAll(sentence)) {
    const each = normalised(words);
    if (each) sentences.add(each);
  }
  const line = content.trim().split('\n')[0]!.trim();
  const day = date
    ? ` from ${new Date(date).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'short',
        year: new Date(date).getFullYear() === new Date().getFullYear() ? undefined : 'numeric',
      })}`
    : '';
  const entry = {
    name: `“${line.length > 50 ? `${line.slice(0, 49).trimEnd()}…` : line}”${day}`,
    sentences,
  };
  if (cache.size > 500) cache.clear();
  cache.set(key, entry);
  return entry;
}

/** The earlier posts' sentences, each post normalised once and kept for the next call. */
export function earlierSentences(posts: readonly EarlierPost[]): EarlierSentences[] {
  return posts.filter((post) => post.content.trim() !== '').map(indexed);
}

/**
 * The sentences of `text` taken from the earlier post it repeats most, when that is two sentences
 * or more and more than repeatedShare of that post's: each a place, with one message.
 */
export function repeatedSentences(text: string, earlier: readonly EarlierSentences[]): Place[] {
  if (earlier.length === 0) return [];
  const draft: { start: number; end: number; key: string }[] = [];
  for (const match of text.matchAll(sentence)) {
    const key = normalised(match[0]);
    const start = match.index + match[0].length - match[0].trimStart().length;
    if (key) draft.push({ start, end: match.index + match[0].trimEnd().length, key });
  }
  let worst: { post: EarlierSentences; places: typeof draft; share: number } | null = null;
  for (const post of earlier) {
    const seen = new Set<string>();
    const places = draft.filter(
      (each) => post.sentences.has(each.key) && !seen.has(each.key) && seen.add(each.key),
    );
    const share = places.length / post.sentences.size;
    if (places.length >= 2 && share > repeatedShare && share > (worst?.share ?? 0))
      worst = { post, places, share };
  }
  if (!worst) return [];
  const message = `Repeats ${worst.places.length} of ${worst.post.sentences.size} sentences of your post ${worst.post.name}. Say it in new words, so it is not a copy.`;
  return worst.places.map(({ start, end }) => ({ kind: 'repeats-earlier-post', start, end, message }));
}
