import type pg from 'pg';

/**
 * What the type generator reads from the catalog: the same facts `supabase gen types typescript`
 * reads through postgres-meta (its tables, views, columns, relationships, functions and types
 * lists), as plain rows. Queries of our own, on pg_catalog.
 */
export interface SchemaFacts {
  schema: string;
  relations: RelationFacts[];
  columns: ColumnFacts[];
  relationships: RelationshipFacts[];
  functions: FunctionFacts[];
  /** Every type of the database (all schemas): what a column, argument or result names by oid. */
  types: TypeFacts[];
}

export interface RelationFacts {
  id: number;
  name: string;
  /** r, p (tables), f (foreign tables), v (views), m (materialized views). */
  kind: 'r' | 'p' | 'f' | 'v' | 'm';
  /** Views: whether PostgREST can insert, update and delete through it. */
  isUpdatable: boolean;
}

export interface ColumnFacts {
  relationId: number;
  name: string;
  /** The type's name (a domain's base type), `_text` for text[]. */
  format: string;
  isNullable: boolean;
  hasDefault: boolean;
  identity: 'ALWAYS' | 'BY DEFAULT' | null;
  isUpdatable: boolean;
}

export interface RelationshipFacts {
  foreignKeyName: string;
  relation: string;
  columns: string[];
  referencedSchema: string;
  referencedRelation: string;
  referencedColumns: string[];
  isOneToOne: boolean;
}

export interface FunctionArgFacts {
  mode: 'in' | 'out' | 'inout' | 'variadic' | 'table';
  name: string;
  typeId: number;
  hasDefault: boolean;
}

export interface FunctionFacts {
  name: string;
  args: FunctionArgFacts[];
  /** pg_get_function_arguments: `p_user_id uuid, p_post_id uuid`. */
  argumentTypes: string;
  /** pg_get_function_result: `SETOF posts`. */
  returnType: string;
  returnTypeId: number;
  /** The relation whose row type the function returns, if it returns one. */
  returnTypeRelationId: number | null;
  isSetReturning: boolean;
  /** The planner's row estimate of a set-returning function (ROWS n). */
  rows: number | null;
}

export interface TypeFacts {
  id: number;
  name: string;
  schema: string;
  /** format_type: `public.mood`. */
  format: string;
  enums: string[];
  attributes: { name: string; typeId: number }[];
  typeRelationId: number | null;
}

const relationsSql = /* SQL */ `
  select c.oid::int8 as id, c.relname as name, c.relkind as kind,
         c.relkind = 'v' and (pg_relation_is_updatable(c.oid, false) & 20) = 20 as is_updatable
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1 and c.relkind in ('r', 'p', 'f', 'v', 'm')
`;

const columnsSql = /* SQL */ `
  select c.oid::int8 as relation_id, a.attname as name,
         coalesce(bt.typname, t.typname) as format,
         not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)) as is_nullable,
         a.atthasdef as has_default,
         case a.attidentity when 'a' then 'ALWAYS' when 'd' then 'BY DEFAULT' end as identity,
         c.relkind in ('r', 'p')
           or (c.relkind in ('v', 'f') and pg_column_is_updatable(c.oid, a.attnum, false)) as is_updatable
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  join pg_type t on t.oid = a.atttypid
  left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
  where n.nspname = $1 and c.relkind in ('r', 'p', 'f', 'v', 'm')
    and a.attnum > 0 and not a.attisdropped
`;

/** Foreign keys (PostgREST's relationships); one-to-one when the columns are also a key of the table. */
const relationshipsSql = /* SQL */ `
  select fk.conname as foreign_key_name, tab.relname as relation,
         cols.names as columns, refns.nspname as referenced_schema, ref.relname as referenced_relation,
         cols.refs as referenced_columns,
         exists (
           select 1 from pg_constraint k
           where k.conrelid = fk.conrelid and k.contype in ('p', 'u')
             and (select array_agg(a.attname::text order by a.attnum)
                  from unnest(k.conkey) as key(attnum)
                  join pg_attribute a on a.attrelid = k.conrelid and a.attnum = key.attnum) = cols.names
         ) as is_one_to_one
  from pg_constraint fk
  join pg_class tab on tab.oid = fk.conrelid
  join pg_namespace ns on ns.oid = tab.relnamespace
  join pg_class ref on ref.oid = fk.confrelid
  join pg_namespace refns on refns.oid = ref.relnamespace
  cross join lateral (
    select array_agg(ca.attname::text order by k.ord) as names, array_agg(ra.attname::text order by k.ord) as refs
    from unnest(fk.conkey, fk.confkey) with ordinality as k(col, ref, ord)
    join pg_attribute ca on ca.attrelid = fk.conrelid and ca.attnum = k.col
    join pg_attribute ra on ra.attrelid = fk.confrelid and ra.attnum = k.ref
  ) as cols
  where fk.contype = 'f' and fk.conparentid = 0 and ns.nspname = $1
`;

