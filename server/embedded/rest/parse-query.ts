import { parseError } from './postgrest-error.ts';
import type {
  ArrayOperator,
  ComparisonOperator,
  Condition,
  FilterNode,
  IsValue,
  OrderTerm,
  ParsedQuery,
  SelectItem,
  TextSearchOperator,
} from './query-ast.ts';
import { isBalanced, splitTopLevel, unquote } from './split-top-level.ts';

const comparisonOperators = new Set<string>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'isdistinct',
]);
const quantifiableOperators = new Set<string>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const arrayOperators = new Set<string>(['cs', 'cd', 'ov']);
const textSearchOperators = new Set<string>(['fts', 'plfts', 'phfts', 'wfts']);
const isValues = new Set<string>(['null', 'not_null', 'true', 'false', 'unknown']);

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

/** Parses PostgREST query parameters (in order, keys may repeat) into a ParsedQuery. */
export function parseQuery(params: Iterable<[string, string]>): ParsedQuery {
  const query: ParsedQuery = {
    select: null,
    filters: [],
    order: [],
    limit: null,
    offset: null,
    onConflict: null,
    columns: null,
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
        query.limit = parseNonNegativeInteger('limit', value);
        break;
      case 'offset':
        query.offset = parseNonNegativeInteger('offset', value);
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
        query.filters.push(parseTopLevelFilter(key, value));
    }
  }
  return query;
}

function parseNonNegativeInteger(name: string, value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw parseError(`"failed to parse ${name} parameter (${value})"`, 'expecting a non-negative integer');
  return Number(value);
}

function parseColumnList(value: string, name: string): string[] {
  const columns = splitTopLevel(value)
    .map((part) => unquote(part.trim()))
    .filter((part) => part.length > 0);
  if (columns.length === 0) throw parseError(`"failed to parse ${name} parameter (${value})"`, 'expecting column names');
  return columns;
}

export function parseSelect(value: string): SelectItem[] | null {
  if (!isBalanced(value)) throw parseError(`"failed to parse select parameter (${value})"`, 'unbalanced parentheses or quotes');
  const items: SelectItem[] = [];
  let star = false;
  for (const raw of splitTopLevel(value)) {
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
    items.push({ column: unquote(column.trim()), alias: alias ? unquote(alias.trim()) : null, cast: cast?.toLowerCase() ?? null });
  }
  if (star) items.unshift({ column: '*', alias: null, cast: null });
  return items.length === 0 || (star && items.length === 1) ? null : items;
}

export function parseOrder(value: string): OrderTerm[] {
  return splitTopLevel(value)
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((term) => {
      if (/[()]/.test(term)) throw parseError(`"failed to parse order (${value})"`, 'ordering by embedded resources is not supported');
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
          throw parseError(`"failed to parse order (${value})"`, `unexpected "${modifier}" expecting "asc", "desc", "nullsfirst" or "nullslast"`);
        }
      }
      if (order.column === '') throw parseError(`"failed to parse order (${value})"`, 'expecting a column name');
      return order;
    });
}

function parseTopLevelFilter(key: string, value: string): FilterNode {
  if (key.includes('.')) {
    throw parseError(`"failed to parse filter (${key}=${value})"`, 'filters on embedded resources are not supported by this server');
  }
  if (key === '') throw parseError(`"failed to parse filter (=${value})"`, 'expecting a column name');
  // Top-level values are taken verbatim; only logic trees and lists use double quotes.
  return parseCondition(key, value, false);
}

