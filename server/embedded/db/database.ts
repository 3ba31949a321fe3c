import { connectionLostError, DatabaseError, statementTimeoutError } from './database-error.ts';
import { FairQueue } from '../scheduling/fair-queue.ts';
import { WorkerHost } from './worker-host.ts';
import type { QueryResult, Statement } from './worker-protocol.ts';

export type { QueryResult } from './worker-protocol.ts';

export interface JobOptions {
  /** Whose work this is (a user, an IP address): different owners take turns. Default `system`. */
  owner?: string;
  /**
   * How long the work may hold the database, in ms. Past it, the statement is stopped and the
   * caller gets Postgres's 57014. Omitted or null: no limit (the server's own work only).
   */
  timeoutMs?: number | null;
  /**
   * Work that may be stopped early for others: once it has held the database for the time slice
   * while another owner waits, it ends as if its time limit had passed (user-written filters).
   */
  interruptible?: boolean;
  /** The requester went away: if the work is still waiting, it is dropped. */
  signal?: AbortSignal;
}

/** What a transaction's work receives: statements run inside it, in order. */
export interface Transaction {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  exec(sql: string): Promise<QueryResult[]>;
  /**
   * A statement whose result nobody reads (a setting): it runs before the next query or exec,
   * in the same round trip. Its error, if any, fails that next call.
   */
  defer(sql: string, params?: unknown[]): void;
}

export interface DatabaseOptions {
  /** The Postgres data directory. */
  pgdata: string;
  /** Past this much engine memory after a job, the database is reopened to give memory back. */
  maxHeapBytes?: number;
  /**
   * Time limits per database role in ms, like Supabase's `alter role … set statement_timeout`
   * (anon 3 s, authenticated 8 s on hosted projects); read through statementTimeoutFor().
   */
  statementTimeouts?: Partial<Record<string, number>>;
  /** How long interruptible work may hold the database while another owner waits (ms). */
  sliceMs?: number;
  /**
   * How often to checkpoint when something was written (ms). PGlite has no checkpointer process,
   * so `checkpoint_timeout` never fires: without this, crash recovery (also after a stopped
   * statement) replays everything written since the last WAL-size checkpoint, up to 1 GB.
   */
  checkpointIntervalMs?: number;
  /** An owner whose work ran past its time limit this often within `penaltyWindowMs` waits out the window. */
  maxTimeoutsPerOwner?: number;
  penaltyWindowMs?: number;
  log?: (message: string) => void;
}

type Call = (request: Parameters<WorkerHost['call']>[0]) => Promise<unknown>;

interface Job {
  owner: string;
  timeoutMs: number | null;
  interruptible: boolean;
  run: (call: Call) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** Called when the job leaves the queue to run. */
  dequeued: () => void;
}

/**
 * What the auth, REST and migration code needs from a database. The embedded server's is
 * EmbeddedDatabase below; tests run the same code on a real PostgreSQL server through another
 * (tests/helpers/pg-database.ts), so both engines answer supabase-js alike.
 */
export interface Database {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: JobOptions,
  ): Promise<QueryResult<T>>;
  exec(sql: string, options?: JobOptions): Promise<QueryResult[]>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>, options?: JobOptions): Promise<T>;
  /** The time limit for work done as `role`, or null when the role has none. */
  statementTimeoutFor(role: string): number | null;
  close(): Promise<void>;
}

/**
 * The embedded backend's database: PGlite on a worker thread (worker-host.ts) behind a scheduler.
 * One job (a statement or a whole transaction) holds the database at a time; owners take turns;
 * a job past its time limit is stopped by replacing the worker, so one request can never freeze
 * the others (docs/decisions/007-query-isolation.md).
 */
export class EmbeddedDatabase implements Database {
  private readonly queue = new FairQueue<Job>();
  private readonly host: WorkerHost;
  private readonly recentTimeouts = new Map<string, number[]>();
  private pumping = false;
  private running: string | null = null;
  /** The running job's "stop now" switch, once it has used up its slice (interruptible jobs only). */
  private preemptCurrent: { owner: string; stop: () => void } | null = null;
  private closing: Promise<void> | null = null;
  private idle: (() => void) | null = null;
  /** Jobs stopped at their time limit since the database opened. */
  timeouts = 0;
  /** A moving average of how long jobs take here and now (ms): a busy machine makes everything slower. */
  private typicalJobMs = 2;
  private checkpointTimer: ReturnType<typeof setInterval> | null = null;
  /** The engine's fsync count at the last checkpoint: a change means something was committed since. */
  private fsyncsAtCheckpoint = -1;

