import { aggregateRows, type BodySpec } from './body-sql.ts';
import { buildOrder, buildSelectList, buildWhere } from './build-clauses.ts';
import { pageOf, totalColumn, type Statement } from './build-statements.ts';
import type { TableInfo } from './catalog.ts';
import type { RoutineInfo } from './function-catalog.ts';
import type { ParsedQuery } from './query-ast.ts';
import type { RowRange } from './range.ts';
import { SqlParams, quoteIdent, toArrayLiteral } from './sql-params.ts';

/** How the arguments reach the function. */
export type CallArgs =
  /** POST: a JSON object (or an array of them: one call each) matched to named parameters. */
  | { kind: 'named'; body: string; keys: Set<string>; bulk: boolean }
  /** POST to a function with one unnamed json/jsonb parameter: the whole body. */
  | { kind: 'whole'; body: string }
  /** GET/HEAD: query-string values, cast by Postgres from text to each parameter's type. */
  | { kind: 'query'; args: [string, string][] };

export interface CallOptions {
  range: RowRange;
  maxRows: number | null;
  body: BodySpec | null;
  count?: { limit: number | null };
}

/** The result columns of a function, as a table for select=, filters and order. */
export function resultTable(routine: RoutineInfo): TableInfo {
  return {
    schema: routine.schema,
    name: routine.name,
    columns: routine.composite ? routine.columns : new Map(),
    primaryKey: [],
  };
}

/**
 * The call as one statement (PostgREST's prepareCall): the function runs once in a CTE, the page of
 * its result is shaped by select/filters/order/limit, and the count (if asked) filters the same rows.
 * `count` is the bare count query, for EXPLAIN when Prefer: count=planned.
 */
export function buildCall(
  routine: RoutineInfo,
  args: CallArgs,
  query: ParsedQuery,
  options: CallOptions,
): { rows: Statement; count: Statement } {
  const params = new SqlParams();
  const source = callSource(routine, args, params);
  const result = resultTable(routine);
  const where = buildWhere(result, query.filters, params);
  const selectList = buildSelectList(result, query.select); // also refuses columns a scalar result does not have
  const columns = routine.composite ? selectList : 'pgrst_scalar';
  const rowsSql = `select ${columns} from _pgrst_source${where}${buildOrder(result, query.order)}`;
  const countSql = `select 1 from _pgrst_source${where}`;
  const aggregate = aggregateRows(
    pageOf(rowsSql, options.range, options.maxRows),
    options.body,
    totalColumn(countSql, options.count),
  );
  return {
    rows: { sql: `with _pgrst_source as (${source}) ${aggregate}`, params: params.values },
    count: { sql: `with _pgrst_source as (${source}) ${countSql}`, params: params.values },
  };
}

function callSource(routine: RoutineInfo, args: CallArgs, params: SqlParams): string {
  const fn = `${quoteIdent(routine.schema)}.${quoteIdent(routine.name)}`;
  let from: string | null = null;
  let callArgs: string[] = [];
  if (args.kind === 'whole') {
    callArgs = [`${params.add(args.body)}::${routine.params[0]?.type ?? 'json'}`];
  } else if (args.kind === 'named') {
    const given = routine.params.filter((param) => args.keys.has(param.name));
    if (given.length > 0) {
      // json_to_record converts each JSON value by the parameter's type, as PostgREST's fromJsonBodyF does.
      const typed = given.map((param) => `${quoteIdent(param.name)} ${param.castType}`).join(', ');
      from = `json_to_record${args.bulk ? 'set' : ''}(${params.add(args.body)}::json) as _pgrst_body(${typed})`;
      callArgs = given.map(
        (param) =>
          `${param.variadic ? 'variadic ' : ''}${quoteIdent(param.name)} := _pgrst_body.${quoteIdent(param.name)}`,
      );
    }
  } else {
    callArgs = routine.params.flatMap((param) => {
      const values = args.args.filter(([key]) => key === param.name).map(([, value]) => value);
      const last = values.at(-1);
      if (last === undefined) return [];
      // A variadic parameter collects every value given for it (?v=1&v=2), as PostgREST does.
      const value = param.variadic ? toArrayLiteral(values) : last;
      return [
        `${param.variadic ? 'variadic ' : ''}${quoteIdent(param.name)} := ${params.add(value)}::${param.castType}`,
      ];
    });
  }
  const call = `${fn}(${callArgs.join(', ')})`;
  if (!routine.composite) return `select ${call} as pgrst_scalar${from ? ` from ${from}` : ''}`;
  return `select _pgrst_call.* from ${from ? `${from}, lateral ` : ''}${call} as _pgrst_call`;
}
