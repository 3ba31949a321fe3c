import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  chmod,
  cp,
  lstat,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  truncate,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { restoreBackup } from '../../server/embedded/data-dir/restore-backup.ts';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { migrationsDir } from '../helpers/database-template.ts';
import {
  copyTemplateDataDir,
  signedInClient,
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

describe('the data directory: private and durable', () => {
  it('keeps every file 0600 and every folder 0700, repairing an install made before modes were enforced', async () => {
    const dataDir = await dataDirFromTemplate();
    // An older install: world-readable and writable files, as PGlite used to leave them.
    for (const name of ['pgdata/PG_VERSION', 'pgdata/global/pg_control', 'project-keys.json'])
      await chmod(path.join(dataDir, name), 0o666);
    await chmod(path.join(dataDir, 'pgdata/base'), 0o777);
    await chmod(dataDir, 0o755);

    const server = await start(dataDir);
    const user = await signedInClient(server);
    expect(
      (await user.client.from('posts').insert({ topic: 'Private', content: 'Only for me' })).error,
    ).toBeNull();
    await server.close();

    const wrong = [...(await modes(dataDir))].filter(
      ([, { mode, directory }]) => mode !== (directory ? 0o700 : 0o600),
    );
    expect(wrong).toEqual([]);
    expect((await modes(dataDir)).size).toBeGreaterThan(500);
  });

  it('writes every acknowledged change to disk (fsync) before answering', async () => {
    const server = await start(await dataDirFromTemplate());
    const user = await signedInClient(server);
    const before = server.db.engine.fsyncs;
    for (let index = 0; index < 50; index += 1) {
      const { error } = await user.client
        .from('posts')
        .insert({ topic: `Durable ${index}`, content: 'Acknowledged means on disk' });
      expect(error).toBeNull();
    }
    // At least one fsync of the write-ahead log per committed insert (fsync was off: 0 for 50).
    expect(server.db.engine.fsyncs - before).toBeGreaterThanOrEqual(50);
  });
});

describe('the data directory: damage is refused, never repaired into an empty database', () => {
  /** A directory with one account and some posts, shut down cleanly. */
  async function populated(
    posts = 20,
  ): Promise<{ dataDir: string; email: string; password: string; postsFile: string }> {
    const dataDir = await dataDirFromTemplate();
    const server = await startTestServer({ dataDir, log: () => {} });
    const user = await signedInClient(server);
    // Random text does not compress, so the table file really spans many pages.
    const rows = Array.from({ length: posts }, (_, index) => ({
      topic: `Post ${index}`,
      content: randomBytes(1000).toString('base64'),
    }));
    expect((await user.client.from('posts').insert(rows)).error).toBeNull();
    const { rows: file } = await server.db.query<{ path: string }>(
      `select pg_relation_filepath('public.posts') as path`,
    );
    await server.close();
    return {
      dataDir,
      email: user.email,
      password: user.password,
      postsFile: path.join(dataDir, 'pgdata', file[0]?.path ?? ''),
    };
  }

  it('refuses a directory that lost PG_VERSION, says how to restore, and leaves the data as it was', async () => {
    const { dataDir, email, password } = await populated();
    const versionFile = path.join(dataDir, 'pgdata/PG_VERSION');
    const version = await readFile(versionFile);
    await rm(versionFile);
    const filesBefore = (await readdir(path.join(dataDir, 'pgdata/base'), { recursive: true })).length;

    await expect(startTestServer({ dataDir, log: () => {} })).rejects.toThrow(
      /PG_VERSION is missing[\s\S]*npm run restore/,
    );
    expect(existsSync(versionFile)).toBe(false);
    expect((await readdir(path.join(dataDir, 'pgdata/base'), { recursive: true })).length).toBe(filesBefore);

    // Nothing was initialised over it: with the file back, the account is still there.
    await writeFile(versionFile, version);
    const server = await start(dataDir);
    const signIn = await supabaseClient(server).auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
  });

  it('refuses a table file cut short since the last clean shutdown, naming it', async () => {
    const { dataDir, postsFile } = await populated(200);
    const size = (await stat(postsFile)).size;
    expect(size).toBeGreaterThan(8192 * 4);
    await truncate(postsFile, 8192);
    const relative = path.relative(path.join(dataDir, 'pgdata'), postsFile).split(path.sep).join('/');
    await expect(startTestServer({ dataDir, log: () => {} })).rejects.toThrow(
      new RegExp(`${relative} is 8192 bytes, but was ${size} bytes at the last shutdown`),
    );
  });

  it('refuses a zeroed transaction-status file', async () => {
    const { dataDir } = await populated();
    const xact = path.join(dataDir, 'pgdata/pg_xact/0000');
    await writeFile(xact, Buffer.alloc((await stat(xact)).size));
    await expect(startTestServer({ dataDir, log: () => {} })).rejects.toThrow(
      /pg_xact\/0000 has changed since the last shutdown/,
    );
  });

  it('still refuses a directory that lost files after a crash, when there is no clean record to compare', async () => {
    const { dataDir } = await populated();
    // What a crash leaves: the record says the database was in use.
    await writeFile(
      path.join(dataDir, 'pgdata-integrity.json'),
      JSON.stringify({ version: 1, state: 'open', at: new Date().toISOString() }),
    );
    await rm(path.join(dataDir, 'pgdata/global/pg_control'));
    await expect(startTestServer({ dataDir, log: () => {} })).rejects.toThrow(
      /global\/pg_control is missing/,
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
    const dataDir = await dataDirFromTemplate();
    const migrations = await migrationsCopy();
    let server = await startTestServer({ dataDir, migrationsDir: migrations, log: () => {} });
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
    server = await startTestServer({
      dataDir,
      migrationsDir: migrations,
      log: (message) => messages.push(message),
    });
    await server.close();
    const backups = await readdir(path.join(dataDir, 'backups'));
    expect(backups).toEqual([expect.stringMatching(/^auto-.*-before-20991231000000\.tar\.gz$/)]);
    expect(messages.join('\n')).toMatch(/Backed up the database before applying 1 new migration/);

    const movedTo = await restoreBackup(path.join(dataDir, 'backups', backups[0] as string), dataDir);
    expect(movedTo).toMatch(/pgdata\.before-restore-/);
    await rm(path.join(migrations, '20991231000000_add_note.sql'));
    server = await start(dataDir, { migrationsDir: migrations });
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
