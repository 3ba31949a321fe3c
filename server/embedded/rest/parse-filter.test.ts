import { describe, expect, it } from 'vitest';
import { abbreviate, maxLogicDepth, parseLogicTree, parseTopLevelFilter } from './parse-filter.ts';
import { PostgrestError } from './postgrest-error.ts';

/** The JSON body (PostgREST's error shape) of the PGRST100 error `run` must throw. */
function errorBody(run: () => unknown) {
  let thrown: unknown = null;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(PostgrestError);
  expect(thrown).toMatchObject({ status: 400 });
  return (thrown as PostgrestError).toJSON();
}

/** A PGRST100 body with no hint, as PostgREST sends parse errors. */
const pgrst100 = (message: string, details: string) => ({ code: 'PGRST100', message, details, hint: null });

describe('parseTopLevelFilter errors', () => {
  it.each([
    [
      'a filter on an embedded resource',
      'author.name',
      'eq.x',
      pgrst100(
        '"failed to parse filter (author.name=eq.x)"',
        'filters on embedded resources are not supported by this server',
      ),
    ],
    ['an empty column', '', 'eq.x', pgrst100('"failed to parse filter (=eq.x)"', 'expecting a column name')],
    [
      'an unknown operator',
      'topic',
      'eqx.1',
      pgrst100('"failed to parse filter (eqx.1)"', 'unknown or malformed operator for column "topic"'),
    ],
    [
      'an operator without a dot before the value',
      'topic',
      'eqx',
      pgrst100('"failed to parse filter (eqx)"', 'unknown or malformed operator for column "topic"'),
    ],
    [
      'a negated operator without a dot before the value',
      'topic',
      'not.isnull',
      pgrst100('"failed to parse filter (not.isnull)"', 'unknown or malformed operator for column "topic"'),
    ],
    [
      'text before a quantified operator',
      'topic',
      '_eq(any).{a}',
      pgrst100('"failed to parse filter (_eq(any).{a})"', 'unknown or malformed operator for column "topic"'),
    ],
    [
      'text after a quantifier',
      'topic',
      'eq(any)x.{a}',
      pgrst100('"failed to parse filter (eq(any)x.{a})"', 'unknown or malformed operator for column "topic"'),
    ],
    [
      'a quantified list without braces',
      'id',
      'eq(any).a,b}',
      pgrst100('"failed to parse filter (eq(any).a,b})"', 'expecting a list like {a,b}'),
    ],
    [
      'a quantified list without its closing brace',
      'id',
      'eq(all).{a,b',
      pgrst100('"failed to parse filter (eq(all).{a,b)"', 'expecting a list like {a,b}'),
    ],
    [
      'an in list without its closing parenthesis',
      'id',
      'in.(a,b',
      pgrst100('"failed to parse filter (in.(a,b)"', 'expecting a list like (a,b)'),
    ],
    [
      'two in lists side by side',
      'id',
      'in.(a),(b)',
      pgrst100('"failed to parse filter (in.(a),(b))"', 'expecting a list like (a,b)'),
    ],
    [
      'an unknown is value',
      'topic',
      'not.is.maybe',
      pgrst100(
        '"failed to parse filter (not.is.maybe)"',
        'is accepts null, not_null, true, false or unknown',
      ),
    ],
  ])('refuses %s (%s=%s)', (_name, key, value, body) => {
    expect(errorBody(() => parseTopLevelFilter(key, value))).toEqual(body);
  });
});

describe('parseTopLevelFilter lists', () => {
  it('reads in.( ) with only spaces as an empty list', () => {
    expect(parseTopLevelFilter('id', 'in.( )')).toEqual({
      kind: 'in',
      column: 'id',
      negated: false,
      values: [],
    });
  });

  it('reads eq(any).{ } with only spaces as an empty list', () => {
    expect(parseTopLevelFilter('id', 'eq(any).{ }')).toMatchObject({ kind: 'quantified', values: [] });
  });

  it('keeps an empty quoted element of an in list', () => {
    expect(parseTopLevelFilter('id', 'in.("",a)')).toMatchObject({ values: ['', 'a'] });
  });
});

