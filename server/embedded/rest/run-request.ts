import type { Database } from '../db/database.ts';
import { runAsRole, type RequestIdentity } from '../db/run-as-role.ts';
import { isResponseTooLarge, responseTooLarge } from './body-sql.ts';
import type { Catalog } from './catalog.ts';
import type { Outcome } from './outcome.ts';
import type { Preferences } from './parse-prefer.ts';
import { shouldRollback, type TxEnd } from './prefer-policy.ts';
import type { TimezoneNames } from './request-preferences.ts';
import type { TxRunner } from './sql-runner.ts';

/** What every REST handler needs from the server. */
export interface RestContext {
  db: Database;
  getCatalog: () => Catalog;
  maxRows: number | null;
  maxResponseBytes: number;
  txEnd: TxEnd;
  timezones: TimezoneNames;
}

export interface RunOptions {
  identity: RequestIdentity;
  method: string;
  path: string;
  prefs: Preferences;
  /** PostgREST runs reads and non-volatile functions in a read-only transaction. */
  readOnly: boolean;
  /** The client's address (whose turn it is for anonymous requests) and its abort signal. */
  client: string;
  signal: AbortSignal;
}

/** Carries a finished answer out of a transaction that must end in a rollback (Prefer: tx=rollback). */
class RollbackSignal extends Error {
  constructor(readonly outcome: Outcome) {
    super('rollback requested');
  }
}

/**
 * Runs `work` in the request's transaction as its role (row-level security applies), with the
 * transaction settings the preferences ask for; any error, and tx=rollback where allowed, rolls back.
 */
export async function runRequest(
  context: RestContext,
  run: RunOptions,
  work: (tx: TxRunner) => Promise<Outcome>,
): Promise<Outcome> {
  try {
    const request = { method: run.method, path: run.path, client: run.client, signal: run.signal };
    return await runAsRole(context.db, run.identity, request, async (tx) => {
      if (run.readOnly) await tx.exec('set transaction read only');
      if (run.prefs.timezone !== null)
        await tx.query(`select set_config('timezone', $1, true)`, [run.prefs.timezone]);
      const outcome = await work(tx);
      if (shouldRollback(run.prefs, context.txEnd)) {
        // As PostgREST: deferred constraints are checked before the rollback, so their errors still show.
        await tx.exec('set constraints all immediate');
        throw new RollbackSignal(outcome);
      }
      return outcome;
    });
  } catch (error) {
    if (error instanceof RollbackSignal) return error.outcome;
    if (isResponseTooLarge(error)) throw responseTooLarge(context.maxResponseBytes);
    throw error;
  }
}

/** The one row of a statement built by aggregateRows. */
export interface AggregateRow {
  body: string | null;
  n: number;
  /** Prefer: count=exact|estimated: the rows that match, counted in the same statement. */
  total?: number | null;
  /** Upserts with merge-duplicates: how many rows were inserted rather than updated. */
  inserted?: number | null;
  /** return=headers-only: [[column, value], …] of the inserted row's primary key. */
  location?: string | null;
}

export async function aggregateRow(
  tx: TxRunner,
  statement: { sql: string; params: unknown[] },
): Promise<AggregateRow> {
  const { rows } = await tx.query<AggregateRow>(statement.sql, statement.params);
  const row = rows[0];
  if (!row) throw new Error('An aggregate statement returned no row');
  return { ...row, n: Number(row.n) };
}

/** Prefer: count=planned — the planner's row estimate for the count query (EXPLAIN's "Plan Rows"). */
export async function plannedCount(
  tx: TxRunner,
  statement: { sql: string; params: unknown[] },
): Promise<number> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `explain (format json) ${statement.sql}`,
    statement.params,
  );
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(plan[0].Plan['Plan Rows']);
}

/** Prefer: count=exact|estimated|planned as PostgREST's resultSetWTotal settles it. */
export async function settleTotal(
  tx: TxRunner,
  count: Preferences['count'],
  counted: number | null,
  maxRows: number | null,
  countStatement: { sql: string; params: unknown[] },
): Promise<number | null> {
  if (count === 'planned') return plannedCount(tx, countStatement);
  if (count === 'estimated' && counted !== null && (maxRows === null || counted > maxRows)) {
    // Past max-rows the exact count stopped at max-rows + 1; the planner's estimate may be larger.
    return Math.max(counted, await plannedCount(tx, countStatement));
  }
  return counted;
}

/** How a count preference is counted in the statement itself: exactly, up to max-rows + 1, or not. */
export function countInStatement(
  count: Preferences['count'],
  maxRows: number | null,
): { limit: number | null } | undefined {
  if (count === 'exact') return { limit: null };
  if (count === 'estimated') return { limit: maxRows === null ? null : maxRows + 1 };
  return undefined;
}
