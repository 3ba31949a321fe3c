import { describe, expect, it } from 'vitest';
import { parseOrder, parseQuery, parseSelect } from './parse-query.ts';
import { PostgrestError } from './postgrest-error.ts';
import type { FilterNode } from './query-ast.ts';

/** Parses one `key=value` pair and returns its only filter. */
function filter(key: string, value: string): FilterNode {
  const { filters } = parseQuery([[key, value]]);
  expect(filters).toHaveLength(1);
  return filters[0] as FilterNode;
}

/** Parses a raw query string the way the route does (URLSearchParams decodes it). */
function parseSearch(search: string) {
  return parseQuery(new URLSearchParams(search).entries());
}

/** Runs `parse` and returns the PGRST100 error it must throw. */
function parseFailure(parse: () => unknown): PostgrestError {
  let thrown: unknown = null;
  try {
    parse();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(PostgrestError);
  expect(thrown).toMatchObject({ status: 400, code: 'PGRST100' });
  return thrown as PostgrestError;
}

/** Expected filter nodes, as the parser builds them. */
const compare = (column: string, operator: string, value: string, negated = false) => ({
  kind: 'compare',
  column,
  negated,
  operator,
  value,
});
const isNode = (column: string, value: string, negated: boolean) => ({ kind: 'is', column, negated, value });
const logic = (operator: 'and' | 'or', negated: boolean, children: object[]) => ({
  kind: 'logic',
  operator,
  negated,
  children,
});

// PostgREST's documented operators (docs.postgrest.org, Operators).
const comparisonOperators = 'eq neq gt gte lt lte like ilike match imatch isdistinct'.split(' ');
const quantifiableOperators = 'eq gt gte lt lte like ilike match imatch'.split(' ');

describe('parseQuery defaults', () => {
  it('returns an empty query for no parameters', () => {
    expect(parseQuery([])).toEqual({
      select: null,
      filters: [],
      order: [],
      limit: null,
      offset: null,
      onConflict: null,
      columns: null,
      args: [],
    });
  });
});

describe('comparison operators', () => {
  it.each(comparisonOperators)('%s produces a compare condition', (operator) => {
    expect(filter('topic', `${operator}.hello world`)).toEqual({
      kind: 'compare',
      column: 'topic',
      negated: false,
      operator,
      value: 'hello world',
    });
  });

  it.each(comparisonOperators)('not.%s is the negated compare condition', (operator) => {
    expect(filter('topic', `not.${operator}.x`)).toEqual({
      kind: 'compare',
      column: 'topic',
      negated: true,
      operator,
      value: 'x',
    });
  });

  it('keeps * wildcards of like/ilike for the builder', () => {
    expect(filter('topic', 'like.*rust*')).toMatchObject({ operator: 'like', value: '*rust*' });
    expect(filter('topic', 'ilike.*Rust%')).toMatchObject({ operator: 'ilike', value: '*Rust%' });
  });

  it('accepts an empty value', () => {
    expect(filter('topic', 'eq.')).toMatchObject({ kind: 'compare', operator: 'eq', value: '' });
  });
});

describe('top-level values are verbatim', () => {
  it.each([
    ['eq.a,b(c)', 'a,b(c)'],
    ['eq.a.b.c', 'a.b.c'],
    ['eq."quoted"', '"quoted"'],
    ['eq.(1,2)', '(1,2)'],
    ['eq.{a,b}', '{a,b}'],
    ["eq.'; drop table posts; --", "'; drop table posts; --"],
    ["eq.'); drop table posts; --", "'); drop table posts; --"],
    ['eq.1 or 1=1', '1 or 1=1'],
    ['eq.not.x', 'not.x'],
  ])('%s keeps the value %s', (expression, value) => {
    expect(filter('topic', expression)).toEqual({
      kind: 'compare',
      column: 'topic',
      negated: false,
      operator: 'eq',
      value,
    });
  });

  it('decodes percent-encoding once (URLSearchParams) and then takes the text as is', () => {
    const { filters } = parseSearch('topic=eq.%27%3B%20drop%20table%20posts%3B%20--');
    expect(filters).toEqual([
      { kind: 'compare', column: 'topic', negated: false, operator: 'eq', value: "'; drop table posts; --" },
    ]);
  });
});

describe('quantified operators', () => {
  it.each(
    quantifiableOperators.flatMap((operator) =>
      (['any', 'all'] as const).map((quantifier) => [operator, quantifier] as const),
    ),
  )('%s(%s) produces a quantified condition', (operator, quantifier) => {
    expect(filter('topic', `${operator}(${quantifier}).{a,b}`)).toEqual({
      kind: 'quantified',
      column: 'topic',
      negated: false,
      operator,
      quantifier,
      values: ['a', 'b'],
    });
  });

  it('parses eq(any) with quoted elements and negation', () => {
    expect(filter('id', 'not.eq(any).{"a,b",c, d }')).toEqual({
      kind: 'quantified',
      column: 'id',
      negated: true,
      operator: 'eq',
      quantifier: 'any',
      values: ['a,b', 'c', 'd'],
    });
  });

  it('keeps like(all) wildcards', () => {
    expect(filter('topic', 'like(all).{*rust*,*wasm*}')).toMatchObject({
      kind: 'quantified',
      operator: 'like',
      quantifier: 'all',
      values: ['*rust*', '*wasm*'],
    });
  });

  it('accepts an empty list', () => {
    expect(filter('id', 'eq(any).{}')).toMatchObject({ kind: 'quantified', values: [] });
  });
});

describe('in', () => {
  it('parses a plain list', () => {
    expect(filter('id', 'in.(1,2,3)')).toEqual({
      kind: 'in',
      column: 'id',
      negated: false,
      values: ['1', '2', '3'],
    });
  });

  it('keeps commas inside double-quoted elements', () => {
    expect(filter('topic', 'in.("a,b",c)')).toEqual({
      kind: 'in',
      column: 'topic',
      negated: false,
      values: ['a,b', 'c'],
    });
  });

  it('unescapes \\" and \\\\ inside quoted elements', () => {
    expect(filter('topic', 'in.("say \\"hi\\"","back\\\\slash",")")')).toMatchObject({
      kind: 'in',
      values: ['say "hi"', 'back\\slash', ')'],
    });
  });

  it('trims spaces around elements', () => {
    expect(filter('id', 'in.( a , b )')).toMatchObject({ values: ['a', 'b'] });
  });

  it('parses an empty list', () => {
    expect(filter('id', 'in.()')).toEqual({ kind: 'in', column: 'id', negated: false, values: [] });
  });

  it('supports not.in', () => {
    expect(filter('id', 'not.in.(1,2)')).toEqual({
      kind: 'in',
      column: 'id',
      negated: true,
      values: ['1', '2'],
    });
  });

  it('decodes a supabase-js style encoded list', () => {
    const { filters } = parseSearch('topic=in.%28%22a%2Cb%22%2Cc%29');
    expect(filters).toEqual([{ kind: 'in', column: 'topic', negated: false, values: ['a,b', 'c'] }]);
  });
});

describe('is', () => {
  it.each([
    ['null', 'null'],
    ['NULL', 'null'],
    ['Null', 'null'],
    ['not_null', 'not_null'],
    ['NOT_NULL', 'not_null'],
    ['true', 'true'],
    ['TRUE', 'true'],
    ['false', 'false'],
    ['False', 'false'],
    ['unknown', 'unknown'],
    ['UNKNOWN', 'unknown'],
  ])('is.%s → %s', (input, value) => {
    expect(filter('is_published', `is.${input}`)).toEqual({
      kind: 'is',
      column: 'is_published',
      negated: false,
      value,
    });
  });

  it('supports not.is', () => {
    expect(filter('topic', 'not.is.null')).toEqual({
      kind: 'is',
      column: 'topic',
      negated: true,
      value: 'null',
    });
  });
});

describe('array operators', () => {
  it.each(['cs', 'cd', 'ov'] as const)('%s keeps the array literal as the value', (operator) => {
    expect(filter('tags', `${operator}.{a,"b c"}`)).toEqual({
      kind: 'array',
      column: 'tags',
      negated: false,
      operator,
      value: '{a,"b c"}',
    });
  });

  it('accepts range literals for ov and negation', () => {
    expect(filter('during', 'not.ov.[2024-01-01,2024-02-01)')).toEqual({
      kind: 'array',
      column: 'during',
      negated: true,
      operator: 'ov',
      value: '[2024-01-01,2024-02-01)',
    });
  });
});

describe('text search operators', () => {
  it.each(['fts', 'plfts', 'phfts', 'wfts'] as const)('%s without a language', (operator) => {
    expect(filter('body', `${operator}.fat & rat`)).toEqual({
      kind: 'text_search',
      column: 'body',
      negated: false,
      operator,
      language: null,
      value: 'fat & rat',
    });
  });

  it.each(['fts', 'plfts', 'phfts', 'wfts'] as const)('%s(english) with a language', (operator) => {
    expect(filter('body', `${operator}(english).cat`)).toEqual({
      kind: 'text_search',
      column: 'body',
      negated: false,
      operator,
      language: 'english',
      value: 'cat',
    });
  });

  it('supports negation and dots in the value', () => {
    expect(filter('body', 'not.wfts(simple).a.b "c d"')).toEqual({
      kind: 'text_search',
      column: 'body',
      negated: true,
      operator: 'wfts',
      language: 'simple',
      value: 'a.b "c d"',
    });
  });
});

describe('logic trees', () => {
  it('parses or=(…)', () => {
    expect(filter('or', '(a.eq.1,b.eq.2)')).toEqual(
      logic('or', false, [compare('a', 'eq', '1'), compare('b', 'eq', '2')]),
    );
  });

  it('parses and=(…)', () => {
    expect(filter('and', '(a.gte.1,a.lte.5)')).toEqual(
      logic('and', false, [compare('a', 'gte', '1'), compare('a', 'lte', '5')]),
    );
  });

  it.each([
    ['not.or', 'or'],
    ['not.and', 'and'],
  ] as const)('parses %s=(…) as a negated group', (key, operator) => {
    expect(filter(key, '(a.eq.1,b.is.null)')).toEqual({
      kind: 'logic',
      operator,
      negated: true,
      children: [compare('a', 'eq', '1'), isNode('b', 'null', false)],
    });
  });

  it('parses nested groups with a negated condition (column.not.op.value)', () => {
    expect(filter('or', '(a.eq.1,and(b.gt.2,c.not.is.null))')).toEqual(
      logic('or', false, [
        compare('a', 'eq', '1'),
        logic('and', false, [compare('b', 'gt', '2'), isNode('c', 'null', true)]),
      ]),
    );
  });

  it('parses negated nested groups and deep nesting', () => {
    expect(filter('and', '(a.eq.1,not.or(b.eq.2,and(c.eq.3,not.and(d.eq.4))))')).toEqual(
      logic('and', false, [
        compare('a', 'eq', '1'),
        logic('or', true, [
          compare('b', 'eq', '2'),
          logic('and', false, [
            compare('c', 'eq', '3'),
            {
              kind: 'logic',
              operator: 'and',
              negated: true,
              children: [compare('d', 'eq', '4')],
            },
          ]),
        ]),
      ]),
    );
  });

  it('unquotes double-quoted values, keeping commas, parentheses and escaped quotes', () => {
    const node = filter('or', '(topic.eq."a,b",topic.eq."x)y",topic.eq."say \\"hi\\"",topic.like."*a.b*")');
    expect(node).toMatchObject({ kind: 'logic', operator: 'or' });
    expect(node.kind === 'logic' && node.children).toEqual([
      compare('topic', 'eq', 'a,b'),
      compare('topic', 'eq', 'x)y'),
      compare('topic', 'eq', 'say "hi"'),
      compare('topic', 'like', '*a.b*'),
    ]);
  });

  it('unquotes the is value and the column name', () => {
    expect(filter('or', '("topic".is."NULL")')).toEqual({
      kind: 'logic',
      operator: 'or',
      negated: false,
      children: [isNode('topic', 'null', false)],
    });
  });

  it('parses in, quantifiers, array operators and text search inside a group', () => {
    const node = filter(
      'or',
      '(id.in.("a,b",c),id.eq(any).{1,2},tags.cs.{x,y},body.fts(english).cat,tags.not.ov.{z})',
    );
    expect(node.kind === 'logic' && node.children).toEqual([
      { kind: 'in', column: 'id', negated: false, values: ['a,b', 'c'] },
      {
        kind: 'quantified',
        column: 'id',
        negated: false,
        operator: 'eq',
        quantifier: 'any',
        values: ['1', '2'],
      },
      { kind: 'array', column: 'tags', negated: false, operator: 'cs', value: '{x,y}' },
      {
        kind: 'text_search',
        column: 'body',
        negated: false,
        operator: 'fts',
        language: 'english',
        value: 'cat',
      },
      { kind: 'array', column: 'tags', negated: true, operator: 'ov', value: '{z}' },
    ]);
  });

  it('trims spaces around elements', () => {
    expect(filter('or', '( a.eq.1 , b.eq.2 )')).toMatchObject({
      children: [
        { column: 'a', value: '1' },
        { column: 'b', value: '2' },
      ],
    });
  });

  it('decodes an encoded supabase-js .or() filter', () => {
    const { filters } = parseSearch('or=%28topic.eq.%22a%2Cb%22%2Cis_published.is.true%29');
    expect(filters).toEqual([
      logic('or', false, [compare('topic', 'eq', 'a,b'), isNode('is_published', 'true', false)]),
    ]);
  });
});

describe('select', () => {
  it.each([
    ['*', null],
    ['', null],
    [' * ', null],
    ['*,', null],
  ])('select=%j means all columns (null)', (value, expected) => {
    expect(parseSelect(value)).toBe(expected);
  });

  it('select is null when absent', () => {
    expect(parseQuery([['topic', 'eq.x']]).select).toBeNull();
  });

  it('parses columns, aliases and casts', () => {
    expect(parseSelect('id,t:topic,created_at::text,n:id::int')).toEqual([
      { column: 'id', alias: null, cast: null },
      { column: 'topic', alias: 't', cast: null },
      { column: 'created_at', alias: null, cast: 'text' },
      { column: 'id', alias: 'n', cast: 'int' },
    ]);
  });

  it('ignores whitespace around items, aliases and columns', () => {
    expect(parseSelect(' id , t : topic ,  created_at::date ')).toEqual([
      { column: 'id', alias: null, cast: null },
      { column: 'topic', alias: 't', cast: null },
      { column: 'created_at', alias: null, cast: 'date' },
    ]);
  });

  it('keeps * next to other items', () => {
    expect(parseSelect('*,alias:topic')).toEqual([
      { column: '*', alias: null, cast: null },
      { column: 'topic', alias: 'alias', cast: null },
    ]);
  });

  it('lower-cases the cast name', () => {
    expect(parseSelect('id::TEXT')).toEqual([{ column: 'id', alias: null, cast: 'text' }]);
  });

  it.each(['text', 'int', 'int8', 'bigint', 'numeric', 'boolean', 'date', 'timestamptz', 'jsonb', 'uuid'])(
    'allows the cast ::%s',
    (cast) => {
      expect(parseSelect(`id::${cast}`)).toEqual([{ column: 'id', alias: null, cast }]);
    },
  );

  it('unquotes double-quoted column and alias names', () => {
    expect(parseSelect('"my col","the alias":topic')).toEqual([
      { column: 'my col', alias: null, cast: null },
      { column: 'topic', alias: 'the alias', cast: null },
    ]);
  });

  it('the last select parameter wins', () => {
    expect(parseSearch('select=id&select=topic').select).toEqual([
      { column: 'topic', alias: null, cast: null },
    ]);
  });
});

describe('order', () => {
  it.each([
    ['created_at', { column: 'created_at', direction: 'asc', nulls: null }],
    ['created_at.asc', { column: 'created_at', direction: 'asc', nulls: null }],
    ['created_at.desc', { column: 'created_at', direction: 'desc', nulls: null }],
    ['created_at.nullsfirst', { column: 'created_at', direction: 'asc', nulls: 'first' }],
    ['created_at.nullslast', { column: 'created_at', direction: 'asc', nulls: 'last' }],
    ['created_at.desc.nullsfirst', { column: 'created_at', direction: 'desc', nulls: 'first' }],
    ['created_at.asc.nullslast', { column: 'created_at', direction: 'asc', nulls: 'last' }],
    ['"created_at".desc', { column: 'created_at', direction: 'desc', nulls: null }],
  ])('order=%s', (value, term) => {
    expect(parseOrder(value)).toEqual([term]);
  });

  it('parses several terms in order, ignoring whitespace and empty terms', () => {
    expect(parseOrder(' topic.asc , created_at.desc.nullslast,,id')).toEqual([
      { column: 'topic', direction: 'asc', nulls: null },
      { column: 'created_at', direction: 'desc', nulls: 'last' },
      { column: 'id', direction: 'asc', nulls: null },
    ]);
  });

  it('is part of parseQuery', () => {
    expect(parseSearch('order=created_at.desc').order).toEqual([
      { column: 'created_at', direction: 'desc', nulls: null },
    ]);
  });
});

describe('limit, offset, on_conflict, columns', () => {
  it('parses limit and offset as integers', () => {
    const query = parseSearch('limit=10&offset=0');
    expect(query.limit).toBe(10);
    expect(query.offset).toBe(0);
  });

  it('parses on_conflict as a column list', () => {
    expect(parseSearch('on_conflict=user_id,title').onConflict).toEqual(['user_id', 'title']);
  });

  it('parses columns as supabase-js sends them (quoted, comma-joined)', () => {
    expect(parseSearch('columns=%22user_id%22%2C%22title%22').columns).toEqual(['user_id', 'title']);
    expect(parseQuery([['columns', '"user_id", "title"']]).columns).toEqual(['user_id', 'title']);
  });

  it('keeps commas inside a quoted column name', () => {
    expect(parseQuery([['on_conflict', '"a,b",c']]).onConflict).toEqual(['a,b', 'c']);
  });
});

describe('repeated keys', () => {
  it('keeps every filter, in order, AND-ed at the top level', () => {
    const { filters } = parseSearch(
      'created_at=gt.2024-01-01&created_at=lt.2025-01-01&or=(a.eq.1,b.eq.2)&topic=is.null',
    );
    expect(filters).toEqual([
      compare('created_at', 'gt', '2024-01-01'),
      compare('created_at', 'lt', '2025-01-01'),
      logic('or', false, [compare('a', 'eq', '1'), compare('b', 'eq', '2')]),
      isNode('topic', 'null', false),
    ]);
  });

  it('the last limit, offset and order win', () => {
    const query = parseSearch('limit=5&limit=7&offset=1&offset=2&order=id&order=topic.desc');
    expect(query.limit).toBe(7);
    expect(query.offset).toBe(2);
    expect(query.order).toEqual([{ column: 'topic', direction: 'desc', nulls: null }]);
  });
});

describe('rejections (PGRST100)', () => {
  it.each([
    ['unknown operator', 'topic', 'eqx.1'],
    ['unknown negated operator', 'topic', 'not.eqx.1'],
    ['double negation', 'topic', 'not.not.eq.1'],
    ['missing dot', 'topic', 'eq'],
    ['only not.', 'topic', 'not.'],
    ['operator without a value separator', 'topic', 'not.eq'],
    ['bad quantifier', 'topic', 'eq(some).{a}'],
    ['upper-case quantifier', 'topic', 'eq(ANY).{a}'],
    ['quantifier on in', 'topic', 'in(any).{a}'],
    ['quantifier on is', 'topic', 'is(any).{null}'],
    ['quantifier on an array operator', 'tags', 'cs(any).{a}'],
    ['quantifier on isdistinct', 'topic', 'isdistinct(any).{a}'],
    ['quantifier on neq', 'topic', 'neq(any).{a}'],
    ['negated quantifier on neq', 'topic', 'not.neq(all).{a}'],
    ['quantified list without braces', 'topic', 'eq(any).a,b'],
    ['quantified list with parentheses', 'topic', 'eq(any).(a,b)'],
    ['is.maybe', 'topic', 'is.maybe'],
    ['is with an empty value', 'topic', 'is.'],
    ['in without parentheses', 'topic', 'in.a,b'],
    ['in without a closing parenthesis', 'topic', 'in.(a,b'],
    ['in with unbalanced inner parentheses', 'topic', 'in.(a,(b)'],
    ['in with an unterminated quote', 'topic', 'in.("a,b)'],
    ['filter on an embedded resource', 'author.name', 'eq.x'],
    ['logic tree on an embedded resource', 'author.or', '(name.eq.x)'],
    ['empty key', '', 'eq.x'],
  ])('%s (%s=%s)', (_name, key, value) => {
    parseFailure(() => parseQuery([[key, value]]));
  });

  it('names the failing expression in the message', () => {
    const error = parseFailure(() => parseQuery([['topic', 'eqx.1']]));
    expect(error.message).toContain('eqx.1');
  });

  it.each([
    ['empty group', 'or', '()'],
    ['group of empty elements', 'or', '(,)'],
    ['missing parentheses', 'or', 'a.eq.1'],
    ['missing closing parenthesis', 'or', '(a.eq.1'],
    ['missing opening parenthesis', 'and', 'a.eq.1)'],
    ['unbalanced inner parentheses', 'or', '(a.eq.1,and(b.eq.2)'],
    ['extra closing parenthesis', 'or', '(a.eq.1))'],
    ['two groups side by side', 'or', '(a.eq.1),(b.eq.2)'],
    ['nested groups glued together', 'or', '(and(a.eq.1)or(b.eq.2))'],
    ['unterminated quote', 'or', '(a.eq."x,b.eq.2)'],
    ['empty nested group', 'or', '(a.eq.1,and())'],
    ['element without an operator', 'or', '(a)'],
    ['element without a column', 'or', '(.eq.1)'],
    ['unknown operator inside', 'or', '(a.eqx.1)'],
    ['bad is value inside', 'not.and', '(a.is.maybe)'],
    ['in without parentheses inside', 'or', '(a.in.1,2)'],
    // PostgREST negates a condition as column.not.op.value; not.column.op.value is not its syntax.
    ['not. before the column', 'or', '(a.eq.1,and(b.gt.2,not.c.is.null))'],
  ])('logic tree: %s (%s=%s)', (_name, key, value) => {
    parseFailure(() => parseQuery([[key, value]]));
  });

  it.each([
    ['embedded resource', 'author(name)'],
    ['embedded resource with hint', 'id,author!inner(name)'],
    ['aliased embedded resource', 'a:author(*)'],
    ['aggregate', 'count()'],
    ['JSON path ->', 'data->a'],
    ['JSON path ->>', 'data->>a'],
    ['spread', '...author(name)'],
    ['unbalanced parenthesis', 'id,(x'],
    ['stray closing parenthesis', 'id)'],
    ['unterminated quote', '"id'],
    ['unsupported cast', 'col::regclass'],
    ['unsupported cast with alias', 'a:col::pg_catalog'],
    ['array cast', 'col::text[]'],
    ['empty cast', 'col::'],
    ['empty column after alias', 'a:'],
    ['empty alias', ':col'],
    ['two aliases', 'a:b:c'],
  ])('select: %s (%s)', (_name, value) => {
    parseFailure(() => parseSelect(value));
    parseFailure(() => parseQuery([['select', value]]));
  });

  it.each([
    ['unknown modifier', 'created_at.up'],
    ['upper-case modifier', 'created_at.DESC'],
    ['direction after nulls', 'created_at.nullsfirst.desc'],
    ['two directions', 'created_at.desc.asc'],
    ['two nulls modifiers', 'created_at.nullsfirst.nullslast'],
    ['trailing dot', 'created_at.desc.'],
    ['missing column', '.desc'],
    ['embedded resource', 'author(name).desc'],
  ])('order: %s (%s)', (_name, value) => {
    parseFailure(() => parseOrder(value));
    parseFailure(() => parseQuery([['order', value]]));
  });

  it.each(['limit', 'offset'])('%s must be an integer', (key) => {
    for (const value of ['abc', '1.5', '', ' 5', '1e3', '0x10', '9999999999']) {
      parseFailure(() => parseQuery([[key, value]]));
    }
  });

  it('lets a negative limit through, to be refused as an empty range (416), and refuses a negative offset', () => {
    expect(parseQuery([['limit', '-1']]).limit).toBe(-1);
    parseFailure(() => parseQuery([['offset', '-1']]));
  });

  it.each(['on_conflict', 'columns'])('%s needs at least one column', (key) => {
    parseFailure(() => parseQuery([[key, '']]));
    parseFailure(() => parseQuery([[key, ' , ']]));
  });
});

describe('PGRST100 error bodies', () => {
  /** PostgREST's JSON error body for a parse failure. */
  const body = (message: string, details: string) => ({ code: 'PGRST100', message, details, hint: null });
  const unsupported =
    'embedded resources, aggregates, spreads and JSON paths are not supported by this server';
  const badModifier = 'expecting "asc", "desc", "nullsfirst" or "nullslast"';

  it.each([
    ['limit', 'abc', body('"failed to parse limit parameter (abc)"', 'expecting an integer')],
    ['offset', '-1', body('"failed to parse offset parameter (-1)"', 'expecting a non-negative integer')],
    ['on_conflict', ' , ', body('"failed to parse on_conflict parameter ( , )"', 'expecting column names')],
    ['columns', '', body('"failed to parse columns parameter ()"', 'expecting column names')],
    [
      'select',
      'id,(x',
      body('"failed to parse select parameter (id,(x)"', 'unbalanced parentheses or quotes'),
    ],
    ['select', 'id,author(name)', body('"failed to parse select parameter (id,author(name))"', unsupported)],
    ['select', 'a:b:c', body('"failed to parse select parameter (a:b:c)"', 'unexpected "a:b:c"')],
    [
      'select',
      'n:col::regclass',
      body('"failed to parse select parameter (n:col::regclass)"', 'unsupported cast "regclass"'),
    ],
    [
      'order',
      'author(name).desc',
      body('"failed to parse order (author(name).desc)"', 'ordering by embedded resources is not supported'),
    ],
    [
      'order',
      'id,created_at.up',
      body('"failed to parse order (id,created_at.up)"', `unexpected "up" ${badModifier}`),
    ],
    ['order', 'id,.desc', body('"failed to parse order (id,.desc)"', 'expecting a column name')],
  ])('%s=%s', (key, value, expected) => {
    let thrown: unknown = null;
    try {
      parseQuery([[key, value]]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PostgrestError);
    expect((thrown as PostgrestError).status).toBe(400);
    expect((thrown as PostgrestError).toJSON()).toEqual(expected);
  });
});

describe('integer bounds of limit and offset', () => {
  it('accepts up to nine digits', () => {
    expect(parseQuery([['offset', '123456789']]).offset).toBe(123456789);
    expect(parseQuery([['limit', '-123456789']]).limit).toBe(-123456789);
    parseFailure(() => parseQuery([['offset', '1234567890']]));
    parseFailure(() => parseQuery([['limit', '-1234567890']]));
  });
});

describe('select item limit', () => {
  it('accepts 100 items', () => {
    const value = Array.from({ length: 100 }, (_, index) => `c${index}`).join(',');
    expect(parseSelect(value)).toHaveLength(100);
  });

  it('refuses 101 items, abbreviating the list in the message', () => {
    const value = Array.from({ length: 101 }, (_, index) => `column${index}`).join(',');
    const error = parseFailure(() => parseSelect(value));
    expect(error.toJSON()).toEqual({
      code: 'PGRST100',
      message: `"failed to parse select parameter (${value.slice(0, 200)}…)"`,
      details: 'select lists more than 100 items; this server allows at most 100',
      hint: null,
    });
  });

  it('counts empty items towards the limit', () => {
    parseFailure(() => parseSelect(`id${','.repeat(100)}`));
  });
});

describe('function arguments on GET /rpc (rpcRead)', () => {
  it('takes a value that is not an operator expression as an argument', () => {
    expect(parseQuery([['name', 'hello']], { rpcRead: true })).toMatchObject({
      filters: [],
      args: [['name', 'hello']],
    });
  });

  it('still reads operator expressions as filters on the result', () => {
    expect(parseQuery([['id', 'eq.5']], { rpcRead: true })).toMatchObject({
      filters: [compare('id', 'eq', '5')],
      args: [],
    });
    expect(parseQuery([['id', 'not.in.(1,2)']], { rpcRead: true })).toMatchObject({
      filters: [{ kind: 'in', column: 'id', negated: true, values: ['1', '2'] }],
      args: [],
    });
  });

  it('without rpcRead such a value is a malformed filter', () => {
    parseFailure(() => parseQuery([['name', 'hello']]));
  });
});
