/**
 * Whether a text uses an em or en dash as a dash ("We shipped — finally"): not as a range between
 * numbers ("20–30%", "2019 – 2021") and not as a list marker at the start of a line.
 */
export function usesDashes(text: string): boolean {
  for (const { index } of text.matchAll(/[—–]/gu)) {
    // A few characters either side are enough, and keep a text full of dashes fast.
    const from = Math.max(0, index - 20);
    const before = text.slice(from, index);
    const after = text.slice(index + 1, index + 21);
    const range = /\d\s*$/u.test(before) && /^\s*\d/u.test(after);
    const lineStart = from === 0 ? /(?:^|\n)[^\S\n]*$/u : /\n[^\S\n]*$/u;
    const marker = lineStart.test(before) && /^[^\S\n]/u.test(after);
    if (!range && !marker) return true;
  }
  return false;
}
