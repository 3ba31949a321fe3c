import { PostgrestError } from './postgrest-error.ts';

/**
 * How deep a request body may nest. JSON.parse copes with any depth, but a 100,000-level body then
 * overflowed the stack in JSON.stringify (a 500). Postgres itself takes a few thousand levels; 512 is
 * far beyond any real row.
 */
export const maxJsonDepth = 512;

const invalidJson = 'Empty or invalid json';

/** Parses a request body, refusing bad or too deeply nested JSON with PostgREST's PGRST102. */
export function parseJsonBody(text: string): unknown {
  const depth = nestingDepth(text);
  if (depth > maxJsonDepth) {
    throw new PostgrestError(
      400,
      'PGRST102',
      invalidJson,
      `The body nests more than ${maxJsonDepth} levels deep; this server allows at most ${maxJsonDepth}`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new PostgrestError(400, 'PGRST102', invalidJson);
  }
}

/** The deepest `[`/`{` nesting outside strings, counted without recursion; stops once past the limit. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index += 1; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > maxJsonDepth) return deepest;
    } else if (char === 0x5d || char === 0x7d) {
      depth -= 1;
    }
  }
  return deepest;
}