describe('parseLogicTree', () => {
  it('skips empty elements, such as a trailing comma', () => {
    expect(parseLogicTree('or', '(a.eq.1,)')).toEqual({
      kind: 'logic',
      operator: 'or',
      negated: false,
      children: [{ kind: 'compare', column: 'a', negated: false, operator: 'eq', value: '1' }],
    });
    expect(parseLogicTree('and', '( , a.eq.1 , ,)')).toMatchObject({ children: [{ column: 'a' }] });
  });

  it('reads a value that merely ends like a nested group as a value', () => {
    expect(parseLogicTree('or', '(a.eq.or(b))')).toEqual({
      kind: 'logic',
      operator: 'or',
      negated: false,
      children: [{ kind: 'compare', column: 'a', negated: false, operator: 'eq', value: 'or(b)' }],
    });
  });

  it.each([
    [
      'no opening parenthesis',
      'or',
      'xa.eq.1)',
      pgrst100('"failed to parse logic tree (xa.eq.1))"', 'expecting "(" … ")"'),
    ],
    [
      'no closing parenthesis',
      'or',
      '(a.eq.1',
      pgrst100('"failed to parse logic tree ((a.eq.1)"', 'expecting "(" … ")"'),
    ],
    [
      'an empty group',
      'not.and',
      '()',
      pgrst100('"failed to parse logic tree (())"', 'expecting at least one condition'),
    ],
    [
      'an empty nested group (the message shows the whole tree)',
      'or',
      '(a.eq.1,and())',
      pgrst100('"failed to parse logic tree ((a.eq.1,and()))"', 'expecting at least one condition'),
    ],
    [
      'nested groups glued together',
      'or',
      '(and(a.eq.1)or(b.eq.2))',
      pgrst100(
        '"failed to parse logic tree ((and(a.eq.1)or(b.eq.2)))"',
        'unexpected "and(a.eq.1)or(b.eq.2)"',
      ),
    ],
    [
      'text after a nested group',
      'or',
      '(and(a)x)',
      pgrst100('"failed to parse logic tree ((and(a)x))"', 'unexpected "and(a)x"'),
    ],
    [
      'text before a nested group',
      'or',
      '(xand(a))',
      pgrst100('"failed to parse logic tree ((xand(a)))"', 'unexpected "xand(a)"'),
    ],
    [
      'an element without an operator',
      'or',
      '(a.eq.1,b)',
      pgrst100('"failed to parse logic tree ((a.eq.1,b))"', 'unexpected "b"'),
    ],
    [
      'an element without a column',
      'or',
      '(.eq.1)',
      pgrst100('"failed to parse logic tree ((.eq.1))"', 'unexpected ".eq.1"'),
    ],
    [
      'an unknown operator inside a group (reported like a top-level filter)',
      'or',
      '(a.eqx.1)',
      pgrst100('"failed to parse filter (eqx.1)"', 'unknown or malformed operator for column "a"'),
    ],
  ])('refuses %s (%s=%s)', (_name, key, value, body) => {
    expect(errorBody(() => parseLogicTree(key, value))).toEqual(body);
  });
});

describe('logic tree depth', () => {
  /** `levels` groups: the top-level one and `levels - 1` nested `and(…)`. */
  const nestedTree = (levels: number) => `(${'and('.repeat(levels - 1)}a.eq.1${')'.repeat(levels - 1)})`;

  it(`accepts ${maxLogicDepth} levels`, () => {
    let node = parseLogicTree('or', nestedTree(maxLogicDepth));
    let depth = 1;
    while (node.kind === 'logic' && node.children[0]?.kind === 'logic') {
      node = node.children[0];
      depth += 1;
    }
    expect(depth).toBe(maxLogicDepth);
    expect(maxLogicDepth).toBe(40);
  });

  it('refuses one level more, naming the parameter and abbreviating the tree', () => {
    const tree = nestedTree(maxLogicDepth + 1);
    expect(tree.length).toBeGreaterThan(200);
    expect(errorBody(() => parseLogicTree('not.or', tree))).toEqual(
      pgrst100(
        `"failed to parse logic tree (${tree.slice(0, 200)}…)"`,
        'not.or is nested more than 40 levels deep; this server allows at most 40',
      ),
    );
  });
});

describe('abbreviate', () => {
  it('keeps text of at most the maximum length', () => {
    expect(abbreviate('abc', 3)).toBe('abc');
    expect(abbreviate('x'.repeat(200))).toBe('x'.repeat(200));
  });

  it('cuts longer text at the maximum and adds an ellipsis', () => {
    expect(abbreviate('abcd', 3)).toBe('abc…');
    expect(abbreviate('x'.repeat(201))).toBe(`${'x'.repeat(200)}…`);
  });
});
