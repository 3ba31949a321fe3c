import { writeFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { serializeDbError } from './database-error.ts';
import { engineHeapBytes, fsyncCounter, loadEngineAssets, openPglite } from './pglite-engine.ts';
import type { Statement, WorkerData, WorkerRequest, WorkerResponse } from './worker-protocol.ts';

/**
 * The database's own thread. PGlite runs Postgres single-threaded in WebAssembly: while a
 * statement runs, nothing else on its thread can. Here that freezes only this worker; the HTTP
 * server on the main thread keeps answering, and can end a runaway statement by terminating
 * this thread (docs/decisions/007-query-isolation.md).
 *
 * A worker starts as a standby: modules loaded and WebAssembly compiled, waiting for `open`, so
 * a replacement is ready to take over the data directory the moment its predecessor is gone.
 */
const port = parentPort;
if (!port) throw new Error('db-worker must run in a worker thread');
const { pgdata } = workerData as WorkerData;

function send(message: WorkerResponse): void {
  port?.postMessage(message);
}

async function handle(db: PGlite, request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      await before(db, request);
      const { rows, affectedRows, fields } = await db.query(request.sql, request.params);
      return { rows, affectedRows, fields: fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })) };
    }
    case 'exec': {
      await before(db, request);
      const results = await db.exec(request.sql);
      return results.map(({ rows, affectedRows, fields }) => ({
        rows,
        affectedRows,
        fields: fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
      }));
    }
    case 'backup': {
      await db.exec('checkpoint');
      const dump = await db.dumpDataDir('gzip');
      await writeFile(request.file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
      return { bytes: dump.size };
    }
    case 'close':
      await db.close();
      return null;
    case 'open':
      throw new Error('The database is already open');
  }
}

/** BEGIN and the deferred statements that travel with a request. */
async function before(db: PGlite, request: { begin?: boolean; prelude?: Statement[] }): Promise<void> {
  if (request.begin) await db.exec('begin');
  for (const statement of request.prelude ?? []) await db.query(statement.sql, statement.params);
}

function serve(db: PGlite): void {
  // One request at a time, in arrival order: the main thread's scheduler decides that order.
  let chain = Promise.resolve();
  port?.on('message', (request: WorkerRequest) => {
    chain = chain.then(async () => {
      try {
        const result = await handle(db, request);
        const heapBytes = request.op === 'close' ? 0 : engineHeapBytes(db);
        send({ type: 'result', id: request.id, ok: true, result, heapBytes, fsyncs: fsyncCounter.count });
      } catch (error) {
        const heapBytes = request.op === 'close' ? 0 : engineHeapBytes(db);
        send({
          type: 'result',
          id: request.id,
          ok: false,
          error: serializeDbError(error),
          heapBytes,
          fsyncs: fsyncCounter.count,
        });
      }
    });
  });
}

async function main(): Promise<void> {
  const assets = await loadEngineAssets();
  port?.once('message', (request: WorkerRequest) => {
    if (request.op !== 'open') {
      send({ type: 'init-error', error: { message: `Expected "open", got "${request.op}"` } });
      return;
    }
    openPglite({ pgdata, assets, fileSystemSynced: request.fileSystemSynced }).then(
      (db) => {
        serve(db);
        send({ type: 'ready', heapBytes: engineHeapBytes(db) });
      },
      (error: unknown) => send({ type: 'init-error', error: serializeDbError(error) }),
    );
  });
  send({ type: 'standby' });
}

void main();
