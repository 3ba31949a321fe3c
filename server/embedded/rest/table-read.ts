import type { BodySpec } from './body-sql.ts';
import { buildRead } from './build-statements.ts';
import type { TableInfo } from './catalog.ts';
import type { ResponseMedia } from './media-type.ts';
import { errorOutcome, withApplied, type Outcome } from './outcome.ts';
import { appliedPreferences, type Preferences } from './parse-prefer.ts';
import { singularityError } from './postgrest-error.ts';
import type { ParsedQuery } from './query-ast.ts';
import { outOfBoundsError, readRangeStatus, type RowRange } from './range.ts';
import { aggregateRow, countInStatement, settleTotal } from './run-request.ts';
import type { TxRunner } from './sql-runner.ts';

export interface ReadPlan {
  table: TableInfo;
  query: ParsedQuery;
  range: RowRange;
  media: ResponseMedia;
  prefs: Preferences;
  head: boolean;
  maxRows: number | null;
  maxResponseBytes: number;
  txOverride: boolean;
}

/** GET/HEAD on a table or view: one statement for the page, its body and (if asked) the count. */
export async function readTable(tx: TxRunner, plan: ReadPlan): Promise<Outcome> {
  const body: BodySpec | null = plan.head
    ? null
    : {
        shape: plan.media.shape === 'object' ? 'first' : 'array',
        stripNulls: plan.media.stripNulls,
        scalarColumn: null,
        maxBytes: plan.maxResponseBytes,
      };
  const statements = buildRead(plan.table, plan.query, plan.maxRows, {
    range: plan.range,
    body,
    count: countInStatement(plan.prefs.count, plan.maxRows),
  });
  const row = await aggregateRow(tx, statements.rows);
  const total = await settleTotal(tx, plan.prefs.count, row.total ?? null, plan.maxRows, statements.count);
  return readOutcome(plan, row.n, total, row.body);
}

/** Status, Content-Range and body of a read of `n` rows (also used by /rpc). */
export function readOutcome(
  plan: Pick<ReadPlan, 'range' | 'media' | 'prefs' | 'txOverride'> & { action?: 'read' | 'rpc' },
  n: number,
  total: number | null,
  body: string | null,
): Outcome {
  if (plan.media.shape === 'object' && n !== 1) throw singularityError(n);
  const { status, contentRange } = readRangeStatus(plan.range.offset, n, total);
  const applied = appliedPreferences(plan.prefs, {
    action: plan.action ?? 'read',
    txOverride: plan.txOverride,
  });
  const headers = withApplied({ 'Content-Range': contentRange }, applied);
  if (status === 416) return errorOutcome(outOfBoundsError(plan.range.offset, total), headers);
  return { status, headers: { ...headers, 'Content-Type': plan.media.contentType }, body };
}
