import type { TableInfo } from './catalog.ts';
import { buildOrder, buildSelectList, buildWhere, requireColumn, tableRef } from './build-clauses.ts';
import { PostgrestError } from './postgrest-error.ts';
import type { ParsedQuery } from './query-ast.ts';
import { SqlParams, quoteIdent } from './sql-params.ts';

export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * Every statement that returns rows yields one row `{ body, n }`: the rows as PostgREST's JSON
 * array (json_agg keeps column types faithful) and how many there are.
 */
function aggregate(rowsSql: string): string {
  return `select coalesce(json_agg(_pgrst_r), '[]')::text as body, count(*)::int as n from (${rowsSql}) _pgrst_r`;
}

export function buildRead(table: TableInfo, query: ParsedQuery, maxRows: number | null): { rows: Statement; count: Statement } {
  const params = new SqlParams();
  const where = buildWhere(table, query.filters, params);
  const limit = maxRows === null ? query.limit : Math.min(query.limit ?? maxRows, maxRows);
  const rowsSql =
    `select ${buildSelectList(table, query.select)} from ${tableRef(table)}${where}${buildOrder(table, query.order)}` +
    (limit !== null ? ` limit ${limit}` : '') +
    (query.offset !== null ? ` offset ${query.offset}` : '');
  return {
    rows: { sql: aggregate(rowsSql), params: params.values },
    count: { sql: `select count(*)::int as n from ${tableRef(table)}${where}`, params: params.values },
  };
}

export type ConflictResolution = 'merge' | 'ignore' | null;

export interface InsertOptions {
  rows: Record<string, unknown>[];
  resolution: ConflictResolution;
  missingDefault: boolean;
  returning: boolean;
}

/**
 * INSERT through json_populate_recordset, as PostgREST does, so JSON values are converted by the
 * column types themselves. Upserts add ON CONFLICT on `on_conflict` or the primary key.
 */
export function buildInsert(table: TableInfo, query: ParsedQuery, options: InsertOptions): Statement {
  const columnNames = insertColumns(table, query, options.rows);
  for (const name of columnNames) requireBodyColumn(table, name);
  const params = new SqlParams();
  const payload = params.add(JSON.stringify(options.rows));
  const target = tableRef(table);
  const quoted = columnNames.map(quoteIdent);
  let source: string;
  if (options.missingDefault) {
    // A key absent from an object takes the column default instead of NULL.
    const values = columnNames.map((name) => {
      const fallback = table.columns.get(name)?.defaultSql ?? 'null';
      return `case when _pgrst_e.j::jsonb ? ${params.add(name)} then _pgrst_v.${quoteIdent(name)} else ${fallback} end`;
    });
    source =
      `select ${values.join(', ')} from json_array_elements(${payload}::json) with ordinality as _pgrst_e(j, i)` +
      ` cross join lateral json_populate_record(null::${target}, _pgrst_e.j) as _pgrst_v order by _pgrst_e.i`;
  } else {
    source = `select ${quoted.join(', ')} from json_populate_recordset(null::${target}, ${payload}::json)`;
  }
  let sql = columnNames.length
    ? `insert into ${target} (${quoted.join(', ')}) ${source}`
    : `insert into ${target} select from json_array_elements(${payload}::json)`;
  if (options.resolution) {
    const conflict = query.onConflict ?? table.primaryKey;
    if (conflict.length === 0) {
      throw new PostgrestError(400, '42P10', 'there is no unique or exclusion constraint matching the ON CONFLICT specification');
    }
    const target = conflict.map((name) => quoteIdent(requireColumn(table, name).name)).join(', ');
    const updates = quoted.map((column) => `${column} = excluded.${column}`);
    sql +=
      options.resolution === 'ignore' || updates.length === 0
        ? ` on conflict (${target}) do nothing`
        : ` on conflict (${target}) do update set ${updates.join(', ')}`;
  }
  return finish(table, query, sql, params, options.returning);
}

export function buildUpdate(
  table: TableInfo,
  query: ParsedQuery,
  patch: Record<string, unknown>,
  returning: boolean,
): Statement {
  const names = Object.keys(patch);
  for (const name of names) requireBodyColumn(table, name);
  const params = new SqlParams();
  const target = tableRef(table);
  const payload = params.add(JSON.stringify(patch));
  const quoted = names.map(quoteIdent);
  const assignments =
    `(${quoted.join(', ')}) = (select ${quoted.map((column) => `_pgrst_p.${column}`).join(', ')}` +
    ` from json_populate_record(null::${target}, ${payload}::json) as _pgrst_p)`;
  const where = buildWhere(table, query.filters, params);
  return finish(table, query, `update ${target} set ${assignments}${where}`, params, returning);
}

export function buildDelete(table: TableInfo, query: ParsedQuery, returning: boolean): Statement {
  const params = new SqlParams();
  const where = buildWhere(table, query.filters, params);
  return finish(table, query, `delete from ${tableRef(table)}${where}`, params, returning);
}

/** Mutations that must return rows run as a CTE so `select=` shapes the representation. */
function finish(table: TableInfo, query: ParsedQuery, sql: string, params: SqlParams, returning: boolean): Statement {
  if (!returning) return { sql, params: params.values };
  const selectList = buildSelectList(table, query.select);
  return {
    sql: `with _pgrst_m as (${sql} returning *) ${aggregate(`select ${selectList} from _pgrst_m`)}`,
    params: params.values,
  };
}

function insertColumns(table: TableInfo, query: ParsedQuery, rows: Record<string, unknown>[]): string[] {
  if (query.columns) return query.columns;
  const first = rows[0];
  if (!first) return [];
  const keys = Object.keys(first);
  const signature = [...keys].sort().join('\u0000');
  for (const row of rows) {
    if ([...Object.keys(row)].sort().join('\u0000') !== signature) {
      throw new PostgrestError(400, 'PGRST102', 'All object keys must match');
    }
  }
  return keys.filter((key) => table.columns.has(key) || requireBodyColumn(table, key));
}

function requireBodyColumn(table: TableInfo, name: string): true {
  if (!table.columns.has(name)) {
    throw new PostgrestError(400, 'PGRST204', `Could not find the '${name}' column of '${table.name}' in the schema cache`);
  }
  return true;
}