/** Plain functions (not procedures, aggregates or triggers): what PostgREST offers under /rpc. */
const functionsSql = /* SQL */ `
  select p.proname as name,
         coalesce(p.proargmodes::text[], array_fill('i'::text, array[p.pronargs])) as arg_modes,
         coalesce(p.proargnames, array_fill(''::text, array[coalesce(cardinality(p.proallargtypes), p.pronargs)])) as arg_names,
         coalesce(p.proallargtypes, p.proargtypes::oid[])::int8[] as arg_types,
         p.pronargs as input_count, p.pronargdefaults as default_count,
         pg_get_function_arguments(p.oid) as argument_types,
         pg_get_function_result(p.oid) as return_type,
         p.prorettype::int8 as return_type_id,
         nullif(rt.typrelid, 0)::int8 as return_type_relation_id,
         p.proretset as is_set_returning,
         case when p.proretset then nullif(p.prorows, 0) end as rows
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type rt on rt.oid = p.prorettype
  where n.nspname = $1 and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')
`;

const typesSql = /* SQL */ `
  select t.oid::int8 as id, t.typname as name, n.nspname as schema, format_type(t.oid, null) as format,
         coalesce((select array_agg(e.enumlabel::text order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), '{}') as enums,
         coalesce((select json_agg(json_build_object('name', a.attname, 'typeId', a.atttypid::int8) order by a.attnum)
                   from pg_class c join pg_attribute a on a.attrelid = c.oid
                   where c.oid = t.typrelid and c.relkind = 'c' and a.attnum > 0 and not a.attisdropped), '[]') as attributes,
         nullif(t.typrelid, 0)::int8 as type_relation_id
  from pg_type t
  join pg_namespace n on n.oid = t.typnamespace
  where t.typrelid = 0 or (select c.relkind in ('c', 'r', 'v', 'm', 'p') from pg_class c where c.oid = t.typrelid)
`;

const argModes: Record<string, FunctionArgFacts['mode']> = {
  i: 'in',
  o: 'out',
  b: 'inout',
  v: 'variadic',
  t: 'table',
};

/** Reads what the types are generated from, on a connection to the migrated database. */
export async function introspectSchema(client: pg.ClientBase, schema = 'public'): Promise<SchemaFacts> {
  // int8 and oid arrays come back as strings; every id here fits a JS number.
  const num = (value: unknown) => Number(value);
  const relations = await client.query<{
    id: string;
    name: string;
    kind: RelationFacts['kind'];
    is_updatable: boolean;
  }>(relationsSql, [schema]);
  const columns = await client.query<{
    relation_id: string;
    name: string;
    format: string;
    is_nullable: boolean;
    has_default: boolean;
    identity: ColumnFacts['identity'];
    is_updatable: boolean;
  }>(columnsSql, [schema]);
  const relationships = await client.query<{
    foreign_key_name: string;
    relation: string;
    columns: string[];
    referenced_schema: string;
    referenced_relation: string;
    referenced_columns: string[];
    is_one_to_one: boolean;
  }>(relationshipsSql, [schema]);
  const functions = await client.query<{
    name: string;
    arg_modes: string[];
    arg_names: string[];
    arg_types: string[];
    input_count: number;
    default_count: number;
    argument_types: string;
    return_type: string;
    return_type_id: string;
    return_type_relation_id: string | null;
    is_set_returning: boolean;
    rows: number | null;
  }>(functionsSql, [schema]);
  const types = await client.query<{
    id: string;
    name: string;
    schema: string;
    format: string;
    enums: string[];
    attributes: { name: string; typeId: number | string }[];
    type_relation_id: string | null;
  }>(typesSql);

  return {
    schema,
    relations: relations.rows.map((row) => ({
      id: num(row.id),
      name: row.name,
      kind: row.kind,
      isUpdatable: row.is_updatable,
    })),
    columns: columns.rows.map((row) => ({
      relationId: num(row.relation_id),
      name: row.name,
      format: row.format,
      isNullable: row.is_nullable,
      hasDefault: row.has_default,
      identity: row.identity,
      isUpdatable: row.is_updatable,
    })),
    relationships: relationships.rows.map((row) => ({
      foreignKeyName: row.foreign_key_name,
      relation: row.relation,
      columns: row.columns,
      referencedSchema: row.referenced_schema,
      referencedRelation: row.referenced_relation,
      referencedColumns: row.referenced_columns,
      isOneToOne: row.is_one_to_one,
    })),
    functions: functions.rows.map((row) => {
      // The last `default_count` input arguments have defaults (input: in, inout, variadic).
      let inputIndex = 0;
      const firstDefault = row.input_count - row.default_count;
      return {
        name: row.name,
        args: row.arg_modes.map((code, index) => {
          const mode = argModes[code] ?? 'in';
          const isInput = mode === 'in' || mode === 'inout' || mode === 'variadic';
          const hasDefault = isInput && inputIndex++ >= firstDefault;
          return { mode, name: row.arg_names[index] ?? '', typeId: num(row.arg_types[index]), hasDefault };
        }),
        argumentTypes: row.argument_types,
        returnType: row.return_type,
        returnTypeId: num(row.return_type_id),
        returnTypeRelationId: row.return_type_relation_id === null ? null : num(row.return_type_relation_id),
        isSetReturning: row.is_set_returning,
        rows: row.rows === null ? null : Number(row.rows),
      };
    }),
    types: types.rows.map((row) => ({
      id: num(row.id),
      name: row.name,
      schema: row.schema,
      format: row.format,
      enums: row.enums,
      attributes: row.attributes.map((attribute) => ({
        name: attribute.name,
        typeId: num(attribute.typeId),
      })),
      typeRelationId: row.type_relation_id === null ? null : num(row.type_relation_id),
    })),
  };
}
