import { abbreviate, parseLogicTree, parseTopLevelFilter } from './parse-filter.ts';
import { parseError } from './postgrest-error.ts';
import type { OrderTerm, ParsedQuery, SelectItem } from './query-ast.ts';
import { isBalanced, splitTopLevel, unquote } from './split-top-level.ts';

/**
 * How many items one `select=` may list. Each item is a column of every row of the response, and
 * 50 aliases of a large column made one request cost seconds and a gigabyte; a hundred covers any
 * real table.
 */
export const maxSelectItems = 100;

/** Casts a select item may ask for (`col::text`); a fixed list because the name is spliced into SQL. */
export const allowedCasts = new Set([
  'text',
  'varchar',
  'int',
  'int2',
  'int4',
  'int8',
  'integer',
  'smallint',
  'bigint',
  'numeric',
  'real',
  'float4',
  'float8',
  'boolean',
  'bool',
  'date',
  'time',
  'timestamp',
  'timestamptz',
  'json',
  'jsonb',
  'uuid',
]);

export interface ParseOptions {
  /**
   * GET/HEAD on /rpc: a parameter whose value is not an operator expression is a function argument
   * (PostgREST's QueryParams.parse with isRpcRead), not a malformed filter.
   */
  rpcRead?: boolean;
}

/** Parses PostgREST query parameters (in order, keys may repeat) into a ParsedQuery. */
export function parseQuery(params: Iterable<[string, string]>, options: ParseOptions = {}): ParsedQuery {
  const query: ParsedQuery = {
    select: null,
    filters: [],
    order: [],
    limit: null,
    offset: null,
    onConflict: null,
    columns: null,
    args: [],
  };
  for (const [key, value] of params) {
    switch (key) {
      case 'select':
        query.select = parseSelect(value);
        break;
      case 'order':
        query.order = parseOrder(value);
        break;
      case 'limit':
        // A negative limit parses, as in PostgREST, and is refused as an empty range (PGRST103).
        query.limit = parseInteger('limit', value, true);
        break;
      case 'offset':
        query.offset = parseInteger('offset', value, false);
        break;
      case 'on_conflict':
        query.onConflict = parseColumnList(value, 'on_conflict');
        break;
      case 'columns':
        query.columns = parseColumnList(value, 'columns');
        break;
      case 'and':
      case 'or':
      case 'not.and':
      case 'not.or':
        query.filters.push(parseLogicTree(key, value));
        break;
      default:
        if (options.rpcRead && !looksLikeFilter(value)) query.args.push([key, value]);
        else query.filters.push(parseTopLevelFilter(key, value));
    }
  }
  return query;
}

function parseInteger(name: string, value: string, allowNegative: boolean): number {
  if (!(allowNegative ? /^-?\d{1,9}$/ : /^\d{1,9}$/).test(value)) {
    throw parseError(
      `"failed to parse ${name} parameter (${value})"`,
      `expecting a${allowNegative ? 'n' : ' non-negative'} integer`,
    );
  }
  return Number(value);
}

/** `[not.]operator[(modifier)].value` with a known operator; anything else is an RPC argument value. */
function looksLikeFilter(value: string): boolean {
  try {
    parseTopLevelFilter('_', value);
    return true;
  } catch {
    return false;
  }
}

function parseColumnList(value: string, name: string): string[] {
  const columns = splitTopLevel(value)
    .map((part) => unquote(part.trim()))
    .filter((part) => part.length > 0);
  if (columns.length === 0)
    throw parseError(`"failed to parse ${name} parameter (${value})"`, 'expecting column names');
  return columns;
}

export function parseSelect(value: string): SelectItem[] | null {
  if (!isBalanced(value))
    throw parseError(`"failed to parse select parameter (${value})"`, 'unbalanced parentheses or quotes');
  const items: SelectItem[] = [];
  let star = false;
  const parts = splitTopLevel(value);
  if (parts.length > maxSelectItems) {
    throw parseError(
      `"failed to parse select parameter (${abbreviate(value)})"`,
      `select lists more than ${maxSelectItems} items; this server allows at most ${maxSelectItems}`,
    );
  }
  for (const raw of parts) {
    const item = raw.trim();
    if (item === '') continue;
    if (item === '*') {
      star = true;
      continue;
    }
    if (/[()]|->|\.\.\./.test(item)) {
      throw parseError(
        `"failed to parse select parameter (${value})"`,
        'embedded resources, aggregates, spreads and JSON paths are not supported by this server',
      );
    }
    const match = /^(?:([^:]+):(?!:))?([^:]+?)(?:::([a-z][a-z0-9]*))?$/i.exec(item);
    if (!match) throw parseError(`"failed to parse select parameter (${value})"`, `unexpected "${item}"`);
    const [, alias, column = '', cast] = match;
    if (cast && !allowedCasts.has(cast.toLowerCase())) {
      throw parseError(`"failed to parse select parameter (${value})"`, `unsupported cast "${cast}"`);
    }
    items.push({
      column: unquote(column.trim()),
      alias: alias ? unquote(alias.trim()) : null,
      cast: cast?.toLowerCase() ?? null,
    });
  }
  if (star) items.unshift({ column: '*', alias: null, cast: null });
  return items.length === 0 || (star && items.length === 1) ? null : items;
}

export function parseOrder(value: string): OrderTerm[] {
  return splitTopLevel(value)
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((term) => {
      if (/[()]/.test(term))
        throw parseError(
          `"failed to parse order (${value})"`,
          'ordering by embedded resources is not supported',
        );
      const [column = '', ...modifiers] = term.split('.');
      const order: OrderTerm = { column: unquote(column), direction: 'asc', nulls: null };
      let seenDirection = false;
      let seenNulls = false;
      for (const modifier of modifiers) {
        if ((modifier === 'asc' || modifier === 'desc') && !seenDirection && !seenNulls) {
          order.direction = modifier;
          seenDirection = true;
        } else if ((modifier === 'nullsfirst' || modifier === 'nullslast') && !seenNulls) {
          order.nulls = modifier === 'nullsfirst' ? 'first' : 'last';
          seenNulls = true;
        } else {
          throw parseError(
            `"failed to parse order (${value})"`,
            `unexpected "${modifier}" expecting "asc", "desc", "nullsfirst" or "nullslast"`,
          );
        }
      }
      if (order.column === '')
        throw parseError(`"failed to parse order (${value})"`, 'expecting a column name');
      return order;
    });
}
