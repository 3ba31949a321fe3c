import pg from 'pg';

/**
 * How values come back from PostgreSQL, the same as the embedded backend has always returned
 * them (and as the REST layer's JSON expects): bigint as a number (node-postgres: a string), a
 * date as UTC midnight (local midnight), an interval or a geometric value as its text (an
 * object), and every array type as an array (node-postgres parses only some, and gives the
 * rest, name[] among them, as text).
 */
const defaultParser = pg.types.getTypeParser as (oid: number) => (value: string) => unknown;
const scalarParsers = new Map<number, (value: string) => unknown>([
  [20, (value) => Number(value)], // int8
  [1082, (value) => new Date(value)], // date: 'YYYY-MM-DD' is read as UTC
  [1186, (value) => value], // interval
  [600, (value) => value], // point
  [718, (value) => value], // circle
]);
const scalarParser = (oid: number) => scalarParsers.get(oid) ?? defaultParser(oid);
/** Splits an array literal into (nested) element texts: text[]'s parser handles quoting and NULL. */
const splitArray = defaultParser(1009) as (value: string) => unknown[];
const mapLeaves = (items: unknown[], parse: (value: string) => unknown): unknown[] =>
  items.map((item) =>
    Array.isArray(item) ? mapLeaves(item, parse) : item === null ? null : parse(item as string),
  );

/** Parsers for a database whose array types map to `arrayElements` (array oid → element oid). */
export function valueTypes(arrayElements: Map<number, number>): pg.CustomTypesConfig {
  return {
    getTypeParser: (oid: number) => {
      const element = arrayElements.get(oid);
      if (element === undefined) return scalarParser(oid);
      const parse = scalarParser(element);
      return (value: string) => mapLeaves(splitArray(value), parse);
    },
  } as pg.CustomTypesConfig;
}

/** Every array type of the connected database and its element type. */
export async function readArrayTypes(client: pg.Client): Promise<Map<number, number>> {
  const { rows } = await client.query<{ oid: number; element: number }>(
    `select oid::int as oid, typelem::int as element from pg_catalog.pg_type
      where typcategory = 'A' and typelem <> 0`,
  );
  return new Map(rows.map((row) => [row.oid, row.element]));
}
