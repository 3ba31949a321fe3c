/** LinkedIn's limit for a post, counted in UTF-16 code units (an emoji or a Unicode-bold letter counts 2). */
export const linkedInPostLimit = 3000;
/** Roughly where LinkedIn's feed folds a post behind "…see more". */
export const linkedInFoldLength = 210;
export const linkedInFoldLines = 3;

export function linkedInLength(text: string): number {
  return text.length;
}

export interface FoldedText {
  visible: string;
  folded: boolean;
}

/**
 * What the feed shows before "…see more": at most three lines and about 210 characters, cut at a
 * word boundary and never inside a surrogate pair.
 */
export function foldForFeed(
  text: string,
  limit = linkedInFoldLength,
  maxLines = linkedInFoldLines,
): FoldedText {
  const lines = text.split('\n');
  let visible = lines.slice(0, maxLines).join('\n');
  let folded = lines.length > maxLines;
  if (visible.length > limit) {
    let cut = limit;
    const code = visible.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1; // do not split an emoji
    const space = visible.lastIndexOf(' ', cut);
    visible = visible.slice(0, space > limit * 0.6 ? space : cut);
    folded = true;
  }
  return { visible: folded ? visible.replace(/\s+$/, '') : text, folded };
}

/** Where each device's feed folds a post: characters and lines before "…see more". */
export const feedFolds = {
  desktop: { characters: linkedInFoldLength, lines: linkedInFoldLines },
  phone: { characters: 140, lines: 2 },
} as const;
export type FeedDevice = keyof typeof feedFolds;

/**
 * The index in `text` where the device's feed folds it (what comes after is behind "…see more"),
 * or null when the whole post shows.
 */
export function foldIndex(text: string, device: FeedDevice): number | null {
  const fold = feedFolds[device];
  const { visible, folded } = foldForFeed(text, fold.characters, fold.lines);
  return folded ? visible.length : null;
}

/** LinkedIn's limit for a comment (the first comment under a post). */
export const linkedInCommentLimit = 1250;
