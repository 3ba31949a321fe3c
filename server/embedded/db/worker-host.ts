import { Worker } from 'node:worker_threads';
import { connectionLostError, DatabaseError } from './database-error.ts';
import { syncFileSystem } from './sync-file-system.ts';
import type { WorkerData, WorkerRequest, WorkerResponse } from './worker-protocol.ts';

type Request = WorkerRequest extends infer R
  ? R extends { id: number; op: infer Op }
    ? Op extends 'open'
      ? never
      : Omit<R, 'id'>
    : never
  : never;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

const entry = new URL('./worker-entry.mjs', import.meta.url);

/**
 * Owns the database worker thread: opens it, sends it requests, and replaces it when it dies or
 * must be stopped mid-statement. A standby worker (modules loaded, WebAssembly compiled) waits
 * beside the open one, so a replacement only has to open the data directory. Only one worker
 * ever has the directory open: a replacement opens it after its predecessor's thread has ended.
 */
export class WorkerHost {
  private worker: Worker | null = null;
  private standby: Promise<Worker> | null = null;
  private starting: Promise<Worker> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  /** WebAssembly memory of the engine after its last answer. */
  heapBytes = 0;
  /** fsync calls the current engine has made since it opened. */
  fsyncs = 0;
  /** How many times a worker was replaced (timeouts, crashes, memory recycling). */
  replacements = 0;

  constructor(
    private readonly pgdata: string,
    private readonly log: (message: string) => void,
  ) {}

  /** Opens the database unless it is open or opening; resolves once it answers. */
  start(): Promise<Worker> {
    if (this.closed) return Promise.reject(connectionLostError('the database is closed'));
    if (this.worker) return Promise.resolve(this.worker);
    this.starting ??= this.openNext().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  async call(request: Request): Promise<unknown> {
    const worker = await this.start();
    const id = this.nextId;
    this.nextId += 1;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } as WorkerRequest);
    });
  }

  /** Stops the worker at once (even mid-statement): everything in flight fails with `error`. */
  async kill(error: Error, why: string): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.detach(worker, error);
    this.replacements += 1;
    this.log(`database: ${why}; replacing the database thread`);
    await worker.terminate();
    this.restartInBackground();
  }

  /** Closes the database cleanly (checkpoint, files closed) and opens it again in a fresh worker. */
  async recycle(why: string): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    await this.call({ op: 'close' });
    this.detach(worker, connectionLostError(why));
    this.replacements += 1;
    this.log(`database: ${why}; reopening it to give the memory back`);
    await worker.terminate();
    await this.start();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const worker = this.worker ?? (await this.starting?.catch(() => null)) ?? null;
    if (worker) await this.call({ op: 'close' }).catch(() => {});
    this.closed = true;
    if (worker) {
      this.detach(worker, connectionLostError('the database is closed'));
      await worker.terminate();
    }
    const standby = await this.standby?.catch(() => null);
    this.standby = null;
    await standby?.terminate();
  }

  private async openNext(): Promise<Worker> {
    const worker = await (this.standby ?? spawnStandby(this.pgdata)).catch(() => spawnStandby(this.pgdata));
    this.standby = null;
    // Whatever the previous engine wrote is flushed in one syncfs before the new one opens.
    const fileSystemSynced = await syncFileSystem(this.pgdata);
    try {
      this.heapBytes = await openWorker(worker, fileSystemSynced, this.pgdata);
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    this.attach(worker);
    if (!this.closed) {
      this.standby = spawnStandby(this.pgdata);
      this.standby.catch(() => {});
    }
    return worker;
  }

  private restartInBackground(): void {
    if (this.closed) return;
    void this.start().catch((cause: unknown) => this.log(`database: reopening failed: ${describe(cause)}`));
  }

  private attach(worker: Worker): void {
    this.worker = worker;
    worker.on('message', (message: WorkerResponse) => {
      if (message.type === 'result') this.settle(message);
    });
    worker.on('error', (error) => this.log(`database: the database thread failed: ${describe(error)}`));
    worker.once('exit', (code) => {
      if (this.worker !== worker) return;
      this.detach(worker, connectionLostError(`the database thread stopped (exit code ${code})`));
      this.replacements += 1;
      this.log(
        `database: the database thread stopped unexpectedly (exit code ${code}); reopening the database`,
      );
      this.restartInBackground();
    });
  }

  private settle(message: Extract<WorkerResponse, { type: 'result' }>): void {
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    this.heapBytes = message.heapBytes;
    this.fsyncs = message.fsyncs;
    if (message.ok) pending.resolve(message.result);
    else pending.reject(new DatabaseError(message.error));
  }

  /** Forgets `worker` and fails whatever was waiting on it. */
  private detach(worker: Worker, error: Error): void {
    if (this.worker === worker) this.worker = null;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const { reject } of waiting) reject(error);
  }
}

/** A new worker thread, resolved once it has loaded everything and waits for `open`. */
function spawnStandby(pgdata: string): Promise<Worker> {
  const worker = new Worker(entry, { workerData: { pgdata } satisfies WorkerData });
  return awaitMessage(worker, 'standby', pgdata).then(() => worker);
}

/** Sends `open` and resolves with the engine's memory once the database answers. */
async function openWorker(worker: Worker, fileSystemSynced: boolean, pgdata: string): Promise<number> {
  const ready = awaitMessage(worker, 'ready', pgdata);
  worker.postMessage({ id: 0, op: 'open', fileSystemSynced } satisfies WorkerRequest);
  const message = await ready;
  return message.type === 'ready' ? message.heapBytes : 0;
}

function awaitMessage(worker: Worker, type: 'standby' | 'ready', pgdata: string): Promise<WorkerResponse> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      worker.off('error', onError);
    };
    const onMessage = (message: WorkerResponse) => {
      if (message.type === type) {
        cleanup();
        resolve(message);
      } else if (message.type === 'init-error') {
        cleanup();
        reject(new DatabaseError(message.error));
      }
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`The database thread stopped while opening ${pgdata} (exit code ${code})`));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    worker.on('message', onMessage);
    worker.once('exit', onExit);
    worker.once('error', onError);
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