/** Parses `[not.]operator[(modifier)].value` for `column`. */
function parseCondition(column: string, expression: string, quotedValues: boolean): Condition {
  const failure = () => parseError(`"failed to parse filter (${expression})"`, `unknown or malformed operator for column "${column}"`);
  let rest = expression;
  let negated = false;
  if (rest.startsWith('not.')) {
    negated = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot < 0) throw failure();
  const operatorToken = rest.slice(0, dot);
  const rawValue = rest.slice(dot + 1);
  const value = quotedValues ? unquote(rawValue) : rawValue;
  const withModifier = /^([a-z]+)\(([a-z_0-9]+)\)$/.exec(operatorToken);
  const operator = withModifier ? (withModifier[1] as string) : operatorToken;
  const modifier = withModifier ? (withModifier[2] as string) : null;

  if (textSearchOperators.has(operator)) {
    return { kind: 'text_search', column, negated, operator: operator as TextSearchOperator, language: modifier, value };
  }
  if (modifier !== null) {
    if ((modifier !== 'any' && modifier !== 'all') || !quantifiableOperators.has(operator)) throw failure();
    return {
      kind: 'quantified',
      column,
      negated,
      operator: operator as ComparisonOperator,
      quantifier: modifier,
      values: parseList(rawValue, '{', '}', expression),
    };
  }
  if (comparisonOperators.has(operator)) {
    return { kind: 'compare', column, negated, operator: operator as ComparisonOperator, value };
  }
  if (operator === 'in') return { kind: 'in', column, negated, values: parseList(rawValue, '(', ')', expression) };
  if (operator === 'is') {
    const lowered = value.toLowerCase();
    if (!isValues.has(lowered)) {
      throw parseError(`"failed to parse filter (${expression})"`, 'is accepts null, not_null, true, false or unknown');
    }
    return { kind: 'is', column, negated, value: lowered as IsValue };
  }
  if (arrayOperators.has(operator)) return { kind: 'array', column, negated, operator: operator as ArrayOperator, value };
  throw failure();
}

/** `(a,"b,c")` or `{a,b}` → ['a', 'b,c']. */
function parseList(raw: string, open: string, close: string, expression: string): string[] {
  if (!raw.startsWith(open) || !raw.endsWith(close) || !isBalanced(raw.slice(1, -1))) {
    throw parseError(`"failed to parse filter (${expression})"`, `expecting a list like ${open}a,b${close}`);
  }
  const inner = raw.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner).map((item) => unquote(item.trim()));
}

/** `or=(a.eq.1,and(b.gt.2,not.c.is.null))` and friends. */
function parseLogicTree(key: string, value: string): FilterNode {
  const negated = key.startsWith('not.');
  const operator = negated ? key.slice(4) : key;
  // The inner text must balance on its own: `(a.eq.1),(b.eq.2)` is not one group.
  if (!value.startsWith('(') || !value.endsWith(')') || !isBalanced(value.slice(1, -1))) {
    throw parseError(`"failed to parse logic tree (${value})"`, 'expecting "(" … ")"');
  }
  return parseLogicBody(operator as 'and' | 'or', negated, value.slice(1, -1), value);
}

function parseLogicBody(operator: 'and' | 'or', negated: boolean, body: string, whole: string): FilterNode {
  const children = splitTopLevel(body)
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((part) => parseLogicElement(part, whole));
  if (children.length === 0) throw parseError(`"failed to parse logic tree (${whole})"`, 'expecting at least one condition');
  return { kind: 'logic', operator, negated, children };
}

function parseLogicElement(element: string, whole: string): FilterNode {
  const nested = /^(not\.)?(and|or)\((.*)\)$/s.exec(element);
  if (nested) {
    // `and(a.eq.1)or(b.eq.2)` also matches the pattern, but its "body" is not one group.
    if (!isBalanced(nested[3] as string)) throw parseError(`"failed to parse logic tree (${whole})"`, `unexpected "${element}"`);
    return parseLogicBody(nested[2] as 'and' | 'or', Boolean(nested[1]), nested[3] as string, whole);
  }
  const dot = element.indexOf('.');
  if (dot <= 0) throw parseError(`"failed to parse logic tree (${whole})"`, `unexpected "${element}"`);
  return parseCondition(unquote(element.slice(0, dot)), element.slice(dot + 1), true);
}
