import { jsonNestingExceeds } from '../../cross-runtime/json-nesting.ts';
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
  if (jsonNestingExceeds(text, maxJsonDepth)) {
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
