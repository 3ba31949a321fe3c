import type { Database } from '../server/embedded/db/database.ts';

/** The settings that make a commit durable, as the running cluster reports them (SHOW). */
export async function durabilitySettings(db: Database) {
  const show = async (name: string) => {
    const { rows } = await db.query<Record<string, string>>(`show ${name}`);
    return Object.values(rows[0] ?? {})[0] ?? '';
  };
  return {
    fsync: await show('fsync'),
    synchronousCommit: await show('synchronous_commit'),
    walSyncMethod: await show('wal_sync_method'),
  };
}

/** How many times the cluster has synced its write-ahead log to disk (pg_stat_wal, PostgreSQL 14–17). */
export async function walSyncs(db: Database): Promise<number> {
  const { rows } = await db.query<{ n: string }>('select wal_sync::text as n from pg_stat_wal');
  return Number(rows[0]?.n ?? 0);
}

/**
 * The WAL syncs since `before`, once they reach `expected` or 15 s have passed: a backend
 * publishes its counters only when it goes idle, at most once a second, so the count lags.
 */
export async function walSyncsSince(db: Database, before: number, expected: number): Promise<number> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const syncs = (await walSyncs(db)) - before;
    if (syncs >= expected || Date.now() > deadline) return syncs;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
