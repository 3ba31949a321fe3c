import type { PGlite } from '@electric-sql/pglite';
import type { Transaction } from '../../db/database.ts';

/** Runs a read on one of the two databases and returns its rows. */
export type Read = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

/** Reads through the new database's transaction. */
export const readIn =
  (tx: Transaction): Read =>
  async <T>(sql: string, params?: unknown[]) =>
    (await tx.query<T>(sql, params)).rows;

/** Reads from the old database. */
export const readFrom =
  (db: PGlite): Read =>
  async <T>(sql: string, params?: unknown[]) =>
    (await db.query<T>(sql, params)).rows;

export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

interface Column {
  name: string;
  /** The new database's type, without length or precision: the column's own applies on insert. */
  type: string;
}

/** What is copied from one table: the columns both databases have, and how many rows the old one holds. */
export interface TableCopy {
  schema: string;
  table: string;
  /** Quoted `"schema"."table"`. */
  name: string;
  columns: Column[];
  rows: number;
}

/** Columns of the app's tables: every schema but the system ones, no tables of extensions. */
const tableColumnsSql = `
  select n.nspname as schema, c.relname as table, a.attname as column,
         pg_catalog.format_type(a.atttypid, null) as type, a.attgenerated <> '' as generated
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    left join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
   where c.relkind = 'r' and c.relpersistence <> 't'
     and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'
     and not exists (select from pg_catalog.pg_depend d
                      where d.classid = 'pg_catalog.pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
   order by n.nspname, c.relname, a.attnum`;

interface TableShape {
  schema: string;
  table: string;
  /** Columns that hold stored values; generated ones are computed by the database that has them. */
  stored: Column[];
  generated: Set<string>;
}

export async function listTables(read: Read): Promise<Map<string, TableShape>> {
  const rows = await read<{
    schema: string;
    table: string;
    column: string | null;
    type: string | null;
    generated: boolean | null;
  }>(tableColumnsSql);
  const tables = new Map<string, TableShape>();
  for (const row of rows) {
    const key = `${quoteIdent(row.schema)}.${quoteIdent(row.table)}`;
    const shape = tables.get(key) ?? {
      schema: row.schema,
      table: row.table,
      stored: [],
      generated: new Set(),
    };
    if (row.column !== null) {
      if (row.generated) shape.generated.add(row.column);
      else shape.stored.push({ name: row.column, type: row.type ?? 'text' });
    }
    tables.set(key, shape);
  }
  return tables;
}

const countOf = async (read: Read, sql: string): Promise<number> =>
  Number((await read<{ count: string }>(sql))[0]?.count ?? 0);

/**
 * Matches each table of the old database with the new one's. A table or column the new database
 * lacks is left behind only when it holds no data; otherwise nothing is imported, because data
 * would be lost without anyone knowing. `skipped` names what was left behind.
 */
export async function planTableCopies(
  old: Read,
  target: Read,
): Promise<{ copies: TableCopy[]; skipped: string[] }> {
  const [oldTables, targetTables] = await Promise.all([listTables(old), listTables(target)]);
  const copies: TableCopy[] = [];
  const skipped: string[] = [];
  const lost: string[] = [];
  for (const [name, shape] of oldTables) {
    const rows = await countOf(old, `select count(*)::text as count from ${name}`);
    const into = targetTables.get(name);
    if (!into) {
      if (rows > 0) lost.push(`the table ${name} (${rows} rows) does not exist in the new database`);
      else skipped.push(`${name} (an empty table the new database does not have)`);
      continue;
    }
    const columns: Column[] = [];
    for (const { name: column } of shape.stored) {
      const target = into.stored.find((candidate) => candidate.name === column);
      if (target) {
        columns.push(target);
        continue;
      }
      const filled = await countOf(
        old,
        `select count(*)::text as count from ${name} where ${quoteIdent(column)} is not null`,
      );
      const where = into.generated.has(column) ? 'is computed in' : 'does not exist in';
      if (filled > 0)
        lost.push(`the column ${name}.${quoteIdent(column)} holds data but ${where} the new database`);
      else skipped.push(`${name}.${quoteIdent(column)} (empty; it ${where} the new database)`);
    }
    copies.push({ schema: shape.schema, table: shape.table, name, columns, rows });
  }
  if (lost.length > 0) {
    throw new Error(
      [
        'The old database holds data the new one has no place for, so nothing was imported:',
        ...lost.map((problem) => `  - ${problem}`),
      ].join('\n'),
    );
  }
  return { copies, skipped };
}

/**
 * Set on the old database before reading: values leave it as text in the forms any PostgreSQL
 * reads back exactly, whatever its own settings (what pg_dump sets).
 */
export const exactTextOutput = `set datestyle = 'ISO'; set intervalstyle = 'postgres'; set extra_float_digits = 3`;

/** Rows per round trip: the JSON of a page is one parameter, so its size stays bounded. */
const pageRows = 500;

/**
 * Replaces the table's rows in the new database with the old database's. Each row travels as a
 * JSON array of its values' text, as COPY and pg_dump move them: every type reads back exactly
 * what it wrote (row_to_json would not: a jsonb 'null' and an SQL NULL both become null), and the
 * insert converts the text to the new column's type. Identity columns keep their values
 * (overriding system value). The caller has turned off triggers and foreign-key checks for the
 * transaction, so rows arrive as they were, in any order. `old` must be in a transaction (the cursor).
 */
export async function copyTableRows(old: PGlite, tx: Transaction, copy: TableCopy): Promise<void> {
  await tx.query(`delete from ${copy.name}`);
  if (copy.rows === 0) return;
  const texts = copy.columns.map((column) => `${quoteIdent(column.name)}::text`).join(', ');
  const names = copy.columns.map((column) => quoteIdent(column.name)).join(', ');
  const values = copy.columns.map((column, index) => `(element->>${index})::${column.type}`).join(', ');
  const insert =
    `insert into ${copy.name} ${names === '' ? '' : `(${names})`} overriding system value ` +
    `select ${values} from json_array_elements($1::json) as element`;
  await old.exec(
    `declare import_rows no scroll cursor for
       select array_to_json(array[${texts}]::text[])::text as line from ${copy.name}`,
  );
  try {
    for (;;) {
      const { rows } = await old.query<{ line: string }>(`fetch forward ${pageRows} from import_rows`);
      if (rows.length === 0) break;
      await tx.query(insert, [`[${rows.map((row) => row.line).join(',')}]`]);
    }
  } finally {
    // After a failed fetch the old transaction is aborted and the cursor gone with it.
    await old.exec('close import_rows').catch(() => {});
  }
  const copied = await countOf(readIn(tx), `select count(*)::text as count from ${copy.name}`);
  if (copied !== copy.rows) {
    throw new Error(`Copying ${copy.name} gave ${copied} rows instead of the old database's ${copy.rows}`);
  }
}
