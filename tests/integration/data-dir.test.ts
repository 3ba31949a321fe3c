import { spawn } from 'node:child_process';
import { cp, lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { restoreBackup } from '../../server/embedded/data-dir/restore-backup.ts';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { migrationsDir } from '../helpers/database-template.ts';
import { findPostgresBinaries } from '../../server/embedded/postgres/postgres-binaries.ts';
import {
  copyTemplateDataDir,
  signedInClient,
  startServerWithOwnDatabase,
  startTestServer,
  supabaseClient,
} from '../helpers/test-server.ts';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function dataDirFromTemplate(): Promise<string> {
  const dataDir = await copyTemplateDataDir();
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  return dataDir;
}

async function start(
  dataDir: string,
  overrides: Parameters<typeof startTestServer>[0] = {},
): Promise<EmbeddedServer> {
  const server = await startTestServer({ dataDir, log: () => {}, ...overrides });
  cleanup.push(() => server.close());
  return server;
}

/** Every entry under `dir` with its permission bits. */
async function modes(dir: string): Promise<Map<string, { mode: number; directory: boolean }>> {
  const found = new Map<string, { mode: number; directory: boolean }>();
  const visit = async (target: string) => {
    const stats = await lstat(target);
    found.set(path.relative(dir, target) || '.', {
      mode: stats.mode & 0o777,
      directory: stats.isDirectory(),
    });
    if (stats.isDirectory()) for (const name of await readdir(target)) await visit(path.join(target, name));
  };
  await visit(dir);
  return found;
}

/** The database server's pid, from its own record in the cluster folder. */
async function postmasterPid(dataDir: string): Promise<number> {
  return Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

async function ownDatabase(
  dataDir: string,
  overrides: Parameters<typeof startServerWithOwnDatabase>[1] = {},
): Promise<EmbeddedServer> {
  const server = await startServerWithOwnDatabase(dataDir, overrides);
  cleanup.push(() => server.close());
  return server;
}

async function emptyDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'own-cluster-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/** Inserts posts one after another until `stop` is called; returns the topics the server acknowledged. */
function writeUntilStopped(user: Awaited<ReturnType<typeof signedInClient>>): {
  stop: () => Promise<string[]>;
} {
  const acknowledged: string[] = [];
  let stopped = false;
  const loop = (async () => {
    for (let index = 0; !stopped; index += 1) {
      const topic = `Acknowledged ${index}`;
      const { error } = await user.client.from('posts').insert({ topic, content: 'Must survive' });
      if (!error) acknowledged.push(topic);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return acknowledged;
    },
  };
}

/**
 * The topics of `user`'s posts as the database holds them: read directly (no API row limit), and
 * a failed read throws rather than looking like an empty table.
 */
async function storedTopics(
  server: EmbeddedServer,
  user: Awaited<ReturnType<typeof signedInClient>>,
): Promise<Set<string>> {
  const { rows } = await server.db.query<{ topic: string }>(
    'select topic from public.posts where user_id = $1',
    [user.user.id],
  );
  return new Set(rows.map((row) => row.topic));
}

/**
 * The cluster's checkpointer, or null while the server cannot answer. PostgreSQL answers a
 * crashed backend by ending every process and starting new ones: a new checkpointer pid says that
 * restart has happened (the kill itself is noticed a moment later, later still on a busy machine).
 */
async function checkpointerPid(server: EmbeddedServer): Promise<number | null> {
  try {
    const { rows } = await server.db.query<{ pid: number }>(
      `select pid from pg_stat_activity where backend_type = 'checkpointer'`,
    );
    return rows[0]?.pid ?? null;
  } catch {
    return null;
  }
}

/** Polls with a read until the server answers again (after its database was restarted). */
async function untilReadable(user: Awaited<ReturnType<typeof signedInClient>>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { error } = await user.client.from('posts').select('topic').limit(1);
    if (!error) return;
  }
  throw new Error('The server did not answer again within 60 s');
}

describe('the data directory: a PostgreSQL 17 cluster of its own', () => {
  it('is created on first start with data checksums, UTF-8 and durable commits, run by an unprivileged account, and private', async () => {
    const dataDir = await emptyDataDir();
    const server = await ownDatabase(dataDir);
    const { rows } = await server.db.query<Record<string, string>>(
      `select current_setting('server_version_num') as version, current_setting('data_checksums') as checksums,
              current_setting('fsync') as fsync, current_setting('synchronous_commit') as synchronous_commit,
              current_setting('full_page_writes') as full_page_writes, pg_encoding_to_char(encoding) as encoding
         from pg_database where datname = current_database()`,
    );
    expect(rows[0]).toEqual({
      version: expect.stringMatching(/^17\d{4}$/),
      checksums: 'on',
      fsync: 'on',
      synchronous_commit: 'on',
      full_page_writes: 'on',
      encoding: 'UTF8',
    });
    const user = await signedInClient(server);
    expect(
      (await user.client.from('posts').insert({ topic: 'Private', content: 'Only for me' })).error,
    ).toBeNull();

    const pid = await postmasterPid(dataDir);
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
    // PostgreSQL never runs as root: as root the app runs it as its own unprivileged account.
    expect(uid).not.toBe(0);
    expect((await stat(path.join(dataDir, 'postgres'))).uid).toBe(uid);
    expect((await stat(path.join(dataDir, 'postgres'))).mode & 0o777).toBe(0o700);
    await server.close();

    const wrong = [...(await modes(dataDir))].filter(
      ([name, { mode, directory }]) =>
        name !== '.' &&
        !/^postgres(-socket|-runtime)?(\/|$)/.test(name) &&
        mode !== (directory ? 0o700 : 0o600),
    );
    expect(wrong).toEqual([]);
    // The top folder: 0700, or 0711 as root so the database's account can pass through to its folder.
    expect((await stat(dataDir)).mode & 0o777).toBe(process.getuid?.() === 0 ? 0o711 : 0o700);
  });

  it('keeps every acknowledged write when the database server is killed under the app, and carries on by itself', async () => {
    const dataDir = await emptyDataDir();
    const messages: string[] = [];
    const server = await ownDatabase(dataDir, { log: (message) => messages.push(message) });
    const user = await signedInClient(server);
    const writer = writeUntilStopped(user);
    // Kill the postmaster once writes are flowing.
    await expect
      .poll(
        async () => (await user.client.from('posts').select('topic', { count: 'exact', head: true })).count,
      )
      .toBeGreaterThan(5);
    const killed = await postmasterPid(dataDir);
    process.kill(killed, 'SIGKILL');
    await expect
      .poll(() => messages.join('\n'), { timeout: 60_000 })
      .toMatch(/database server stopped unexpectedly/);
    await untilReadable(user);
    const acknowledged = await writer.stop();
    expect(await postmasterPid(dataDir)).not.toBe(killed);

    const topics = await storedTopics(server, user);
    expect(acknowledged.length).toBeGreaterThan(5);
    expect(acknowledged.filter((topic) => !topics.has(topic))).toEqual([]);
  });

  it('keeps every acknowledged write when one database backend is killed mid-write', async () => {
    const dataDir = await emptyDataDir();
    const server = await ownDatabase(dataDir);
    const user = await signedInClient(server);
    const writer = writeUntilStopped(user);
    await expect
      .poll(
        async () => (await user.client.from('posts').select('topic', { count: 'exact', head: true })).count,
      )
      .toBeGreaterThan(5);
    const checkpointer = await checkpointerPid(server);
    expect(checkpointer).not.toBeNull();
    // A backend of the pool other than this query's, the writer's busy one first.
    const { rows } = await server.db.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
        and backend_type = 'client backend' order by state = 'idle' limit 1`,
    );
    expect(rows[0]).toBeDefined();
    process.kill((rows[0] as { pid: number }).pid, 'SIGKILL');
    // PostgreSQL answers a crashed backend by restarting all of them and recovering from its WAL.
    // Until it has noticed the kill, reads still succeed: only a read after the restart counts.
    await expect
      .poll(
        async () => {
          const now = await checkpointerPid(server);
          return now !== null && now !== checkpointer;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    await untilReadable(user);
    const acknowledged = await writer.stop();
    const topics = await storedTopics(server, user);
    expect(acknowledged.length).toBeGreaterThan(5);
    expect(acknowledged.filter((topic) => !topics.has(topic))).toEqual([]);
    expect(
      (await user.client.from('posts').insert({ topic: 'After', content: 'Still writable' })).error,
    ).toBeNull();
  });

  it.skipIf(process.getuid?.() !== 0)(
    'run as root inside a root-only folder, keeps the database where its account can reach it, and says where',
    async () => {
      // mkdtemp makes a 0700 folder: the database's account cannot enter it (as /root is).
      const parent = await emptyDataDir();
      const dataDir = path.join(parent, 'data');
      const messages: string[] = [];
      const server = await ownDatabase(dataDir, { log: (message) => messages.push(message) });
      const base = (await readFile(path.join(dataDir, 'postgres-location'), 'utf8')).trim();
      cleanup.push(() => rm(base, { recursive: true, force: true }));
      expect(base.startsWith('/var/lib/ai-post-writer-db/')).toBe(true);
      expect(messages.join('\n')).toMatch(/cannot enter the folders above .*, so the database files live in/);
      const user = await signedInClient(server);
      expect(
        (await user.client.from('posts').insert({ topic: 'Reached', content: 'Stored' })).error,
      ).toBeNull();
      await server.close();
      // The next start finds the same database through DATA_DIR's record.
      const again = await ownDatabase(dataDir);
      const signIn = await supabaseClient(again).auth.signInWithPassword({
        email: user.email,
        password: user.password,
      });
      expect(signIn.error).toBeNull();
    },
  );

  it('says clearly when the configured PostgreSQL binaries are missing or not version 17', async () => {
    const empty = await emptyDataDir();
    await expect(findPostgresBinaries({ POSTGRES_BIN_DIR: empty })).rejects.toThrow(
      /POSTGRES_BIN_DIR \(.*\) does not hold PostgreSQL's initdb and postgres programs/,
    );
    const fake = path.join(empty, 'bin');
    await mkdir(fake);
    for (const name of ['initdb', 'postgres']) {
      await writeFile(path.join(fake, name), '#!/bin/sh\necho "postgres (PostgreSQL) 15.18"\n', {
        mode: 0o755,
      });
    }
    await expect(findPostgresBinaries({ POSTGRES_BIN_DIR: fake })).rejects.toThrow(
      /holds postgres \(PostgreSQL\) 15\.18; this app runs on PostgreSQL 17/,
    );
  });
});

describe('the data directory: migrations and backups', () => {
  async function migrationsCopy(): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    await cp(migrationsDir, dir, { recursive: true });
    return dir;
  }

  it('backs the database up before applying new migrations, and the backup restores the old state', async () => {
    const dataDir = await emptyDataDir();
    const migrations = await migrationsCopy();
    let server = await startServerWithOwnDatabase(dataDir, { migrationsDir: migrations });
    const user = await signedInClient(server);
    expect(
      (await user.client.from('posts').insert({ topic: 'Before the migration', content: 'Kept' })).error,
    ).toBeNull();
    await server.close();

    await writeFile(
      path.join(migrations, '20991231000000_add_note.sql'),
      'alter table public.posts add column note text;\n',
    );
    const messages: string[] = [];
    server = await startServerWithOwnDatabase(dataDir, {
      migrationsDir: migrations,
      log: (message) => messages.push(message),
    });
    await server.close();
    const backups = await readdir(path.join(dataDir, 'backups'));
    expect(backups).toEqual([expect.stringMatching(/^auto-.*-before-20991231000000$/)]);
    expect(messages.join('\n')).toMatch(/Backed up the database before applying 1 new migration/);

    const movedTo = await restoreBackup(path.join(dataDir, 'backups', backups[0] as string), dataDir);
    expect(movedTo).toMatch(/postgres\.before-restore-/);
    await rm(path.join(migrations, '20991231000000_add_note.sql'));
    server = await ownDatabase(dataDir, { migrationsDir: migrations });
    const signIn = await supabaseClient(server).auth.signInWithPassword({
      email: user.email,
      password: user.password,
    });
    expect(signIn.error).toBeNull();
    const client = supabaseClient(server);
    await client.auth.setSession(signIn.data.session as never);
    expect((await client.from('posts').select('topic')).data).toEqual([{ topic: 'Before the migration' }]);
    expect((await client.from('posts').select('note')).error?.code).toBe('42703');
  });

  it('refuses to start when an applied migration file was edited, naming the file', async () => {
    const dataDir = await dataDirFromTemplate();
    const migrations = await migrationsCopy();
    const [first] = (await readdir(migrations)).filter((name) => name.endsWith('.sql')).sort();
    await writeFile(
      path.join(migrations, first as string),
      `${await readFile(path.join(migrations, first as string), 'utf8')}\n-- edited\n`,
    );
    await expect(startTestServer({ dataDir, migrationsDir: migrations, log: () => {} })).rejects.toThrow(
      new RegExp(`${first} was changed after it was applied`),
    );
  });
});

describe('the data directory: lock, secret and disk', () => {
  it('starts when server.pid names a live process that is not this server (a reused pid)', async () => {
    const sleeper = spawn('sleep', ['60']);
    cleanup.push(async () => sleeper.kill());
    const dataDir = await dataDirFromTemplate();
    await writeFile(
      path.join(dataDir, 'server.pid'),
      JSON.stringify({ pid: sleeper.pid, started: '1', url: null }),
    );
    await (await start(dataDir)).close();
    // The plain-pid format of older versions, naming a process that is not node.
    await writeFile(path.join(dataDir, 'server.pid'), String(sleeper.pid));
    await start(dataDir);
  });

  it('refuses damaged keys and a too-short legacy secret, and replaces missing keys loudly', async () => {
    const dataDir = await dataDirFromTemplate();
    const first = await start(dataDir);
    const publishableKey = first.keys.publishableKey;
    await first.close();

    const keysFile = path.join(dataDir, 'project-keys.json');
    const keys = await readFile(keysFile, 'utf8');
    await writeFile(keysFile, keys.slice(0, 40));
    await expect(startTestServer({ dataDir, log: () => {} })).rejects.toThrow(
      /project-keys\.json is damaged/,
    );
    await writeFile(keysFile, keys);

    // An install from before the signing keys: its legacy secret must be whole.
    await writeFile(path.join(dataDir, 'jwt-secret'), 'short\n');
    await expect(startTestServer({ dataDir, log: () => {} })).rejects.toThrow(
      /jwt-secret holds 5 characters, fewer than the 32/,
    );
    await rm(path.join(dataDir, 'jwt-secret'));

    await rm(keysFile);
    const messages: string[] = [];
    const second = await start(dataDir, { log: (message) => messages.push(message) });
    expect(messages.join('\n')).toMatch(/project-keys\.json was missing, so new keys were generated/);
    expect(second.keys.publishableKey).not.toBe(publishableKey);
  });

  it('refuses to start without enough free disk space, saying how much there is and how much is needed', async () => {
    const dataDir = await dataDirFromTemplate();
    await expect(startTestServer({ dataDir, minFreeDiskBytes: 1e15, log: () => {} })).rejects.toThrow(
      /Not enough free disk space for the database in .*: \d+ MB free, at least \d+ MB needed/,
    );
  });
});
