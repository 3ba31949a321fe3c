import type { Catalog } from './catalog.ts';
import { closestMatch } from './fuzzy-match.ts';
import { PostgrestError } from './postgrest-error.ts';

export const exposedSchema = 'public';

/** PGRST205 with PostgREST's fuzzy "Perhaps you meant the table …" hint (Error.tableNotFoundHint). */
export function tableNotFound(name: string, catalog: Catalog): PostgrestError {
  const suggestion = closestMatch(catalog.keys(), name);
  return new PostgrestError(
    404,
    'PGRST205',
    `Could not find the table '${exposedSchema}.${name}' in the schema cache`,
    null,
    suggestion === null ? null : `Perhaps you meant the table '${exposedSchema}.${suggestion}'`,
  );
}
