import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { supabaseClient } from '../helpers/test-server.ts';

let dataDir: string;
const running: ServerProcess[] = [];

async function start(): Promise<{ process: ServerProcess; anonKey: string }> {
  const process = await startServerProcess({ DATA_DIR: dataDir });
  running.push(process);
  const config = (await (await fetch(`${process.url}/app-config.json`)).json()) as { supabaseAnonKey: string };
  return { process, anonKey: config.supabaseAnonKey };
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
    const client = supabaseClient({ url: first.process.url, keys: { anonKey: first.anonKey } as never });
    const email = 'durable@example.com';
    const password = 'survives restarts';
    const signUp = await client.auth.signUp({ email, password });
    expect(signUp.error).toBeNull();
    const insert = await client.from('posts').insert({ topic: 'Durability', content: 'Written just before the crash' }).select().single();
    expect(insert.status).toBe(201);

    // Killed with no chance to flush anything: the acknowledged row must already be on disk.
    first.process.child.kill('SIGKILL');
    await first.process.exited;

    const second = await start();
    // Same install, same keys: the secret lives in the data directory.
    expect(second.anonKey).toBe(first.anonKey);
    const again = supabaseClient({ url: second.process.url, keys: { anonKey: second.anonKey } as never });
    const signIn = await again.auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
    const { data } = await again.from('posts').select('topic, content');
    expect(data).toEqual([{ topic: 'Durability', content: 'Written just before the crash' }]);

    second.process.child.kill('SIGTERM');
    expect(await second.process.exited).toBe(0);
    expect(second.process.output()).toContain('SIGTERM received');
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  });

  it('refuses to open a data directory another server is using', async () => {
    const owner = await start();
    const lock = JSON.parse(await readFile(path.join(dataDir, 'server.pid'), 'utf8')) as { pid: number; url: string };
    expect(lock).toMatchObject({ pid: owner.process.child.pid, url: owner.process.url });
    await expect(startServerProcess({ DATA_DIR: dataDir })).rejects.toThrow(/Another server .* is using the data directory/);
    owner.process.child.kill('SIGTERM');
    await owner.process.exited;
  });
});
