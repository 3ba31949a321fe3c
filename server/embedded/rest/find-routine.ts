import type { FunctionCatalog, RoutineInfo } from './function-catalog.ts';
import { closestMatch } from './fuzzy-match.ts';
import { PostgrestError } from './postgrest-error.ts';
import { exposedSchema } from './schema-errors.ts';

/**
 * The function a call means, chosen as PostgREST's Plan.findProc chooses it: by name and by the set
 * of argument names (required parameters must all be given, optional ones may be); a POST whose keys
 * match no overload falls back to a function with one unnamed json/jsonb parameter.
 */
export function findRoutine(
  catalog: FunctionCatalog,
  name: string,
  argumentKeys: Set<string>,
  isPost: boolean,
): RoutineInfo {
  const overloads = catalog.get(name) ?? [];
  const matches = overloads.filter((routine) => matchesParams(routine, argumentKeys));
  const fallbacks = isPost
    ? overloads.filter((routine) => !matches.includes(routine) && takesWholeBody(routine))
    : [];
  const [first] = matches.length ? matches : fallbacks;
  if (matches.length > 1 || (matches.length === 0 && fallbacks.length > 1)) {
    throw ambiguous(matches.length ? matches : fallbacks);
  }
  if (first) return first;
  throw notFound(catalog, name, [...argumentKeys].sort(), isPost, overloads);
}

/** A single unnamed json/jsonb parameter receives the whole JSON body. */
export function takesWholeBody(routine: RoutineInfo): boolean {
  const [only, ...rest] = routine.params;
  return rest.length === 0 && only?.name === '' && (only.type === 'json' || only.type === 'jsonb');
}

function matchesParams(routine: RoutineInfo, keys: Set<string>): boolean {
  if (routine.params.length === 0) return keys.size === 0;
  const required = new Set(routine.params.filter((param) => param.required).map((param) => param.name));
  const optional = new Set(routine.params.filter((param) => !param.required).map((param) => param.name));
  const givenRequired = [...keys].filter((key) => !optional.has(key));
  return givenRequired.length === required.size && givenRequired.every((key) => required.has(key));
}

function ambiguous(routines: RoutineInfo[]): PostgrestError {
  const candidates = routines
    .map(
      (routine) =>
        `${routine.schema}.${routine.name}(${routine.params.map((param) => `${param.name} => ${param.type}`).join(', ')})`,
    )
    .join(', ');
  return new PostgrestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${candidates}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

/** PGRST202 in PostgREST's words (Error.hs NoRpc), with its fuzzy hint. */
function notFound(
  catalog: FunctionCatalog,
  name: string,
  keys: string[],
  isPost: boolean,
  overloads: RoutineInfo[],
): PostgrestError {
  const fn = `${exposedSchema}.${name}`;
  const withParams = (detail: string) => (keys.length === 0 ? ' without parameters' : detail);
  const message = `Could not find the function ${fn}${withParams(`(${keys.join(', ')})`)} in the schema cache`;
  const searched = withParams(` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`);
  const details = `Searched for the function ${fn}${searched}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`;
  return new PostgrestError(404, 'PGRST202', message, details, hint(catalog, name, keys, overloads));
}

function hint(
  catalog: FunctionCatalog,
  name: string,
  keys: string[],
  overloads: RoutineInfo[],
): string | null {
  const prefix = `Perhaps you meant to call the function ${exposedSchema}.`;
  if (overloads.length === 0) {
    const suggestion = closestMatch(catalog.keys(), name);
    return suggestion === null ? null : prefix + suggestion;
  }
  // Parameter lists are compared as text, e.g. "(a, b)", sorted as PostgREST sorts them.
  const asText = (names: string[]) => `(${[...names].sort().join(', ')})`;
  const lists = overloads.map((routine) => asText(routine.params.map((param) => param.name)));
  const suggestion = closestMatch(lists, asText(keys));
  return suggestion === null ? null : prefix + name + suggestion;
}
