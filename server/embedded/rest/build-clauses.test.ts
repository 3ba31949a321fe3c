import { describe, expect, it } from 'vitest';
import { buildOrder, buildSelectList, buildWhere, requireColumn, tableRef } from './build-clauses.ts';
import type { ColumnInfo, TableInfo } from './catalog.ts';
import { parseOrder, parseQuery, parseSelect } from './parse-query.ts';
import { PostgrestError } from './postgrest-error.ts';
import type { FilterNode } from './query-ast.ts';
import { SqlParams, quoteIdent, toArrayLiteral } from './sql-params.ts';

function table(name: string, columns: [string, string][]): TableInfo {
  return {
    schema: 'public',
    name,
    columns: new Map(
      columns.map(([column, type]): [string, ColumnInfo] => [
        column,
        { name: column, type, defaultSql: null },
      ]),
    ),
    primaryKey: ['id'],
  };
}

const posts = table('posts', [
  ['id', 'uuid'],
  ['user_id', 'uuid'],
  ['topic', 'text'],
  ['is_published', 'boolean'],
  ['created_at', 'timestamp with time zone'],
  ['tags', 'text[]'],
]);

const userId = '6f1c2a4e-8b7d-4c3a-9e2f-1a2b3c4d5e6f';
const injection = "'); drop table posts; --";

/** WHERE clause and bound values for hand-built filters. */
function where(...filters: FilterNode[]): { sql: string; params: unknown[] } {
  const params = new SqlParams();
  const sql = buildWhere(posts, filters, params);
  return { sql, params: params.values };
}

/** WHERE clause and bound values for a query string, through the real parser. */
function whereOf(search: string): { sql: string; params: unknown[] } {
  return where(...parseQuery(new URLSearchParams(search).entries()).filters);
}

function expectUnknownColumn(run: () => unknown, name: string): void {
  let thrown: unknown = null;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(PostgrestError);
  expect(thrown).toMatchObject({
    status: 400,
    code: '42703',
    message: `column posts.${name} does not exist`,
  });
}

describe('SqlParams', () => {
  it('numbers placeholders from $1 and collects the values in order', () => {
    const params = new SqlParams();
    expect(params.add('a')).toBe('$1');
    expect(params.add(2)).toBe('$2');
    expect(params.add(null)).toBe('$3');
    expect(params.values).toEqual(['a', 2, null]);
  });
});

describe('quoteIdent', () => {
  it.each([
    ['posts', '"posts"'],
    ['user_id', '"user_id"'],
    ['My Column', '"My Column"'],
    ['a"b', '"a""b"'],
    ['a""b', '"a""""b"'],
    ['x"; drop table posts; --', '"x""; drop table posts; --"'],
    ['', '""'],
  ])('%s → %s', (name, quoted) => {
    expect(quoteIdent(name)).toBe(quoted);
  });
});

describe('toArrayLiteral', () => {
  it.each([
    [[], '{}'],
    [['a', 'b'], '{"a","b"}'],
    [['a,b', '{x}', 'NULL', ''], '{"a,b","{x}","NULL",""}'],
    [['say "hi"'], '{"say \\"hi\\""}'],
    [['back\\slash'], '{"back\\\\slash"}'],
    // The backslash is escaped before the quote, so \" becomes \\\" and not \\".
    [['\\"'], '{"\\\\\\""}'],
    [[injection], `{"${injection}"}`],
  ])('%j → %s', (values, literal) => {
    expect(toArrayLiteral(values)).toBe(literal);
  });
});

describe('tableRef', () => {
  it('quotes schema and table', () => {
    expect(tableRef(posts)).toBe('"public"."posts"');
    expect(tableRef({ ...posts, name: 'we"ird' })).toBe('"public"."we""ird"');
  });
});

describe('requireColumn', () => {
  it('returns the catalog entry', () => {
    expect(requireColumn(posts, 'created_at')).toEqual({
      name: 'created_at',
      type: 'timestamp with time zone',
      defaultSql: null,
    });
  });

  it.each([
    'nope',
    'Topic',
    'topic ',
    '"topic"',
    'topic"; drop table posts; --',
    '*',
    'toString',
    '__proto__',
  ])('rejects %j with 42703', (name) => {
    expectUnknownColumn(() => requireColumn(posts, name), name);
  });
});

