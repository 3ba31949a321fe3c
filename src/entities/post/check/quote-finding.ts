import type { Finding } from './check-post';
import { lineAround } from './fix';

/** How far a quote reaches either side of a mark too small to find by itself. */
const reach = 24;
/** Longer places are not quoted: the message says what they are. */
const longest = 60;

/**
 * The words the panel quotes for a place, so it is easy to find in the text: the place itself,
 * or, for a mark too small to find alone (a dash, an emoji, an arrow, a "#"), the words around it
 * on its line, cut at whole words ("…shipped — finally…"). Empty for the whole post or a long span.
 */
export function quoteOf(text: string, finding: Finding): string {
  const { start, end } = finding;
  if (end - start > longest || end - start >= text.length) return '';
  const words = text.slice(start, end).trim();
  if (/[\p{L}\p{N}]{2}/u.test(words)) return words;
  // A mark too small to have letters holds no line break either.
  const { start: lineStart, end: lineEnd } = lineAround(text, start);
  let from = Math.max(lineStart, start - reach);
  let to = Math.min(lineEnd, end + reach);
  // A word cut in half at either edge is left out.
  if (from > lineStart && text[from - 1] !== ' ') {
    const space = text.indexOf(' ', from);
    from = space >= 0 && space < start ? space + 1 : start;
  }
  if (to < lineEnd && text[to] !== ' ') {
    const space = text.lastIndexOf(' ', to);
    to = space >= end ? space : end;
  }
  const excerpt = text.slice(from, to).trim();
  return `${from > lineStart ? '…' : ''}${excerpt}${to < lineEnd ? '…' : ''}`;
}
