import type { Transaction } from '../../db/database.ts';
import { quoteIdent, readIn, type Read } from './import-tables.ts';

/** Outside pg_catalog, pg_toast, pg_temp_* and information_schema. */
const notSystem = (schema: string) => `${schema} not like 'pg\\_%' and ${schema} <> 'information_schema'`;

/** Sequences outside the system schemas, with the column that owns each (serial, identity), if any. */
const sequencesSql = `
  select n.nspname as schema, s.relname as sequence,
         tn.nspname as table_schema, t.relname as table, a.attname as column
    from pg_catalog.pg_class s
    join pg_catalog.pg_namespace n on n.oid = s.relnamespace
    left join pg_catalog.pg_depend d
           on d.classid = 'pg_catalog.pg_class'::regclass and d.objid = s.oid
          and d.refclassid = 'pg_catalog.pg_class'::regclass and d.deptype in ('a', 'i')
    left join pg_catalog.pg_class t on t.oid = d.refobjid
    left join pg_catalog.pg_namespace tn on tn.oid = t.relnamespace
    left join pg_catalog.pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
   where s.relkind = 'S' and ${notSystem('n.nspname')}
     and not exists (select from pg_catalog.pg_depend e
                      where e.classid = 'pg_catalog.pg_class'::regclass and e.objid = s.oid and e.deptype = 'e')`;

/**
 * Sets each sequence of the new database past every value already used: past the largest value of
 * the column it numbers, and past what the old database's sequence had handed out (rows deleted
 * since keep their numbers used, as they were). `copied` are the tables whose rows were replaced;
 * a sequence neither of them concerns is left as the migrations made it. Values stay in SQL,
 * as bigints, end to end. Returns how many sequences were set.
 */
export async function resetSequences(
  old: Read,
  tx: Transaction,
  copied: ReadonlySet<string>,
): Promise<number> {
  const oldValues = new Map(
    (
      await old<{ schema: string; sequence: string; last_value: string | null }>(
        `select schemaname as schema, sequencename as sequence, last_value::text as last_value
           from pg_catalog.pg_sequences where ${notSystem('schemaname')}`,
      )
    ).map((row) => [`${quoteIdent(row.schema)}.${quoteIdent(row.sequence)}`, row.last_value]),
  );
  const sequences = await readIn(tx)<{
    schema: string;
    sequence: string;
    table_schema: string | null;
    table: string | null;
    column: string | null;
  }>(sequencesSql);
  let reset = 0;
  for (const row of sequences) {
    const name = `${quoteIdent(row.schema)}.${quoteIdent(row.sequence)}`;
    const table =
      row.table_schema && row.table ? `${quoteIdent(row.table_schema)}.${quoteIdent(row.table)}` : null;
    const owned = table !== null && row.column !== null && copied.has(table);
    if (!owned && !oldValues.has(name)) continue;
    const largest = owned
      ? `(select max(${quoteIdent(row.column as string)})::bigint from ${table})`
      : 'null';
    const { rows } = await tx.query(
      `select setval($1::regclass, v) from (select greatest(${largest}, $2::bigint) as v) used where v is not null`,
      [name, oldValues.get(name) ?? null],
    );
    // Nothing used yet on either side: the sequence starts afresh (the migrations may have drawn from it).
    if (rows.length === 0) await tx.query(`alter sequence ${name} restart`);
    reset += 1;
  }
  return reset;
}
