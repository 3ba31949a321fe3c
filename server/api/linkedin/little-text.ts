/**
 * LinkedIn's "little" text format, which the Posts API reads `commentary` in: `\ | { } @ [ ] ( ) < >
 * # * _ ~` are markup, and LinkedIn silently cuts a post at the first one that does not form an
 * element. The author's text goes out as text: every reserved character is escaped with a
 * backslash, except in a hashtag (so #hashtags stay links) and in a URL (so links stay links).
 */
const reserved = /[\\|{}@[\]()<>#*_~]/g;
// Kept as they are: a URL (to the next whitespace; a closing bracket or sentence mark at its end is
// prose), or a hashtag at the start of a word.
const keptPattern = /https?:\/\/[^\s]*[^\s.,;:!?)\]}>'"]|(?<=^|\s)#[\p{L}\p{N}_]+/gu;

export function escapeLittleText(text: string): string {
  let escaped = '';
  let last = 0;
  for (const match of text.matchAll(keptPattern)) {
    escaped += escapeProse(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return escaped + escapeProse(text.slice(last));
}

const escapeProse = (prose: string) => prose.replace(reserved, (char) => `\\${char}`);