  private constructor(
    private readonly options: Required<Omit<DatabaseOptions, 'pgdata'>> & { pgdata: string },
  ) {
    this.host = new WorkerHost(options.pgdata, options.log);
  }

  /** Opens the database on `pgdata` (initdb when empty) and resolves once it answers. */
  static async open(options: DatabaseOptions): Promise<EmbeddedDatabase> {
    const db = new EmbeddedDatabase({
      maxHeapBytes: 256 * 1024 * 1024,
      statementTimeouts: {},
      sliceMs: 250,
      checkpointIntervalMs: 30_000,
      maxTimeoutsPerOwner: 3,
      penaltyWindowMs: 60_000,
      log: (message) => console.warn(message),
      ...options,
    });
    await db.host.start();
    db.scheduleCheckpoints();
    return db;
  }

  /** The owner whose job holds the database right now, or null when it is idle. */
  get busyWith(): string | null {
    return this.running;
  }

  /** Jobs waiting for their turn. */
  get waiting(): number {
    return this.queue.size;
  }

  /** Engine memory and fsync counts, for the benchmark and tests. */
  get engine(): { heapBytes: number; fsyncs: number; replacements: number } {
    return { heapBytes: this.host.heapBytes, fsyncs: this.host.fsyncs, replacements: this.host.replacements };
  }

  /** The time limit for work done as `role`, or null when the role has none. */
  statementTimeoutFor(role: string): number | null {
    return this.options.statementTimeouts[role] ?? null;
  }

  query<T = Record<string, unknown>>(
    sql: string,
    params: unknown[] = [],
    options: JobOptions = {},
  ): Promise<QueryResult<T>> {
    return this.schedule(options, (call) => call({ op: 'query', sql, params })) as Promise<QueryResult<T>>;
  }

