import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { binary, runtimeCopy, type PostgresBinaries } from './postgres-binaries.ts';
import type { OsUser } from './os-user.ts';

/** How to reach a PostgreSQL database (node-postgres's connection fields). */
export interface PgConnection {
  /** A Unix socket folder (an absolute path) or a host name. */
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

export interface PostgresServerOptions {
  /** The cluster's folder (created by initdb when missing). */
  pgdata: string;
  /** Where the server's Unix socket lives (a private folder); TCP on 127.0.0.1 when the path is too long or on Windows. */
  socketDir: string;
  /** A copy of the binaries readable by `runAs` (used only when running as another account). */
  runtimeDir: string;
  /** The superuser's password, kept owner-only beside the cluster. */
  passwordFile: string;
  binaries: PostgresBinaries;
  /** The account the server runs as (null: this process's own). */
  runAs: OsUser | null;
  /** The bootstrap superuser; `postgres`, the role hosted Supabase runs migrations as. */
  superuser?: string;
  /**
   * Durable commits (fsync, synchronous_commit, full page writes): always for `npm start`;
   * tests turn it off for throwaway clusters.
   */
  durable: boolean;
  /** `tcp`: listen on a free port of 127.0.0.1 instead of the socket (throwaway test servers). */
  listen?: 'socket' | 'tcp';
  /** The TCP port to take again (a restart after a crash keeps the address the pool knows). */
  port?: number;
  /** Extra server settings (`-c name=value`). */
  settings?: Record<string, string>;
  log: (message: string) => void;
}

export interface PostgresServer {
  connection: PgConnection;
  /** True when this start ran initdb (a new cluster). */
  created: boolean;
  pid: number;
  /** Resolves when the server process ends, for whatever reason. */
  exited: Promise<void>;
  /** Fast shutdown (sessions ended, a clean checkpoint); SIGQUIT if it hangs. */
  stop(): Promise<void>;
}

const readyTimeoutMs = 120_000;
/** Linux's sun_path holds 108 bytes with the terminating NUL; macOS's 104. */
const maxSocketPath = process.platform === 'darwin' ? 103 : 107;

/**
 * Runs a real PostgreSQL server on `pgdata`: initdb (data checksums, UTF-8) on first start, a
 * server left running by a crashed earlier start stopped first (never two on one cluster), then
 * the server on a private Unix socket, resolved once it accepts connections.
 */
export async function startPostgresServer(options: PostgresServerOptions): Promise<PostgresServer> {
  const superuser = options.superuser ?? 'postgres';
  const binDir = options.runAs
    ? await runtimeCopy(options.binaries, options.runtimeDir)
    : options.binaries.binDir;
  let created = false;
  if (!existsSync(path.join(options.pgdata, 'PG_VERSION'))) {
    await initCluster(options, binDir, superuser);
    created = true;
  }
  const password = (await readFile(options.passwordFile, 'utf8').catch(() => '')).trim();
  if (!password) {
    throw new Error(
      `The database's password file ${options.passwordFile} is missing: the cluster in ${options.pgdata} cannot be opened without it. Restore it from a backup of the data directory.`,
    );
  }
  await stopLeftover(options);
  await prepareSocketDir(options);
  const useSocket =
    options.listen !== 'tcp' &&
    process.platform !== 'win32' &&
    path.join(options.socketDir, '.s.PGSQL.5432').length <= maxSocketPath;

  for (let attempt = 1; ; attempt += 1) {
    const port = useSocket ? 5432 : attempt === 1 && options.port ? options.port : await freePort();
    const child = spawnServer(options, binDir, port, useSocket);
    const outcome = await readiness(child);
    if (outcome.ready) {
      const exited = new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve();
        else child.once('exit', () => resolve());
      });
      // If Node ends without stopping it (an uncaught error), the server must not stay behind.
      const stopOnExit = () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      };
      process.once('exit', stopOnExit);
      forwardLog(child, options.log);
      let stopping: Promise<void> | null = null;
      return {
        connection: {
          host: useSocket ? options.socketDir : '127.0.0.1',
          port,
          user: superuser,
          password,
          database: 'postgres',
        },
        created,
        pid: child.pid ?? 0,
        exited,
        stop: () => {
          stopping ??= (async () => {
            process.off('exit', stopOnExit);
            await stopChild(child, exited);
          })();
          return stopping;
        },
      };
    }
    const portTaken = /could not bind|already in use/i.test(outcome.log);
    if (useSocket || !portTaken || attempt === 3) throw startError(options, outcome.log);
  }
}

async function initCluster(options: PostgresServerOptions, binDir: string, superuser: string): Promise<void> {
  // initdb writes into a partial folder that is renamed once complete: a start interrupted
  // mid-initdb leaves no half-made cluster behind.
  const partial = `${options.pgdata}.initdb-partial`;
  await rm(partial, { recursive: true, force: true });
  const password = randomBytes(24).toString('base64url');
  await writeFile(options.passwordFile, `${password}\n`, { mode: 0o600 });
  const pwfile = path.join(path.dirname(partial), `.initdb-pw-${process.pid}`);
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    await mkdir(partial, { mode: 0o700 });
    if (options.runAs) {
      await chown(partial, options.runAs.uid, options.runAs.gid);
      await chown(pwfile, options.runAs.uid, options.runAs.gid);
    }
    await runTool(options.runAs, binary(binDir, 'initdb'), [
      `--pgdata=${partial}`,
      `--username=${superuser}`,
      '--auth=scram-sha-256',
      `--pwfile=${pwfile}`,
      '--encoding=UTF8',
      '--locale=C',
      '--data-checksums',
      '--no-instructions',
      ...(options.durable ? [] : ['--no-sync']),
    ]);
    await rename(partial, options.pgdata);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(pwfile, { force: true });
  }
}

