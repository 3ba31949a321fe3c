import { parseError } from './postgrest-error.ts';
import type {
  ArrayOperator,
  ComparisonOperator,
  Condition,
  FilterNode,
  IsValue,
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
/** The comparisons PostgREST lets take `(any)`/`(all)`: not `neq` and not `isdistinct`. */
const quantifiableOperators = new Set(
  [...comparisonOperators].filter((operator) => operator !== 'isdistinct' && operator !== 'neq'),
);
const arrayOperators = new Set<string>(['cs', 'cd', 'ov']);
const textSearchOperators = new Set<string>(['fts', 'plfts', 'phfts', 'wfts']);
const isValues = new Set<string>(['null', 'not_null', 'true', 'false', 'unknown']);

/**
 * How deep `and(or(and(…)))` may nest. PostgREST sets no limit of its own; here the parser recurses
 * per level and the SQL nests as deep, so a 2,000-level tree cost a 500. Forty levels is far beyond
 * any hand-written filter.
 */
export const maxLogicDepth = 40;

export function parseTopLevelFilter(key: string, value: string): FilterNode {
  if (key.includes('.')) {
    throw parseError(
      `"failed to parse filter (${key}=${value})"`,
      'filters on embedded resources are not supported by this server',
    );
  }
  if (key === '') throw parseError(`"failed to parse filter (=${value})"`, 'expecting a column name');
  // Top-level values are taken verbatim; only logic trees and lists use double quotes.
  return parseCondition(key, value, false);
}

/** Parses `[not.]operator[(modifier)].value` for `column`. */
function parseCondition(column: string, expression: string, quotedValues: boolean): Condition {
  const failure = () =>
    parseError(
      `"failed to parse filter (${expression})"`,
      `unknown or malformed operator for column "${column}"`,
    );
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
    return {
      kind: 'text_search',
      column,
      negated,
      operator: operator as TextSearchOperator,
      language: modifier,
      value,
    };
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
  if (operator === 'in')
    return { kind: 'in', column, negated, values: parseList(rawValue, '(', ')', expression) };
  if (operator === 'is') {
    const lowered = value.toLowerCase();
    if (!isValues.has(lowered)) {
      throw parseError(
        `"failed to parse filter (${expression})"`,
        'is accepts null, not_null, true, false or unknown',
      );
    }
    return { kind: 'is', column, negated, value: lowered as IsValue };
  }
  if (arrayOperators.has(operator))
    return { kind: 'array', column, negated, operator: operator as ArrayOperator, value };
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
export function parseLogicTree(key: string, value: string): FilterNode {
  const negated = key.startsWith('not.');
  const operator = negated ? key.slice(4) : key;
  // The inner text must balance on its own: `(a.eq.1),(b.eq.2)` is not one group.
  if (!value.startsWith('(') || !value.endsWith(')') || !isBalanced(value.slice(1, -1))) {
    throw parseError(`"failed to parse logic tree (${value})"`, 'expecting "(" … ")"');
  }
  return parseLogicBody(operator as 'and' | 'or', negated, value.slice(1, -1), {
    whole: value,
    key,
    depth: 1,
  });
}

interface LogicContext {
  whole: string;
  key: string;
  depth: number;
}

function parseLogicBody(
  operator: 'and' | 'or',
  negated: boolean,
  body: string,
  context: LogicContext,
): FilterNode {
  const whole = context.whole;
  if (context.depth > maxLogicDepth) {
    throw parseError(
      `"failed to parse logic tree (${abbreviate(whole)})"`,
      `${context.key} is nested more than ${maxLogicDepth} levels deep; this server allows at most ${maxLogicDepth}`,
    );
  }
  const children = splitTopLevel(body)
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((part) => parseLogicElement(part, context));
  if (children.length === 0)
    throw parseError(`"failed to parse logic tree (${whole})"`, 'expecting at least one condition');
  return { kind: 'logic', operator, negated, children };
}

function parseLogicElement(element: string, context: LogicContext): FilterNode {
  const whole = context.whole;
  const nested = /^(not\.)?(and|or)\((.*)\)$/s.exec(element);
  if (nested) {
    // `and(a.eq.1)or(b.eq.2)` also matches the pattern, but its "body" is not one group.
    if (!isBalanced(nested[3] as string))
      throw parseError(`"failed to parse logic tree (${whole})"`, `unexpected "${element}"`);
    return parseLogicBody(nested[2] as 'and' | 'or', Boolean(nested[1]), nested[3] as string, {
      ...context,
      depth: context.depth + 1,
    });
  }
  const dot = element.indexOf('.');
  if (dot <= 0) throw parseError(`"failed to parse logic tree (${whole})"`, `unexpected "${element}"`);
  return parseCondition(unquote(element.slice(0, dot)), element.slice(dot + 1), true);
}

/** Long user input shortened for an error message. */
export function abbreviate(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
