import type { ColumnInfo } from './catalog.ts';
import type { SqlRunner } from './sql-runner.ts';

export interface RoutineParam {
  /** '' for an unnamed parameter. */
  name: string;
  type: string;
  /** The type arguments are cast to: PostgREST widens bit/character so values are not truncated. */
  castType: string;
  required: boolean;
  variadic: boolean;
}

export interface RoutineInfo {
  schema: string;
  name: string;
  params: RoutineParam[];
  volatility: 'immutable' | 'stable' | 'volatile';
  /** `returns setof …` / `returns table (…)`. */
  setof: boolean;
  /** A row type (table, composite type, OUT or TABLE parameters) rather than one scalar value. */
  composite: boolean;
  returnsVoid: boolean;
  /** The columns of a composite result (empty for `record` without OUT parameters). */
  columns: Map<string, ColumnInfo>;
}

/** Every callable function of the schema by name; overloads share a name. */
export type FunctionCatalog = Map<string, RoutineInfo[]>;

interface ArgRow {
  name: string;
  type: string;
  mode: 'i' | 'o' | 'b' | 'v' | 't';
}

interface FunctionRow {
  name: string;
  volatility: 'i' | 's' | 'v';
  setof: boolean;
  nargs: number;
  ndefaults: number;
  returns_void: boolean;
  return_is_row: boolean;
  args: ArgRow[];
  return_columns: { name: string; type: string }[] | null;
}

const volatilities = { i: 'immutable', s: 'stable', v: 'volatile' } as const;
// A single unnamed parameter of one of these types receives the whole body (PostgREST's "callable").
const singleUnnamedTypes = new Set(['bytea', 'json', 'jsonb', 'text', 'xml']);
const widened: Record<string, string> = {
  bit: 'bit varying',
  'bit[]': 'bit varying[]',
  character: 'character varying',
  'character[]': 'character varying[]',
};

export async function loadFunctions(db: SqlRunner, schema: string): Promise<FunctionCatalog> {
  const { rows } = await db.query<FunctionRow>(
    `select p.proname as name,
            p.provolatile as volatility,
            p.proretset as setof,
            p.pronargs as nargs,
            p.pronargdefaults as ndefaults,
            p.prorettype = 'pg_catalog.void'::regtype as returns_void,
            rt.typrelid <> 0 as return_is_row,
            coalesce((select json_agg(json_build_object('name', coalesce(a.name, ''), 'type', format_type(a.type, null),
                                                        'mode', coalesce(a.mode::text, 'i')) order by a.idx)
                        from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargnames, p.proargmodes)
                             with ordinality as a(type, name, mode, idx)), '[]') as args,
            (select json_agg(json_build_object('name', ra.attname, 'type', format_type(ra.atttypid, ra.atttypmod)) order by ra.attnum)
               from pg_attribute ra
              where ra.attrelid = rt.typrelid and ra.attnum > 0 and not ra.attisdropped) as return_columns
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type rt on rt.oid = p.prorettype
      where n.nspname = $1 and p.prokind = 'f' and p.prorettype <> 'pg_catalog.trigger'::regtype
      order by p.proname, p.pronargs, p.oid`,
    [schema],
  );
  const catalog: FunctionCatalog = new Map();
  for (const row of rows) {
    const routine = toRoutine(schema, row);
    if (!routine) continue;
    const overloads = catalog.get(routine.name) ?? [];
    overloads.push(routine);
    catalog.set(routine.name, overloads);
  }
  return catalog;
}

function toRoutine(schema: string, row: FunctionRow): RoutineInfo | null {
  const inputs = row.args.filter((arg) => arg.mode === 'i' || arg.mode === 'b' || arg.mode === 'v');
  const outputs = row.args.filter((arg) => arg.mode === 'o' || arg.mode === 'b' || arg.mode === 't');
  const unnamed = inputs.filter((arg) => arg.name === '');
  const callable =
    unnamed.length === 0 || (unnamed.length === 1 && singleUnnamedTypes.has(unnamed[0]?.type ?? ''));
  if (!callable) return null;
  const firstOptional = row.nargs - row.ndefaults;
  const params = inputs.map((arg, index) => ({
    name: arg.name,
    type: arg.type,
    castType: widened[arg.type] ?? arg.type,
    required: index < firstOptional,
    variadic: arg.mode === 'v',
  }));
  const resultColumns = outputs.length > 0 ? outputs : (row.return_columns ?? []);
  return {
    schema,
    name: row.name,
    params,
    volatility: volatilities[row.volatility],
    setof: row.setof,
    // PostgREST treats any OUT/INOUT/TABLE parameter as a row result, even a single one.
    composite: row.return_is_row || outputs.length > 0,
    returnsVoid: row.returns_void,
    columns: new Map(
      resultColumns.map((column) => [
        column.name,
        { name: column.name, type: column.type, defaultSql: null },
      ]),
    ),
  };
}
