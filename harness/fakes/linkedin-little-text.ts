/**
 * What LinkedIn shows for a post's commentary, which is "little text": `\ | { } @ [ ] ( ) < > # * _ ~`
 * are reserved and must be backslash-escaped to appear as text. A reserved character that starts no
 * valid element makes LinkedIn silently drop everything from there on, while the post is still
 * created (201). Apps that forget to escape publish truncated posts, so the fake records what a
 * reader would actually see.
 */

const RESERVED = new Set(['\\', '|', '{', '}', '@', '[', ']', '(', ')', '<', '>', '#', '*', '_', '~']);

// Sticky (y) patterns, matched at a given index.
/** A URL is taken whole, escapes and reserved characters included, up to whitespace. */
const URL = /https?:\/\/\S+/iy;
/** `#word`: letters, digits or underscores (the tag is shown as written). */
const HASHTAG = /#[\p{L}\p{N}_]+/uy;
/** `@[Name](urn:li:person:…)` or an organization: shown as the name. */
const MENTION = /@\[([^\]\n]+)\]\(urn:li:(?:person|organization):[A-Za-z0-9_-]+\)/y;

function matchAt(pattern: RegExp, text: string, index: number): RegExpExecArray | null {
  pattern.lastIndex = index;
  return pattern.exec(text);
}

export function shownText(commentary: string): string {
  let shown = '';
  let index = 0;
  while (index < commentary.length) {
    const url = matchAt(URL, commentary, index);
    if (url) {
      shown += url[0];
      index += url[0].length;
      continue;
    }
    const char = String.fromCodePoint(commentary.codePointAt(index) ?? 0);
    if (!RESERVED.has(char)) {
      shown += char;
      index += char.length;
      continue;
    }
    const next = commentary.codePointAt(index + 1);
    if (char === '\\' && next !== undefined) {
      const escaped = String.fromCodePoint(next);
      shown += escaped;
      index += 1 + escaped.length;
      continue;
    }
    const atWordStart = index === 0 || /\s/.test(commentary[index - 1] ?? '');
    const hashtag = char === '#' && atWordStart ? matchAt(HASHTAG, commentary, index) : null;
    if (hashtag) {
      shown += hashtag[0];
      index += hashtag[0].length;
      continue;
    }
    const mention = char === '@' ? matchAt(MENTION, commentary, index) : null;
    if (mention) {
      shown += mention[1];
      index += mention[0].length;
      continue;
    }
    // A stray reserved character (or a lone trailing backslash): LinkedIn drops the rest.
    break;
  }
  return shown;
}

/** Escapes every reserved character, so the text is shown exactly as written (what an app should send). */
export function escapeLittleText(text: string): string {
  return text.replace(/[\\|{}@[\]()<>#*_~]/g, (char) => `\\${char}`);
}
