import type { BodySpec } from './body-sql.ts';
import type { Statement } from './build-statements.ts';
import { buildDelete, buildInsert, buildUpdate, type WriteReturn } from './build-writes.ts';
import type { TableInfo } from './catalog.ts';
import type { ResponseMedia } from './media-type.ts';
import { encodeQueryComponent, withApplied, type Outcome } from './outcome.ts';
import { appliedPreferences, type Preferences } from './parse-prefer.ts';
import { PostgrestError, singularityError } from './postgrest-error.ts';
import type { ParsedQuery } from './query-ast.ts';
import { contentRange } from './range.ts';
import { aggregateRow } from './run-request.ts';
import type { TxRunner } from './sql-runner.ts';

export interface WritePlan {
  method: 'POST' | 'PATCH' | 'DELETE';
  table: TableInfo;
  query: ParsedQuery;
  media: ResponseMedia;
  prefs: Preferences;
  body: unknown;
  maxResponseBytes: number;
  txOverride: boolean;
}

/**
 * POST/PATCH/DELETE on a table, answered as PostgREST's Response.hs answers them: status, body,
 * Content-Range (`*`/total for inserts and deletes, `0-(n-1)`/total for updates), Location and
 * Preference-Applied per action. Errors thrown here roll the write back.
 */
export async function writeTable(tx: TxRunner, plan: WritePlan): Promise<Outcome> {
  const { prefs, media } = plan;
  const representation = prefs.return === 'representation';
  const returning: WriteReturn = {
    body: representation ? bodySpec(media, plan.maxResponseBytes) : null,
    location: plan.method === 'POST' && prefs.return === 'headers-only',
  };
  const row = await aggregateRow(tx, statementFor(plan, returning));
  const n = row.n;
  // PostgREST checks singularity on every write that asked for an object, with or without a body.
  if (media.shape === 'object' && n !== 1) throw singularityError(n);
  if (
    plan.method !== 'POST' &&
    prefs.handling === 'strict' &&
    prefs.maxAffected !== null &&
    n > prefs.maxAffected
  ) {
    throw new PostgrestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${n} rows`,
    );
  }
  const counted = prefs.count === 'exact' || prefs.count === 'estimated' ? n : null;
  const headers: Record<string, string> = {
    'Content-Range': plan.method === 'PATCH' ? contentRange(0, n - 1, counted) : contentRange(1, 0, counted),
  };
  if (returning.location && n === 1 && row.location) headers.Location = locationOf(plan.table, row.location);
  const action = plan.method === 'POST' ? 'insert' : plan.method === 'PATCH' ? 'update' : 'delete';
  const resolutionApplies = plan.table.primaryKey.length > 0 || plan.query.onConflict !== null;
  const applied = appliedPreferences(prefs, { action, txOverride: plan.txOverride, resolutionApplies });
  const status =
    plan.method === 'POST'
      ? // An upsert that merged every row into existing ones inserted nothing: 200, not 201.
        prefs.resolution === 'merge-duplicates' && !((row.inserted ?? 0) > 0)
        ? 200
        : 201
      : representation
        ? 200
        : 204;
  if (!representation) return { status, headers: withApplied(headers, applied), body: null };
  return {
    status,
    headers: withApplied({ ...headers, 'Content-Type': media.contentType }, applied),
    body: row.body,
  };
}

function bodySpec(media: ResponseMedia, maxBytes: number): BodySpec {
  return {
    shape: media.shape === 'object' ? 'first' : 'array',
    stripNulls: media.stripNulls,
    scalarColumn: null,
    maxBytes,
  };
}

function statementFor(plan: WritePlan, returning: WriteReturn): Statement {
  if (plan.method === 'POST') {
    const resolution =
      plan.prefs.resolution === 'merge-duplicates'
        ? 'merge'
        : plan.prefs.resolution === 'ignore-duplicates'
          ? 'ignore'
          : null;
    return buildInsert(plan.table, plan.query, {
      ...returning,
      rows: rowsBody(plan.body),
      resolution,
      missingDefault: plan.prefs.missing === 'default',
    });
  }
  if (plan.method === 'PATCH') return buildUpdate(plan.table, plan.query, objectBody(plan.body), returning);
  return buildDelete(plan.table, plan.query, returning);
}

/** `/posts?id=eq.…` for the inserted row's primary key (`return=headers-only`). */
function locationOf(table: TableInfo, keyJson: string): string {
  const pairs = (JSON.parse(keyJson) as [string, string | null][]).map(([column, value]) => {
    const filter = value === null ? 'is.null' : `eq.${value}`;
    return `${encodeQueryComponent(column)}=${encodeQueryComponent(filter)}`;
  });
  return `/${table.name}?${pairs.join('&')}`;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function rowsBody(body: unknown): Record<string, unknown>[] {
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every(isPlainObject)) {
    throw new PostgrestError(
      400,
      'PGRST102',
      'Empty or invalid json',
      'The body must be a JSON object or an array of objects',
    );
  }
  return rows;
}

function objectBody(body: unknown): Record<string, unknown> {
  if (!isPlainObject(body)) {
    throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json', 'The body must be a JSON object');
  }
  return body;
}