describe('buildWhere', () => {
  it('is empty without filters', () => {
    expect(where()).toEqual({ sql: '', params: [] });
  });

  it('binds the value and casts it to the column type', () => {
    expect(whereOf(`user_id=eq.${userId}`)).toEqual({ sql: ' where "user_id" = $1::uuid', params: [userId] });
  });

  it.each([
    ['eq', '='],
    ['neq', '<>'],
    ['gt', '>'],
    ['gte', '>='],
    ['lt', '<'],
    ['lte', '<='],
    ['isdistinct', 'is distinct from'],
  ] as const)('%s → %s', (operator, sqlOperator) => {
    expect(
      where({ kind: 'compare', column: 'created_at', negated: false, operator, value: '2024-01-01' }),
    ).toEqual({
      sql: ` where "created_at" ${sqlOperator} $1::timestamp with time zone`,
      params: ['2024-01-01'],
    });
  });

  it.each([
    ['like', 'like', '*rust*', '%rust%'],
    ['ilike', 'ilike', '*Rust*wasm', '%Rust%wasm'],
    ['like', 'like', 'no wildcard', 'no wildcard'],
    ['match', '~', '^a.*b$', '^a.*b$'],
    ['imatch', '~*', 'x*', 'x*'],
  ] as const)(
    '%s casts the column to text and binds the pattern (%s)',
    (operator, sqlOperator, value, bound) => {
      expect(where({ kind: 'compare', column: 'topic', negated: false, operator, value })).toEqual({
        sql: ` where "topic"::text ${sqlOperator} $1`,
        params: [bound],
      });
    },
  );

  it('casts a non-text column to text for like', () => {
    expect(whereOf('id=like.6f1c*')).toEqual({ sql: ' where "id"::text like $1', params: ['6f1c%'] });
  });

  it('binds a quantified list as one array literal of the column type', () => {
    expect(whereOf(`id=eq(any).{${userId},"b"}`)).toEqual({
      sql: ' where "id" = any($1::uuid[])',
      params: [`{"${userId}","b"}`],
    });
    expect(whereOf('created_at=gt(all).{2024-01-01,2024-06-01}')).toEqual({
      sql: ' where "created_at" > all($1::timestamp with time zone[])',
      params: ['{"2024-01-01","2024-06-01"}'],
    });
  });

  it('turns * into % in like(all) / ilike(any) lists and compares as text', () => {
    expect(whereOf('topic=like(all).{*rust*,*wasm*}')).toEqual({
      sql: ' where "topic"::text like all($1::text[])',
      params: ['{"%rust%","%wasm%"}'],
    });
    expect(whereOf('id=ilike(any).{6f*}')).toEqual({
      sql: ' where "id"::text ilike any($1::text[])',
      params: ['{"6f%"}'],
    });
    expect(whereOf('topic=match(any).{a*}')).toEqual({
      sql: ' where "topic"::text ~ any($1::text[])',
      params: ['{"a*"}'],
    });
  });

  it('binds an in list as one array literal', () => {
    expect(whereOf('topic=in.("a,b",c,"say \\"hi\\"")')).toEqual({
      sql: ' where "topic" = any($1::text[])',
      params: ['{"a,b","c","say \\"hi\\""}'],
    });
    expect(whereOf(`user_id=in.(${userId})`)).toEqual({
      sql: ' where "user_id" = any($1::uuid[])',
      params: [`{"${userId}"}`],
    });
  });

  it('binds an empty in list as an empty array', () => {
    expect(whereOf('id=in.()')).toEqual({ sql: ' where "id" = any($1::uuid[])', params: ['{}'] });
  });

  it.each([
    ['topic', 'null', '"topic" is null'],
    ['topic', 'not_null', '"topic" is not null'],
    ['is_published', 'true', '"is_published" is true'],
    ['is_published', 'false', '"is_published" is false'],
    ['is_published', 'unknown', '"is_published" is unknown'],
  ] as const)('%s is %s binds nothing', (column, value, sql) => {
    expect(where({ kind: 'is', column, negated: false, value })).toEqual({
      sql: ` where ${sql}`,
      params: [],
    });
  });

  it.each([
    ['cs', '@>'],
    ['cd', '<@'],
    ['ov', '&&'],
  ] as const)('%s → %s with the value cast to the column type', (operator, sqlOperator) => {
    expect(where({ kind: 'array', column: 'tags', negated: false, operator, value: '{a,b}' })).toEqual({
      sql: ` where "tags" ${sqlOperator} $1::text[]`,
      params: ['{a,b}'],
    });
  });

  it.each([
    ['fts', 'to_tsquery'],
    ['plfts', 'plainto_tsquery'],
    ['phfts', 'phraseto_tsquery'],
    ['wfts', 'websearch_to_tsquery'],
  ] as const)('%s → %s, the language bound as regconfig', (operator, fn) => {
    expect(
      where({ kind: 'text_search', column: 'topic', negated: false, operator, language: null, value: 'cat' }),
    ).toEqual({
      sql: ` where "topic" @@ ${fn}($1)`,
      params: ['cat'],
    });
    expect(
      where({
        kind: 'text_search',
        column: 'topic',
        negated: false,
        operator,
        language: 'english',
        value: 'cat',
      }),
    ).toEqual({
      sql: ` where "topic" @@ ${fn}($1::regconfig, $2)`,
      params: ['english', 'cat'],
    });
  });

  it('wraps a negated condition in not (…)', () => {
    expect(whereOf(`user_id=not.eq.${userId}`)).toEqual({
      sql: ' where not ("user_id" = $1::uuid)',
      params: [userId],
    });
    expect(whereOf('topic=not.is.null')).toEqual({ sql: ' where not ("topic" is null)', params: [] });
    expect(whereOf('topic=not.in.(a,b)')).toEqual({
      sql: ' where not ("topic" = any($1::text[]))',
      params: ['{"a","b"}'],
    });
  });

  it('ANDs top-level filters and numbers their parameters in order', () => {
    expect(
      whereOf(`user_id=eq.${userId}&created_at=gte.2024-01-01&topic=is.null&is_published=eq.true`),
    ).toEqual({
      sql:
        ' where "user_id" = $1::uuid and "created_at" >= $2::timestamp with time zone and "topic" is null' +
        ' and "is_published" = $3::boolean',
      params: [userId, '2024-01-01', 'true'],
    });
  });

  it('continues numbering after parameters already added', () => {
    const params = new SqlParams();
    params.add('payload');
    const sql = buildWhere(posts, parseQuery([['topic', 'eq.x']]).filters, params);
    expect(sql).toBe(' where "topic" = $2::text');
    expect(params.values).toEqual(['payload', 'x']);
  });

  it('nests logic trees in parentheses', () => {
    expect(whereOf('or=(topic.eq.a,and(is_published.is.true,created_at.gt.2024-01-01))')).toEqual({
      sql: ' where ("topic" = $1::text or ("is_published" is true and "created_at" > $2::timestamp with time zone))',
      params: ['a', '2024-01-01'],
    });
  });

  it('negates logic trees with not (…)', () => {
    expect(whereOf('not.or=(topic.eq.a,topic.eq.b)')).toEqual({
      sql: ' where not ("topic" = $1::text or "topic" = $2::text)',
      params: ['a', 'b'],
    });
    expect(whereOf('and=(topic.not.is.null,not.or(tags.cs.{a,b},id.eq(any).{x}))')).toEqual({
      sql: ' where (not ("topic" is null) and not ("tags" @> $1::text[] or "id" = any($2::uuid[])))',
      params: ['{a,b}', '{"x"}'],
    });
  });

  it('combines a logic tree with other filters', () => {
    expect(whereOf(`user_id=eq.${userId}&or=(topic.ilike.*a*,topic.is.null)`)).toEqual({
      sql: ' where "user_id" = $1::uuid and ("topic"::text ilike $2 or "topic" is null)',
      params: [userId, '%a%'],
    });
  });

  describe('injection attempts stay in the parameters', () => {
    it.each([
      ['eq', `topic=eq.${encodeURIComponent(injection)}`, [injection]],
      ['like', `topic=like.${encodeURIComponent(injection)}`, [injection]],
      ['in', `topic=in.(${encodeURIComponent(`"${injection}"`)})`, [`{"${injection}"}`]],
      ['quantified', `topic=eq(any).{${encodeURIComponent(`"${injection}"`)}}`, [`{"${injection}"}`]],
      ['array', `tags=cs.${encodeURIComponent(injection)}`, [injection]],
      ['text search', `topic=fts.${encodeURIComponent(injection)}`, [injection]],
      ['logic tree', `or=(topic.eq.${encodeURIComponent(`"${injection}"`)},topic.is.null)`, [injection]],
    ])('%s', (_name, search, params) => {
      const built = whereOf(search);
      expect(built.params).toEqual(params);
      expect(built.sql).not.toContain('drop');
      expect(built.sql).not.toContain("'");
      expect(built.sql).not.toContain('--');
    });

    it('binds the text-search language instead of splicing it', () => {
      const built = where({
        kind: 'text_search',
        column: 'topic',
        negated: false,
        operator: 'fts',
        language: injection,
        value: 'cat',
      });
      expect(built).toEqual({
        sql: ' where "topic" @@ to_tsquery($1::regconfig, $2)',
        params: [injection, 'cat'],
      });
    });

    it('rejects an injected column name before any SQL is built', () => {
      const column = "topic\" = '' or 1=1; drop table posts; --";
      expectUnknownColumn(
        () => where({ kind: 'compare', column, negated: false, operator: 'eq', value: 'x' }),
        column,
      );
    });
  });

  it.each([
    ['compare', { kind: 'compare', column: 'nope', negated: false, operator: 'eq', value: 'x' }],
    ['in', { kind: 'in', column: 'nope', negated: false, values: ['x'] }],
    ['is', { kind: 'is', column: 'nope', negated: false, value: 'null' }],
    ['array', { kind: 'array', column: 'nope', negated: true, operator: 'cs', value: '{}' }],
    [
      'nested logic',
      {
        kind: 'logic',
        operator: 'or',
        negated: false,
        children: [
          { kind: 'is', column: 'topic', negated: false, value: 'null' },
          {
            kind: 'logic',
            operator: 'and',
            negated: true,
            children: [{ kind: 'compare', column: 'nope', negated: false, operator: 'eq', value: 'x' }],
          },
        ],
      },
    ],
  ] as [string, FilterNode][])('throws 42703 for an unknown column in %s', (_name, node) => {
    expectUnknownColumn(() => where(node), 'nope');
  });

  it('quotes identifiers that contain a double quote', () => {
    const odd = table('posts', [['we"ird', 'text']]);
    const params = new SqlParams();
    expect(
      buildWhere(
        odd,
        [{ kind: 'compare', column: 'we"ird', negated: false, operator: 'eq', value: 'x' }],
        params,
      ),
    ).toBe(' where "we""ird" = $1::text');
    expect(params.values).toEqual(['x']);
  });
});

