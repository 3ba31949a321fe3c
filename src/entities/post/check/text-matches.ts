/** Small helpers the rules of the post check share: every match of a pattern, and the line around a place. */

/** Every non-empty match of `pattern` in `text` (the pattern is used as if it had the "g" flag). */
export function* matches(text: string, pattern: RegExp): Generator<RegExpExecArray> {
  const global = new RegExp(
    pattern.source,
    pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
  );
  for (let match = global.exec(text); match; match = global.exec(text)) {
    if (match[0] === '') global.lastIndex += 1;
    else yield match;
  }
}

/** The characters a whole match covers. */
export function spanOf(match: RegExpExecArray): { start: number; end: number } {
  return { start: match.index, end: match.index + match[0].length };
}

/** The characters of the line before `at`, and after it. */
export function lineBefore(text: string, at: number): string {
  return text.slice(text.lastIndexOf('\n', at - 1) + 1, at);
}
export function lineAfter(text: string, at: number): string {
  const next = text.indexOf('\n', at);
  return text.slice(at, next < 0 ? text.length : next);
}