  exec(sql: string, options: JobOptions = {}): Promise<QueryResult[]> {
    return this.schedule(options, (call) => call({ op: 'exec', sql })) as Promise<QueryResult[]>;
  }

  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>, options: JobOptions = {}): Promise<T> {
    return this.schedule(options, async (call) => {
      // BEGIN and deferred statements travel with the next statement; a transaction that runs
      // none has nothing to end.
      let begun = false;
      let deferred: Statement[] = [];
      const along = () => {
        const extra = { begin: !begun, ...(deferred.length > 0 ? { prelude: deferred } : {}) };
        begun = true;
        deferred = [];
        return extra;
      };
      let result: T;
      try {
        result = await work({
          query: (sql, params = []) => call({ op: 'query', sql, params, ...along() }) as never,
          exec: (sql) => call({ op: 'exec', sql, ...along() }) as never,
          defer: (sql, params = []) => {
            deferred.push({ sql, params });
          },
        });
        if (deferred.length > 0) await call({ op: 'exec', sql: 'select', ...along() });
      } catch (error) {
        if (begun) await call({ op: 'exec', sql: 'rollback' }).catch(() => {});
        throw error;
      }
      if (begun) await call({ op: 'exec', sql: 'commit' });
      return result;
    }) as Promise<T>;
  }

  /** A consistent, gzipped copy of the whole database, written to `file` between two jobs. */
  async backup(file: string): Promise<void> {
    await this.schedule({}, (call) => call({ op: 'backup', file }));
  }

  /** Lets queued work finish, then closes the database cleanly. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.checkpointTimer) clearInterval(this.checkpointTimer);
      if (this.pumping || this.queue.size > 0) await new Promise<void>((resolve) => (this.idle = resolve));
      await this.host.close();
    })();
    return this.closing;
  }

  private scheduleCheckpoints(): void {
    this.checkpointTimer = setInterval(() => {
      if (this.closing || this.host.fsyncs === this.fsyncsAtCheckpoint) return;
      this.exec('checkpoint').then(
        // Counted after the checkpoint, whose own fsyncs are not new writes.
        () => (this.fsyncsAtCheckpoint = this.host.fsyncs),
        (error: unknown) =>
          this.options.log(
            `database: checkpoint failed: ${error instanceof Error ? error.message : String(error)}`,
          ),
      );
    }, this.options.checkpointIntervalMs);
    this.checkpointTimer.unref();
  }

  private schedule(options: JobOptions, run: Job['run']): Promise<unknown> {
    if (this.closing) return Promise.reject(connectionLostError('the server is shutting down'));
    const owner = options.owner ?? 'system';
    const penalty = this.penaltyFor(owner);
    if (penalty > 0) {
      return Promise.reject(
        new DatabaseError({
          code: '53300',
          message: 'Too many of your recent requests ran past the time limit.',
          hint: `Try again in ${Math.ceil(penalty / 1000)} seconds, with a simpler filter.`,
        }),
      );
    }
    return new Promise((resolve, reject) => {
      const job: Job = {
        owner,
        timeoutMs: options.timeoutMs ?? null,
        interruptible: options.interruptible ?? false,
        run,
        resolve,
        reject,
        dequeued: () => {},
      };
      const { signal } = options;
      if (signal) {
        if (signal.aborted) return reject(signal.reason);
        const onAbort = () => {
          if (this.queue.remove(owner, job)) reject(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        // Once the job leaves the queue the signal has no say: nothing may keep the job reachable.
        job.dequeued = () => signal.removeEventListener('abort', onAbort);
      }
      this.queue.push(owner, job);
      if (this.preemptCurrent && this.preemptCurrent.owner !== owner) this.preemptCurrent.stop();
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    for (let job = this.queue.shift(); job; job = this.queue.shift()) await this.runJob(job);
    this.pumping = false;
    this.idle?.();
  }

  private async runJob(job: Job): Promise<void> {
    job.dequeued();
    // After a stopped statement the worker is being replaced: the job's clock starts once the
    // database is open again, so no one is charged (or stopped) for the reopening. A failure to
    // open is the job's first call's to report.
    await this.host.start().catch(() => {});
    let expired = false;
    let ended = false;
    let inFlight = 0;
    const call: Call = async (request) => {
      if (ended) throw new Error('A database call was made after its job had ended');
      if (expired) throw statementTimeoutError();
      inFlight += 1;
      try {
        return await this.host.call(request);
      } finally {
        inFlight -= 1;
      }
    };
    const stop = (why: string) => {
      if (expired || ended) return;
      expired = true;
      this.recordTimeout(job.owner);
      // PGlite cannot be interrupted from outside its thread: a statement still running is
      // stopped by ending the thread; the database reopens and recovers from its WAL.
      if (inFlight > 0) void this.host.kill(statementTimeoutError(), why);
    };
    const timers: ReturnType<typeof setTimeout>[] = [];
    if (job.timeoutMs !== null) {
      timers.push(
        setTimeout(() => stop(`a statement for ${job.owner} ran past ${job.timeoutMs} ms`), job.timeoutMs),
      );
    }
    if (job.interruptible) {
      // Never less than the configured slice; on a starved machine, where ordinary jobs take much
      // longer, proportionally more, so only statements far out of line with the rest are stopped.
      const sliceMs = Math.max(this.options.sliceMs, 40 * this.typicalJobMs);
      timers.push(
        setTimeout(() => {
          const preempt = () =>
            stop(
              `a statement for ${job.owner} held the database past ${Math.round(sliceMs)} ms while others waited`,
            );
          if (this.queue.hasOtherOwner(job.owner)) preempt();
          else this.preemptCurrent = { owner: job.owner, stop: preempt };
        }, sliceMs),
      );
    }
    this.running = job.owner;
    const started = performance.now();
    try {
      job.resolve(await job.run(call));
      if (!expired) this.typicalJobMs = 0.95 * this.typicalJobMs + 0.05 * (performance.now() - started);
    } catch (error) {
      job.reject(error);
    } finally {
      ended = true;
      this.running = null;
      this.preemptCurrent = null;
      for (const timer of timers) clearTimeout(timer);
    }
    if (this.host.heapBytes > this.options.maxHeapBytes) {
      const megabytes = Math.round(this.host.heapBytes / 1024 / 1024);
      await this.host.recycle(`the database engine grew to ${megabytes} MB`).catch((error: unknown) => {
        this.options.log(
          `database: could not reopen the database: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    }
  }

  private recordTimeout(owner: string): void {
    this.timeouts += 1;
    const now = Date.now();
    const recent = (this.recentTimeouts.get(owner) ?? []).filter(
      (at) => at > now - this.options.penaltyWindowMs,
    );
    recent.push(now);
    this.recentTimeouts.set(owner, recent);
  }

  /** Milliseconds an owner must still wait after too many timeouts, or 0. */
  private penaltyFor(owner: string): number {
    const recent = this.recentTimeouts.get(owner);
    if (!recent) return 0;
    const now = Date.now();
    const kept = recent.filter((at) => at > now - this.options.penaltyWindowMs);
    if (kept.length === 0) this.recentTimeouts.delete(owner);
    else this.recentTimeouts.set(owner, kept);
    if (kept.length < this.options.maxTimeoutsPerOwner) return 0;
    return (
      (kept[kept.length - this.options.maxTimeoutsPerOwner] as number) + this.options.penaltyWindowMs - now
    );
  }
}
