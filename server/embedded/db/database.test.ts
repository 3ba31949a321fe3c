import { getEventListeners } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../tests/helpers/wait-for.ts';
import { EmbeddedDatabase } from './database.ts';

describe('Database', () => {
  let dir: string;
  let db: EmbeddedDatabase;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'database-'));
    db = await EmbeddedDatabase.open({ pgdata: path.join(dir, 'pgdata'), log: () => {} });
    await db.exec('create table notes (body text)');
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('lets go of a request’s abort signal once its job has run (nothing stays reachable from it)', async () => {
    const controller = new AbortController();
    await db.query('select 1', [], { owner: 'someone', signal: controller.signal });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('drops a job whose requester went away while it waited, without running it', async () => {
    let release = () => {};
    const held = db.transaction(() => new Promise<void>((resolve) => (release = resolve)), {
      owner: 'holder',
    });
    await waitFor(() => db.busyWith === 'holder', 'the holder to run');
    const controller = new AbortController();
    const dropped = db.query(`insert into notes values ('never written')`, [], {
      owner: 'gone',
      signal: controller.signal,
    });
    controller.abort(new Error('the client went away'));
    await expect(dropped).rejects.toThrow('the client went away');
    release();
    await held;
    expect((await db.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 0 }]);
  });

  it('rolls a transaction back when its work throws, and commits when it resolves', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into notes values ('rolled back')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.transaction(async (tx) => {
      await tx.query(`insert into notes values ('kept')`);
    });
    expect((await db.query('select body from notes')).rows).toEqual([{ body: 'kept' }]);
  });

  it('runs a deferred statement with the next one, inside the transaction, and fails that one with its error', async () => {
    const setting = await db.transaction(async (tx) => {
      tx.defer(`select set_config('app.who', $1, true)`, ['Ada']);
      return (await tx.query<{ who: string }>(`select current_setting('app.who') as who`)).rows[0]?.who;
    });
    expect(setting).toBe('Ada');
    // Transaction-local: gone after the commit.
    expect((await db.query(`select current_setting('app.who', true) as who`)).rows).toEqual([{ who: '' }]);
    await expect(
      db.transaction(async (tx) => {
        tx.defer('select 1 / 0');
        await tx.query('select 1');
      }),
    ).rejects.toMatchObject({ code: '22012' });
  });

  it('checkpoints on its own once something was written (PGlite has no checkpointer)', async () => {
    const quick = await EmbeddedDatabase.open({
      pgdata: path.join(dir, 'quick'),
      checkpointIntervalMs: 50,
      log: () => {},
    });
    try {
      const position = async () =>
        (
          await quick.query<{ lsn: string }>(
            'select checkpoint_lsn::text as lsn from pg_control_checkpoint()',
          )
        ).rows[0]?.lsn;
      const before = await position();
      await quick.exec('create table written (a int); insert into written values (1)');
      let after = before;
      for (let attempt = 0; attempt < 200 && after === before; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        after = await position();
      }
      expect(after).not.toBe(before);
    } finally {
      await quick.close();
    }
  });

  it('does not charge the next job for reopening the database after a statement was stopped', async () => {
    const stopped = db.query('select pg_sleep(30)', [], { owner: 'runaway', timeoutMs: 50 });
    await expect(stopped).rejects.toMatchObject({ code: '57014' });
    const timeoutsSoFar = db.timeouts;
    // The worker is being replaced now; opening its successor takes far longer than 50 ms, and
    // that is not this job's time.
    const next = await db.query<{ n: number }>('select 1 as n', [], { owner: 'next', timeoutMs: 50 });
    expect(next.rows).toEqual([{ n: 1 }]);
    expect(db.timeouts).toBe(timeoutsSoFar);
    expect(db.engine.replacements).toBeGreaterThan(0);
  });

  it('reports Postgres errors with their SQLSTATE, never with the statement’s parameters', async () => {
    const error = await db
      .query('select 1 / 0 where $1::text is not null', ['scrypt$secret-hash'])
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: '22012', message: 'division by zero' });
    expect(error).not.toHaveProperty('params');
    expect(error).not.toHaveProperty('query');
    expect(JSON.stringify({ ...(error as object), message: (error as Error).message })).not.toContain(
      'secret-hash',
    );
  });
});
