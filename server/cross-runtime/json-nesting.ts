// Runtime-agnostic (Node and Deno): no node:* imports.

/**
 * True when `text` nests `[`/`{` deeper than `limit` outside strings, counted in one pass without
 * recursion. JSON.parse copes with any depth, but JSON.stringify, zod and the database recurse, so
 * a 100,000-level body would overflow the stack on the way: request readers refuse it first.
 */
export function jsonNestingExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index += 1; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}
