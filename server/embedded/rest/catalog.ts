import type { Database } from '../db/open-database.ts';

export interface ColumnInfo {
  name: string;
  /** format_type() of the column, e.g. `uuid`, `timestamp with time zone`, `text[]`; spliced into casts. */
  type: string;
  /** The column default as SQL (pg_get_expr), used for `Prefer: missing=default`. */
  defaultSql: string | null;
}

export interface TableInfo {
  schema: string;
  name: string;
  columns: Map<string, ColumnInfo>;
  primaryKey: string[];
}

/** The exposed tables and views of one schema, read from pg_catalog (PostgREST's "schema cache"). */
export type Catalog = Map<string, TableInfo>;

export async function loadCatalog(db: Database, schema = 'public'): Promise<Catalog> {
  const { rows } = await db.query<{
    table_name: string;
    column_name: string;
    column_type: string;
    default_sql: string | null;
    primary_key: string[] | null;
  }>(
    `select c.relname as table_name,
            a.attname as column_name,
            format_type(a.atttypid, a.atttypmod) as column_type,
            pg_get_expr(d.adbin, d.adrelid) as default_sql,
            (select array_agg(pa.attname order by array_position(i.indkey::int2[], pa.attnum))
               from pg_index i
               join pg_attribute pa on pa.attrelid = i.indrelid and pa.attnum = any(i.indkey)
              where i.indrelid = c.oid and i.indisprimary) as primary_key
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')
      order by c.relname, a.attnum`,
    [schema],
  );
  const catalog: Catalog = new Map();
  for (const row of rows) {
    let table = catalog.get(row.table_name);
    if (!table) {
      table = { schema, name: row.table_name, columns: new Map(), primaryKey: row.primary_key ?? [] };
      catalog.set(row.table_name, table);
    }
    table.columns.set(row.column_name, { name: row.column_name, type: row.column_type, defaultSql: row.default_sql });
  }
  return catalog;
}
