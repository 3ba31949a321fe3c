export const invalidJsonMessage = 'Invalid JSON response from Perplexity API';

/**
 * The first complete top-level JSON object in a model's free-text reply (docs/product.md §14): prose around it,
 * Markdown fences, braces inside strings and escaped quotes are all fine. A brace-balanced span that
 * is not valid JSON (for example `{placeholder}` in prose) is skipped in favour of the next one.
 * Throws `Invalid JSON response from Perplexity API` when there is no parseable object.
 */
export function extractFirstJsonObject(text: string): unknown {
  let from = text.indexOf('{');
  while (from >= 0) {
    const end = matchingBrace(text, from);
    // Never closed (a reply cut off mid-object): anything after it is nested, not top-level.
    if (end < 0) break;
    const parsed = tryParseObject(text.slice(from, end + 1));
    if (parsed !== undefined) return parsed;
    from = text.indexOf('{', end + 1);
  }
  throw new Error(invalidJsonMessage);
}

/** The index of the `}` that closes the `{` at `start`, counting only braces outside JSON strings; -1 if none. */
function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '{') {
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}

function tryParseObject(candidate: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(candidate);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
