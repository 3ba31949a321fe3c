import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/database-template.ts';
import { startServerProcess, type ServerProcess } from '../../harness/server-process.ts';
import { supabaseClient } from '../helpers/test-server.ts';

let dataDir: string;
const running: ServerProcess[] = [];

async function start(): Promise<{ process: ServerProcess; anonKey: string }> {
  const process = await startServerProcess({ DATA_DIR: dataDir });
  running.push(process);
  const config = (await (await fetch(`${process.url}/app-config.json`)).json()) as {
    supabasePublishableKey: string;
  };
  return { process, anonKey: config.supabasePublishableKey };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'post-writer-data-'));
});
afterAll(async () => {
  for (const { child } of running) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm start on a data directory', () => {
  it('keeps users and rows across a SIGKILL right after an acknowledged write, and shuts down cleanly on SIGTERM', async () => {
    const first = await start();
    const client = supabaseClient({
      url: first.process.url,
      keys: { publishableKey: first.anonKey } as never,
    });
    const email = 'durable@example.com';
    const password = 'survives restarts';
    const signUp = await client.auth.signUp({ email, password });
    expect(signUp.error).toBeNull();
    const insert = await client
      .from('posts')
      .insert({ topic: 'Durability', content: 'Written just before the crash' })
      .select()
      .single();
    expect(insert.status).toBe(201);

    // Killed with no chance to flush anything: the acknowledged row must already be on disk. Its
    // database server outlives it; the next start must stop that one, never run a second.
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    const leftover = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
    first.process.child.kill('SIGKILL');
    await first.process.exited;
    expect(isAlive(leftover)).toBe(true);

    const second = await start();
    expect(second.process.output()).toMatch(
      /A database server from an earlier run \(pid \d+\) is still running/,
    );
    expect(isAlive(leftover)).toBe(false);
    expect(Number((await readFile(pidFile, 'utf8')).split('\n')[0])).not.toBe(leftover);
    // Same install, same keys: the secret lives in the data directory.
    expect(second.anonKey).toBe(first.anonKey);
    const again = supabaseClient({
      url: second.process.url,
      keys: { publishableKey: second.anonKey } as never,
    });
    const signIn = await again.auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
    const { data } = await again.from('posts').select('topic, content');
    expect(data).toEqual([{ topic: 'Durability', content: 'Written just before the crash' }]);

    second.process.child.kill('SIGTERM');
    expect(await second.process.exited).toBe(0);
    expect(second.process.output()).toContain('SIGTERM received');
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  });

  it('says so when its port is taken, and leaves no database server running', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()));
    const { port } = taken.address() as AddressInfo;
    try {
      await expect(startServerProcess({ DATA_DIR: dataDir, PORT: String(port) })).rejects.toThrow(
        new RegExp(`Port ${port} on 127\\.0\\.0\\.1 is already in use .*set PORT to another port`),
      );
      // The database it had started was stopped again (PostgreSQL removes its pid file last).
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    } finally {
      taken.close();
    }
  });

  it('refuses to open a data directory another server is using', async () => {
    const owner = await start();
    const lock = JSON.parse(await readFile(path.join(dataDir, 'server.pid'), 'utf8')) as {
      pid: number;
      url: string;
    };
    expect(lock).toMatchObject({ pid: owner.process.child.pid, url: owner.process.url });
    await expect(startServerProcess({ DATA_DIR: dataDir })).rejects.toThrow(
      /Another server .* is using the data directory/,
    );
    owner.process.child.kill('SIGTERM');
    await owner.process.exited;
  });
});

describe('npm run backup and npm run restore', () => {
  const run = (script: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(projectRoot, `scripts/${script}.ts`), ...args],
        {
          cwd: projectRoot,
          env: { ...process.env, ...env },
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => resolve({ code, output }));
    });

  it('backs up a running server, and restoring that backup brings its state back, images included', async () => {
    const backupDir = await mkdtemp(path.join(tmpdir(), 'post-writer-backup-'));
    try {
      const server = await startServerProcess({ DATA_DIR: backupDir });
      running.push(server);
      const anonKey = (
        (await (await fetch(`${server.url}/app-config.json`)).json()) as { supabasePublishableKey: string }
      ).supabasePublishableKey;
      const client = supabaseClient({ url: server.url, keys: { publishableKey: anonKey } as never });
      expect(
        (await client.auth.signUp({ email: 'backup@example.com', password: 'kept in the backup' })).error,
      ).toBeNull();
      expect(
        (await client.from('posts').insert({ topic: 'In the backup', content: 'Saved before' })).error,
      ).toBeNull();
      const userId = (await client.auth.getUser()).data.user!.id;
      const images = client.storage.from('post-images');
      const kept = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);
      expect(
        (await images.upload(`${userId}/kept.png`, new Blob([kept], { type: 'image/png' }))).error,
      ).toBeNull();

      const backup = await run('backup', { DATA_DIR: backupDir });
      expect(backup.code).toBe(0);
      const file = /Backed up the running server's database to (\S+)/.exec(backup.output)?.[1];
      expect(file).toBeDefined();
      expect(
        (await client.from('posts').insert({ topic: 'After the backup', content: 'Not in it' })).error,
      ).toBeNull();
      // After the backup: the kept image is deleted and another one added.
      expect((await images.remove([`${userId}/kept.png`])).data).toHaveLength(1);
      expect(
        (await images.upload(`${userId}/later.png`, new Blob([kept], { type: 'image/png' }))).error,
      ).toBeNull();

      // Never while the server runs.
      const refused = await run('restore', { DATA_DIR: backupDir }, [file as string]);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/Another server .* is using the data directory/);

      server.child.kill('SIGTERM');
      await server.exited;
      const restored = await run('restore', { DATA_DIR: backupDir }, [file as string]);
      expect(restored.code).toBe(0);
      expect(restored.output).toMatch(/Moved the previous database to .*postgres\.before-restore-/);

      const again = await startServerProcess({ DATA_DIR: backupDir });
      running.push(again);
      const next = supabaseClient({ url: again.url, keys: { publishableKey: anonKey } as never });
      expect(
        (await next.auth.signInWithPassword({ email: 'backup@example.com', password: 'kept in the backup' }))
          .error,
      ).toBeNull();
      expect((await next.from('posts').select('topic')).data).toEqual([{ topic: 'In the backup' }]);
      const restoredImages = next.storage.from('post-images');
      expect((await restoredImages.list(userId)).data?.map((entry) => entry.name)).toEqual(['kept.png']);
      const download = await restoredImages.download(`${userId}/kept.png`);
      expect(new Uint8Array(await download.data!.arrayBuffer())).toEqual(kept);
      again.child.kill('SIGTERM');
      await again.exited;
    } finally {
      await rm(backupDir, { recursive: true, force: true });
    }
  });
});
