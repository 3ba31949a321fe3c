import { count, shorten, type Post } from './voice-text';

/** The author's emoji and hashtag habits, for the voice profile. */

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

/**
 * The emoji of a text as the reader sees them: a flag, a keycap, or a pictograph with its variation
 * selector, skin tone and tag characters, joined by zero-width joiners into one (👩🏽‍💻 counts once).
 * ©, ® and ™ are pictographs too, but emoji only with the emoji variation selector.
 */
export function emojiIn(text: string): RegExpExecArray[] {
  const emoji =
    /\p{Regional_Indicator}{2}|[#*0-9]\uFE0F?\u20E3|\p{Extended_Pictographic}\uFE0F?\p{Emoji_Modifier}?(?:\u200D\p{Extended_Pictographic}\uFE0F?\p{Emoji_Modifier}?){0,7}(?:[\u{E0020}-\u{E007E}]+\u{E007F})?/gu;
  return [...text.matchAll(emoji)].filter(([match]) => !/^[\u00A9\u00AE\u2122]$/u.test(match));
}

/** Whether some post starts two or more lines with an emoji, as list bullets. */
function usesEmojiBullets(posts: readonly Post[]): boolean {
  return posts.some(
    (post) => post.text.split('\n').filter((line) => emojiIn(line.trimStart())[0]?.index === 0).length >= 2,
  );
}

export function describeEmoji(posts: readonly Post[]): string {
  const emoji = posts.flatMap((post) => emojiIn(post.text).map(([match]) => match));
  if (emoji.length === 0) return 'No emoji';
  const habit = frequency(emoji.length, posts.length, 'emoji', 'emoji');
  const top = mostUsed(emoji, (item) => item.replaceAll('\uFE0F', '')).join(', ');
  const bullets = usesEmojiBullets(posts) ? '; some lines start with one, as bullets' : '';
  return `${habit} (${top})${bullets}`;
}

/** The hashtags of a text: "#" and a letter, not "#1", "C#" or a link's "#fragment". */
export function hashtagsOf(text: string): string[] {
  return text.match(/(?<![\p{L}\p{N}_&#/])#\p{L}[\p{L}\p{N}_]*/gu) ?? [];
}

/** Whether the post has hashtags, all of them on its last line. */
function hashtagsOnLastLine(post: Post): boolean {
  const lastLine = post.text.slice(post.text.lastIndexOf('\n') + 1);
  return hashtagsOf(lastLine).length === hashtagsOf(post.text).length;
}

export function describeHashtags(posts: readonly Post[]): string {
  const hashtags = posts.flatMap((post) => hashtagsOf(post.text));
  if (hashtags.length === 0) return 'No hashtags';
  const tagged = posts.filter((post) => hashtagsOf(post.text).length > 0);
  const atEnd = tagged.filter(hashtagsOnLastLine).length * 2 > tagged.length;
  const top = mostUsed(hashtags, (tag) => tag.toLowerCase()).map((tag) => shorten(tag, 40));
  const where = atEnd ? 'on the last line' : 'within the text';
  return `${frequency(hashtags.length, posts.length, 'hashtag')}, ${where} (${top.join(', ')})`;
}
