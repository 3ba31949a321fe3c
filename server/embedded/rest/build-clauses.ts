import type { ColumnInfo, TableInfo } from './catalog.ts';
import { PostgrestError } from './postgrest-error.ts';
import type { Condition, FilterNode, OrderTerm, SelectItem } from './query-ast.ts';
import { quoteIdent, toArrayLiteral, type SqlParams } from './sql-params.ts';

export function tableRef(table: TableInfo): string {
  return `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`;
}

/** The catalog entry for `name`, or PostgreSQL's own "column does not exist" error. */
export function requireColumn(table: TableInfo, name: string): ColumnInfo {
  const column = table.columns.get(name);
  if (!column) throw new PostgrestError(400, '42703', `column ${table.name}.${name} does not exist`);
  return column;
}

export function buildSelectList(table: TableInfo, items: SelectItem[] | null): string {
  if (!items) return '*';
  return items
    .map((item) => {
      if (item.column === '*') return '*';
      const column = quoteIdent(requireColumn(table, item.column).name);
      const name = quoteIdent(item.alias ?? item.column);
      if (item.cast) return `${column}::${item.cast} as ${name}`;
      return item.alias ? `${column} as ${name}` : column;
    })
    .join(', ');
}

export function buildOrder(table: TableInfo, order: OrderTerm[]): string {
  if (order.length === 0) return '';
  const terms = order.map((term) => {
    const column = quoteIdent(requireColumn(table, term.column).name);
    const nulls = term.nulls ? ` nulls ${term.nulls}` : '';
    return `${column} ${term.direction}${nulls}`;
  });
  return ` order by ${terms.join(', ')}`;
}

export function buildWhere(table: TableInfo, filters: FilterNode[], params: SqlParams): string {
  if (filters.length === 0) return '';
  return ` where ${filters.map((filter) => buildFilter(table, filter, params)).join(' and ')}`;
}

function buildFilter(table: TableInfo, node: FilterNode, params: SqlParams): string {
  if (node.kind === 'logic') {
    const joined = node.children.map((child) => buildFilter(table, child, params)).join(` ${node.operator} `);
    return node.negated ? `not (${joined})` : `(${joined})`;
  }
  const sql = buildCondition(table, node, params);
  return node.negated ? `not (${sql})` : sql;
}

const sqlOperators = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  isdistinct: 'is distinct from',
} as const;

const patternOperators = new Set(['like', 'ilike', 'match', 'imatch']);
const textSearchFunctions = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;

function buildCondition(table: TableInfo, condition: Condition, params: SqlParams): string {
  const info = requireColumn(table, condition.column);
  const column = quoteIdent(info.name);
  switch (condition.kind) {
    case 'compare': {
      if (patternOperators.has(condition.operator)) {
        // PostgREST accepts `*` as the LIKE wildcard because `%` is awkward in URLs.
        const pattern = condition.operator.endsWith('like')
          ? condition.value.replaceAll('*', '%')
          : condition.value;
        return `${column}::text ${sqlOperators[condition.operator]} ${params.add(pattern)}`;
      }
      return `${column} ${sqlOperators[condition.operator]} ${params.add(condition.value)}::${info.type}`;
    }
    case 'quantified': {
      const quantifier = condition.quantifier;
      if (patternOperators.has(condition.operator)) {
        const values = condition.operator.endsWith('like')
          ? condition.values.map((value) => value.replaceAll('*', '%'))
          : condition.values;
        return `${column}::text ${sqlOperators[condition.operator]} ${quantifier}(${params.add(toArrayLiteral(values))}::text[])`;
      }
      return `${column} ${sqlOperators[condition.operator]} ${quantifier}(${params.add(toArrayLiteral(condition.values))}::${info.type}[])`;
    }
    case 'in':
      return `${column} = any(${params.add(toArrayLiteral(condition.values))}::${info.type}[])`;
    case 'is':
      return condition.value === 'not_null' ? `${column} is not null` : `${column} is ${condition.value}`;
    case 'array': {
      const operator = { cs: '@>', cd: '<@', ov: '&&' }[condition.operator];
      return `${column} ${operator} ${params.add(condition.value)}::${info.type}`;
    }
    case 'text_search': {
      const fn = textSearchFunctions[condition.operator];
      const query = condition.language
        ? `${fn}(${params.add(condition.language)}::regconfig, ${params.add(condition.value)})`
        : `${fn}(${params.add(condition.value)})`;
      return `${column} @@ ${query}`;
    }
  }
}
