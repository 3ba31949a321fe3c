import { request } from 'node:http';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../harness/server-process.ts';
import { ObjectFiles } from '../../server/embedded/storage/object-files.ts';
import { supabaseClient } from '../helpers/test-server.ts';

/** The eight bytes every PNG starts with. */
const pngSignature = Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10]);

const bucket = 'post-images';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe('stored objects on disk', () => {
  let dataDir: string;
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'storage-durability-'));
  });
  afterAll(async () => {
    for (const { child } of running) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start() {
    const server = await startServerProcess({ DATA_DIR: dataDir });
    running.push(server);
    const config = (await (await fetch(`${server.url}/app-config.json`)).json()) as {
      supabasePublishableKey: string;
    };
    const client = supabaseClient({
      url: server.url,
      keys: { publishableKey: config.supabasePublishableKey } as never,
    });
    return { server, client, publishableKey: config.supabasePublishableKey };
  }

  it('keeps an acknowledged image and leaves no trace of one cut off by a SIGKILL mid-upload', async () => {
    const first = await start();
    const signUp = await first.client.auth.signUp({
      email: 'durable-images@example.com',
      password: 'survives restarts',
    });
    const userId = signUp.data.user!.id;
    const token = signUp.data.session!.access_token;
    const kept = Uint8Array.from({ length: 300_000 }, (_, index) => index % 251);
    kept.set(pngSignature); // the server stores only bytes that are the image they claim to be
    const upload = await first.client.storage
      .from(bucket)
      .upload(`${userId}/kept.png`, new Blob([kept], { type: 'image/png' }));
    expect(upload.error).toBeNull();

    // Half of a 4 MB body is sent, then the server is killed without warning.
    const total = 4 * 1024 * 1024;
    const url = new URL(`${first.server.url}/storage/v1/object/${bucket}/${userId}/cut-off.png`);
    const pending = request(url, {
      method: 'POST',
      headers: {
        apikey: first.publishableKey,
        authorization: `Bearer ${token}`,
        'content-type': 'image/png',
        'content-length': String(total),
      },
    });
    pending.on('error', () => {});
    await new Promise<void>((resolve) => pending.write(new Uint8Array(total / 2), () => resolve()));
    first.server.child.kill('SIGKILL');
    await first.server.exited;
    pending.destroy();

    const second = await start();
    const signIn = await second.client.auth.signInWithPassword({
      email: 'durable-images@example.com',
      password: 'survives restarts',
    });
    expect(signIn.error).toBeNull();
    const download = await second.client.storage.from(bucket).download(`${userId}/kept.png`);
    expect(new Uint8Array(await download.data!.arrayBuffer())).toEqual(kept);
    const listed = await second.client.storage.from(bucket).list(userId);
    expect(listed.data?.map((entry) => entry.name)).toEqual(['kept.png']);
    // Exactly the one acknowledged file is on disk, private to the server's user.
    const stored = await filesUnder(path.join(dataDir, 'storage'));
    expect(stored).toHaveLength(1);
    expect((await stat(stored[0]!)).mode & 0o777).toBe(0o600);

    const retry = await second.client.storage
      .from(bucket)
      .upload(`${userId}/cut-off.png`, new Blob([pngSignature], { type: 'image/png' }));
    expect(retry.error).toBeNull();
    second.server.child.kill('SIGTERM');
    await second.server.exited;
  });
});

describe('ObjectFiles', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'object-files-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('writes whole private files, reads them back, and sweeps what no row points to', async () => {
    const files = await ObjectFiles.open(dataDir);
    const kept = await files.write(new Uint8Array([1, 2, 3]));
    const orphan = await files.write(new Uint8Array([4]));
    // What a crash between the write and the rename leaves behind.
    await writeFile(path.join(dataDir, 'storage', 'tmp', 'half-written.part'), new Uint8Array(5));
    await mkdir(path.join(dataDir, 'storage', 'objects', 'zz'), { recursive: true });

    const read = await files.read(kept);
    expect(read?.size).toBe(3);
    read?.stream.destroy();

    const removed = await files.sweep(
      async (versions) => new Set(versions.filter((version) => version === kept)),
    );
    expect(removed).toBe(2);
    expect(await files.read(orphan)).toBeNull();
    const left = await filesUnder(path.join(dataDir, 'storage'));
    expect(left.map((file) => path.basename(file))).toEqual([kept]);
    expect((await stat(left[0]!)).mode & 0o777).toBe(0o600);
  });

  it('never turns a version id into a path outside its folder', async () => {
    const files = await ObjectFiles.open(dataDir);
    await expect(files.remove('../../etc/passwd')).rejects.toThrow('Not a version id');
  });
});
