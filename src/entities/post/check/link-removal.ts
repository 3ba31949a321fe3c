import { lineAround, type Edit } from './fix';

/**
 * Taking links out of a post so that what is left still reads. A line or sentence that only
 * introduced the links ("Read the full report: URL", "Link: URL", "Source → URL", "👉 URL",
 * "(link in comments) URL") goes whole; anywhere else only the link goes, with the space, the
 * colon or arrow and the "at"/"via" that led to it, or the brackets it stood in alone.
 */

interface Span {
  start: number;
  end: number;
}

/**
 * Words that only point at a link. A line or sentence made of nothing else (once the links are
 * out) is an introduction. Lower case, apostrophes left out. Not "our", "my" or "new": "Our
 * report is out" is news, and keeping a line is the safer mistake than deleting one.
 */
const pointerWords = new Set(
  (
    'a an the this that these it its is are here heres there your full free more ' +
    'read see check out find get grab try watch listen download sign up register join apply learn ' +
    'link links url source sources via at in on to from for of below above comment comments first ' +
    'bio details info information report article post story paper study blog thread website site page ' +
    'docs guide video podcast episode talk slides deck recording code repo github demo signup ' +
    'form newsletter survey tool template ebook book course webinar event tickets now today p s ps ' +
    'write writeup summary results research analysis breakdown whitepaper case numbers data'
  ).split(' '),
);

/** The text of [from, to) with the links in it (all inside it, in order) cut out. */
function withoutLinks(text: string, from: number, to: number, links: readonly Span[]): string {
  let rest = '';
  let at = from;
  for (const link of links) {
    rest += `${text.slice(at, link.start)} `;
    at = link.end;
  }
  return rest + text.slice(at, to);
}

/** Whether these words only point at a link (no words at all counts: "👉", "→"). */
export function onlyPointsAtLink(words: string): boolean {
  const found =
    words
      .toLowerCase()
      .replace(/['’]/gu, '')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return found.length <= 12 && found.every((word) => pointerWords.has(word));
}

/**
 * The sentence of the line that holds the span: from after the last ". ", "! " or "? " before it,
 * to the first sentence end after it (its punctuation included).
 */
function sentenceAround(text: string, line: Span, span: Span): Span {
  const before = text.slice(line.start, span.start);
  let start = line.start;
  for (const match of before.matchAll(/[.!?…][ \t]+/gu)) start = line.start + match.index + match[0].length;
  const after = text.slice(span.end, line.end).search(/[.!?…](?=\s|$)/u);
  return { start, end: after < 0 ? line.end : span.end + after + 1 };
}

/**
 * Removing a whole sentence inside a line: with the spaces after it when another sentence follows,
 * else with the spaces before it (and any after it, to the end of the line).
 */
function sentenceRemoval(text: string, line: Span, sentence: Span): Edit {
  const rest = text.slice(sentence.end, line.end);
  if (rest.trim() !== '') {
    const trailing = /^[ \t]*/u.exec(rest)![0].length;
    return { start: sentence.start, end: sentence.end + trailing, replacement: '' };
  }
  const leading = /[ \t]*$/u.exec(text.slice(line.start, sentence.start))![0].length;
  return { start: sentence.start - leading, end: line.end, replacement: '' };
}

/** Colons, arrows and pointing hands that lead to a link; a sentence that ended on one gets a period. */
const leadIn = /(?:[ \t]+(?:at|via|on|here|from|in))?[ \t]*(?:([:：→➡⇒👉👇⬇]\uFE0F?|->|=>)|[-–—|])?[ \t]*$/iu;

/** Removing one link inside a sentence that says more than where the link is. */
function linkRemoval(text: string, line: Span, sentence: Span, link: Span): Edit {
  const before = text.slice(line.start, link.start);
  const after = text.slice(link.end, line.end);
  // Alone in brackets, or with only pointer words: "(https://…)", "(source: https://…)", and so
  // on outwards while the brackets around hold nothing else.
  let bracket = link;
  for (;;) {
    const open = /\(([^()]*)$/u.exec(text.slice(line.start, bracket.start));
    const close = /^([^()]*)\)/u.exec(text.slice(bracket.end, line.end));
    if (!open || !close || !onlyPointsAtLink(`${open[1]} ${close[1]}`)) break;
    bracket = { start: line.start + open.index, end: bracket.end + close[0].length };
  }
  if (bracket !== link) {
    let { start, end } = bracket;
    if (text[start - 1] === ' ') start -= 1;
    else if (text[end] === ' ') end += 1;
    return { start, end, replacement: '' };
  }
  const lead = leadIn.exec(before)!;
  const start = link.start - lead[0].length;
  if (start === line.start) {
    // The link opens the line: the spaces after it go with it.
    const spaces = /^[ \t]*/u.exec(after)![0].length;
    return { start, end: link.end + spaces, replacement: '' };
  }
  // "We are hiring: https://…" ends a sentence on the colon: it becomes a period.
  const endsSentence = /^[ \t]*$/u.test(text.slice(link.end, sentence.end));
  const closes =
    lead[1] !== undefined && endsSentence && !/[.!?]$/u.test(before.slice(0, before.length - lead[0].length));
  return { start, end: link.end, replacement: closes ? '.' : '' };
}

/**
 * The edits that take `links` (spans of the text, in order) out of the post. Lines left blank
 * are tidied by the caller (settleEdits).
 */
export function linkRemovalEdits(text: string, links: readonly Span[]): Edit[] {
  const edits: Edit[] = [];
  let index = 0;
  while (index < links.length) {
    const line = lineAround(text, links[index]!.start);
    const onLine: Span[] = [];
    for (; index < links.length && links[index]!.start < line.end; index += 1) onLine.push(links[index]!);
    if (onlyPointsAtLink(withoutLinks(text, line.start, line.end, onLine))) {
      edits.push({ start: line.start, end: line.end, replacement: '' });
      continue;
    }
    let sentence: Span | null = null;
    for (const link of onLine) {
      if (sentence && link.start < sentence.end) continue;
      sentence = sentenceAround(text, line, link);
      const inSentence = onLine.filter(
        (other) => other.start >= sentence!.start && other.end <= sentence!.end,
      );
      if (onlyPointsAtLink(withoutLinks(text, sentence.start, sentence.end, inSentence))) {
        edits.push(sentenceRemoval(text, line, sentence));
      } else {
        edits.push(...inSentence.map((each) => linkRemoval(text, line, sentence!, each)));
      }
    }
  }
  return edits;
}