describe('buildSelectList', () => {
  it('is * for no select or select=*', () => {
    expect(buildSelectList(posts, null)).toBe('*');
    expect(buildSelectList(posts, parseSelect('*'))).toBe('*');
  });

  it('quotes columns, aliases and applies casts', () => {
    expect(buildSelectList(posts, parseSelect('id,t:topic,created_at::text,n:id::int'))).toBe(
      '"id", "topic" as "t", "created_at"::text as "created_at", "id"::int as "n"',
    );
  });

  it('keeps * next to aliased columns', () => {
    expect(buildSelectList(posts, parseSelect('*,alias:topic'))).toBe('*, "topic" as "alias"');
  });

  it('escapes a double quote in an alias', () => {
    expect(
      buildSelectList(posts, [{ column: 'topic', alias: 'a"b; drop table posts; --', cast: null }]),
    ).toBe('"topic" as "a""b; drop table posts; --"');
  });

  it('throws 42703 for an unknown column', () => {
    expectUnknownColumn(() => buildSelectList(posts, parseSelect('id,nope')), 'nope');
  });
});

describe('buildOrder', () => {
  it('is empty without terms', () => {
    expect(buildOrder(posts, [])).toBe('');
  });

  it('quotes columns and writes direction and nulls', () => {
    expect(buildOrder(posts, parseOrder('created_at.desc.nullslast,topic,id.asc.nullsfirst'))).toBe(
      ' order by "created_at" desc nulls last, "topic" asc, "id" asc nulls first',
    );
  });

  it('throws 42703 for an unknown column', () => {
    expectUnknownColumn(() => buildOrder(posts, parseOrder('topic,nope.desc')), 'nope');
  });
});
