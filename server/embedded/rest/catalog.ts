import { loadFunctions, type FunctionCatalog } from './function-catalog.ts';
import type { SqlRunner } from './sql-runner.ts';

export interface ColumnInfo {
  name: string;
  /** format_type() of the column, e.g. `uuid`, `timestamp with time zone`, `text[]`; spliced into casts. */
  type: string;
  /** The column default as SQL, used for `Prefer: missing=default` (see the query below). */
  defaultSql: string | null;
  /**
   * `generated always as identity`: it has no default expression (Postgres refuses any value but
   * DEFAULT), so `missing=default` leaves it out of the INSERT when no object gives it.
   */
  alwaysIdentity?: boolean;
}

export interface TableInfo {
  schema: string;
  name: string;
  columns: Map<string, ColumnInfo>;
  primaryKey: string[];
}

/**
 * PostgREST's "schema cache" of one schema, read from pg_catalog: its tables and views by name, and
 * its functions (for /rpc). A Map of tables, so callers that only need tables can treat it as one.
 */
export type Catalog = Map<string, TableInfo> & { functions: FunctionCatalog };

export async function loadCatalog(db: SqlRunner, schema = 'public'): Promise<Catalog> {
  const tables = await loadTables(db, schema);
  return Object.assign(tables, { functions: await loadFunctions(db, schema) });
}

async function loadTables(db: SqlRunner, schema: string): Promise<Map<string, TableInfo>> {
  // The default follows PostgREST's schema cache (SchemaCache.hs): an identity column "by default"
  // takes nextval() of its sequence, a generated column has none (so missing=default inserts NULL
  // and Postgres refuses it, 428C9, as with PostgREST), and a domain's default applies when the
  // column has none of its own.
  const { rows } = await db.query<{
    table_name: string;
    column_name: string;
    column_type: string;
    default_sql: string | null;
    always_identity: boolean;
    primary_key: string[] | null;
  }>(
    `select c.relname as table_name,
            a.attname as column_name,
            format_type(a.atttypid, a.atttypmod) as column_type,
            case
              when a.attidentity = 'd' then format('nextval(%L)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
              when a.attgenerated <> '' then null
              when d.adbin is null and t.typbasetype <> 0 then pg_get_expr(t.typdefaultbin, 0)
              else pg_get_expr(d.adbin, d.adrelid)
            end as default_sql,
            a.attidentity = 'a' as always_identity,
            (select array_agg(pa.attname order by array_position(i.indkey::int2[], pa.attnum))
               from pg_index i
               join pg_attribute pa on pa.attrelid = i.indrelid and pa.attnum = any(i.indkey)
              where i.indrelid = c.oid and i.indisprimary) as primary_key
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type t on t.oid = a.atttypid
       left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')
      order by c.relname, a.attnum`,
    [schema],
  );
  const tables = new Map<string, TableInfo>();
  for (const row of rows) {
    let table = tables.get(row.table_name);
    if (!table) {
      table = { schema, name: row.table_name, columns: new Map(), primaryKey: row.primary_key ?? [] };
      tables.set(row.table_name, table);
    }
    table.columns.set(row.column_name, {
      name: row.column_name,
      type: row.column_type,
      defaultSql: row.default_sql,
      alwaysIdentity: row.always_identity,
    });
  }
  return tables;
}