/**
 * A server whose postmaster.pid names a live process was left by an earlier start that ended
 * without stopping it (Node killed): the data directory lock says no other app server uses
 * this folder, so it is stopped (fast shutdown) before ours starts.
 */
async function stopLeftover(options: PostgresServerOptions): Promise<void> {
  const pidFile = path.join(options.pgdata, 'postmaster.pid');
  const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !looksLikePostgres(pid)) return;
  options.log(
    `A database server from an earlier run (pid ${pid}) is still running on ${options.pgdata}: stopping it first.`,
  );
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 60_000;
  await waitUntil(
    () => !isAlive(pid),
    () => {
      if (Date.now() > deadline) process.kill(pid, 'SIGQUIT');
    },
  );
}

function looksLikePostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    // No /proc (macOS): a live pid in postmaster.pid is Postgres's own record; trust it.
    return process.platform !== 'linux';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Polls `done` every 50 ms (a process's end has no event to wait on when it is not our child). */
async function waitUntil(done: () => boolean, onTick: () => void): Promise<void> {
  while (!done()) {
    onTick();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function prepareSocketDir(options: PostgresServerOptions): Promise<void> {
  await mkdir(options.socketDir, { recursive: true, mode: 0o700 });
  await chmod(options.socketDir, 0o700);
  if (options.runAs) await chown(options.socketDir, options.runAs.uid, options.runAs.gid);
}

/** Only what the server needs from the environment: never the app's keys. */
function serverEnvironment(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    LC_ALL: 'C',
    TZ: 'UTC',
    ...(process.platform === 'win32' ? { SystemRoot: process.env.SystemRoot ?? 'C:\\Windows' } : {}),
  };
}

async function runTool(runAs: OsUser | null, file: string, args: string[]): Promise<void> {
  const child = spawn(file, args, {
    env: serverEnvironment(),
    cwd: tmpdir(),
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`${path.basename(file)} failed (exit ${code}):\n${output.trim()}`);
}

function spawnServer(
  options: PostgresServerOptions,
  binDir: string,
  port: number,
  useSocket: boolean,
): ChildProcess {
  const durable = options.durable ? 'on' : 'off';
  const settings: Record<string, string> = {
    listen_addresses: useSocket ? '' : '127.0.0.1',
    unix_socket_directories: useSocket ? options.socketDir : '',
    unix_socket_permissions: '0700',
    port: String(port),
    fsync: durable,
    synchronous_commit: durable,
    full_page_writes: durable,
    max_connections: '100',
    timezone: 'UTC',
    log_timezone: 'UTC',
    // User errors are the API's answers, not the operator's business, and statements carry user data.
    log_min_messages: 'warning',
    log_min_error_statement: 'panic',
    log_checkpoints: 'off',
    // WAL kept for a file-level backup copied while writes go on (docs/decisions/008-durability.md).
    wal_keep_size: '256MB',
    ...options.settings,
  };
  const args = [`-D${options.pgdata}`];
  for (const [name, value] of Object.entries(settings)) args.push('-c', `${name}=${value}`);
  return spawn(binary(binDir, 'postgres'), args, {
    env: serverEnvironment(),
    cwd: tmpdir(),
    // Its own process group: Ctrl-C reaches Node, which then stops the database in order.
    detached: process.platform !== 'win32',
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(options.runAs ? { uid: options.runAs.uid, gid: options.runAs.gid } : {}),
  });
}

/**
 * Resolves once the server says it accepts connections (an event, not a guess), or with what
 * it printed when it exits or takes longer than readyTimeoutMs. (That line is logged at LOG
 * level, which log_min_messages ranks above WARNING, so it is always printed.)
 */
function readiness(server: ChildProcess): Promise<{ ready: boolean; log: string }> {
  return new Promise((resolve) => {
    let log = '';
    let settled = false;
    const finish = (ready: boolean, extra = '') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      server.stderr?.off('data', onData);
      server.off('exit', onExit);
      resolve({ ready, log: `${log}${extra}` });
    };
    const timer = setTimeout(() => {
      server.kill('SIGKILL');
      finish(false, `\n(not ready within ${readyTimeoutMs / 1000} s)`);
    }, readyTimeoutMs);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('ready to accept connections')) finish(true);
    };
    const onExit = () => finish(false);
    server.stderr?.on('data', onData);
    server.once('exit', onExit);
  });
}

/** Recovery and failures are worth the operator's eye; the rest of the server's log is not. */
function forwardLog(server: ChildProcess, log: (message: string) => void): void {
  let pending = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (/\b(FATAL|PANIC|WARNING):|No space left|could not write/i.test(line))
        log(`database: ${line.trim()}`);
    }
  });
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGQUIT'), 60_000);
  await exited;
  clearTimeout(timer);
}

function startError(options: PostgresServerOptions, log: string): Error {
  const text = log.trim();
  if (/lock file .* already exists|is another postmaster/i.test(text)) {
    return new Error(
      `Another database server is already running on ${options.pgdata}. Stop the other \`npm start\` using this DATA_DIR first.\n${text}`,
    );
  }
  if (/No space left on device/i.test(text)) {
    return new Error(
      `The database could not start: the disk holding ${options.pgdata} is full. Free some space and start again.`,
    );
  }
  return new Error(`The database server (${options.binaries.version}) did not start:\n${text}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
