import { aggregateRows, type BodySpec } from './body-sql.ts';
import { buildOrder, buildSelectList, buildWhere, requireColumn, tableRef } from './build-clauses.ts';
import type { Statement } from './build-statements.ts';
import type { TableInfo } from './catalog.ts';
import { PostgrestError } from './postgrest-error.ts';
import type { ParsedQuery } from './query-ast.ts';
import { SqlParams, quoteIdent } from './sql-params.ts';

/** What a write gives back: the representation's body, only the primary key (Location), or nothing. */
export interface WriteReturn {
  /** The body of `return=representation`, or null. */
  body: BodySpec | null;
  /** `return=headers-only` on an insert: the primary key of the single inserted row, for Location. */
  location: boolean;
}

export type ConflictResolution = 'merge' | 'ignore' | null;

export interface InsertOptions extends WriteReturn {
  rows: Record<string, unknown>[];
  resolution: ConflictResolution;
  missingDefault: boolean;
}

/**
 * Every write is one statement yielding `{ body, n }` (plus `inserted` for merge upserts and
 * `location`): the data-modifying statement runs as a CTE and is counted there, as PostgREST does,
 * so Content-Range, max-affected and .single() know how many rows it touched.
 */
function finish(
  table: TableInfo,
  query: ParsedQuery,
  write: string,
  params: SqlParams,
  returning: WriteReturn,
  extra: string[] = [],
): Statement {
  const needsRows = returning.body !== null || returning.location;
  const returningClause = write.startsWith('select ') ? '' : ` returning ${needsRows ? '*' : '1'}`;
  let source = `select 1 from _pgrst_m`;
  if (returning.body)
    source = `select ${buildSelectList(table, query.select)} from _pgrst_m${buildOrder(table, query.order)}`;
  const columns = [...extra];
  if (returning.location && table.primaryKey.length > 0) {
    const keys = table.primaryKey.map(quoteIdent).join(', ');
    // [[column, value as text], …] of the first row, as PostgREST's locationF reads it (json_each_text).
    columns.push(
      `(select json_agg(json_build_array(_pgrst_k.key, _pgrst_k.value))::text` +
        ` from (select row_to_json(_pgrst_l) as r from (select ${keys} from _pgrst_m limit 1) _pgrst_l) _pgrst_d` +
        ` cross join json_each_text(_pgrst_d.r) as _pgrst_k) as location`,
    );
  }
  const sql = `with _pgrst_m as (${write}${returningClause}) ${aggregateRows(source, returning.body, columns)}`;
  return { sql, params: params.values };
}

// PostgREST counts the rows an upsert really inserted in a transaction-local setting: +1 for each
// row offered to INSERT, -1 for each that hit a conflict and was updated instead.
const countInserted = (sign: '+' | '-') =>
  `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) ${sign} 1)::text, true)`;

/**
 * INSERT through json_populate_recordset, as PostgREST does, so JSON values are converted by the
 * column types themselves. Upserts add ON CONFLICT on `on_conflict` or the primary key; without
 * either there is no conflict target and, as in PostgREST, the resolution is ignored.
 */
export function buildInsert(table: TableInfo, query: ParsedQuery, options: InsertOptions): Statement {
  const named = insertColumns(table, query, options.rows);
  for (const name of named) requireBodyColumn(table, name);
  const columnNames = options.missingDefault ? withoutUngivenIdentity(table, named, options.rows) : named;
  const params = new SqlParams();
  const payload = params.add(JSON.stringify(options.rows));
  const target = tableRef(table);
  const quoted = columnNames.map(quoteIdent);
  const merge = options.resolution === 'merge';
  const where = merge ? ` where ${countInserted('+')} <> '0'` : '';
  let source: string;
  if (columnNames.length === 0) {
    source = `select from json_array_elements(${payload}::json)${where}`;
  } else if (options.missingDefault) {
    // A key absent from an object takes the column default instead of NULL.
    const values = columnNames.map((name) => {
      const fallback = table.columns.get(name)?.defaultSql ?? 'null';
      return `case when _pgrst_e.j::jsonb ? ${params.add(name)} then _pgrst_v.${quoteIdent(name)} else ${fallback} end`;
    });
    source =
      `select ${values.join(', ')} from json_array_elements(${payload}::json) with ordinality as _pgrst_e(j, i)` +
      ` cross join lateral json_populate_record(null::${target}, _pgrst_e.j) as _pgrst_v${where} order by _pgrst_e.i`;
  } else {
    source = `select ${quoted.join(', ')} from json_populate_recordset(null::${target}, ${payload}::json)${where}`;
  }
  let sql = columnNames.length
    ? `insert into ${target} (${quoted.join(', ')}) ${source}`
    : `insert into ${target} ${source}`;
  const conflict = options.resolution ? (query.onConflict ?? table.primaryKey) : [];
  if (conflict.length > 0) {
    const conflictTarget = conflict.map((name) => quoteIdent(requireColumn(table, name).name)).join(', ');
    const updates = quoted.map((column) => `${column} = excluded.${column}`);
    sql +=
      options.resolution === 'ignore' || updates.length === 0
        ? ` on conflict (${conflictTarget}) do nothing`
        : ` on conflict (${conflictTarget}) do update set ${updates.join(', ')} where ${countInserted('-')} <> '-1'`;
  }
  const inserted = merge ? ["nullif(current_setting('pgrst.inserted', true), '')::int as inserted"] : [];
  return finish(table, query, sql, params, options, inserted);
}

export function buildUpdate(
  table: TableInfo,
  query: ParsedQuery,
  patch: Record<string, unknown>,
  returning: WriteReturn,
): Statement {
  const names = Object.keys(patch);
  for (const name of names) requireBodyColumn(table, name);
  const params = new SqlParams();
  const target = tableRef(table);
  if (names.length === 0) {
    buildWhere(table, query.filters, new SqlParams()); // still refuses unknown columns in the filters
    // `{}` updates nothing; PostgREST selects no row of the table instead (no UPDATE … SET with nothing).
    return finish(table, query, `select * from ${target} where false`, params, returning);
  }
  const where = buildWhere(table, query.filters, params);
  const payload = params.add(JSON.stringify(patch));
  const quoted = names.map(quoteIdent);
  const assignments =
    `(${quoted.join(', ')}) = (select ${quoted.map((column) => `_pgrst_p.${column}`).join(', ')}` +
    ` from json_populate_record(null::${target}, ${payload}::json) as _pgrst_p)`;
  return finish(table, query, `update ${target} set ${assignments}${where}`, params, returning);
}

export function buildDelete(table: TableInfo, query: ParsedQuery, returning: WriteReturn): Statement {
  const params = new SqlParams();
  const where = buildWhere(table, query.filters, params);
  return finish(table, query, `delete from ${tableRef(table)}${where}`, params, returning);
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

/**
 * Under `missing=default`, a `generated always as identity` column that no object gives is left out
 * of the INSERT, so Postgres numbers it: a SELECT cannot yield the DEFAULT keyword, and NULL is
 * refused (428C9). Given by some object, it stays, and Postgres refuses that value as it would.
 */
function withoutUngivenIdentity(
  table: TableInfo,
  names: string[],
  rows: Record<string, unknown>[],
): string[] {
  return names.filter(
    (name) => !table.columns.get(name)?.alwaysIdentity || rows.some((row) => Object.hasOwn(row, name)),
  );
}

function requireBodyColumn(table: TableInfo, name: string): true {
  if (!table.columns.has(name)) {
    throw new PostgrestError(
      400,
      'PGRST204',
      `Could not find the '${name}' column of '${table.name}' in the schema cache`,
    );
  }
  return true;
}
