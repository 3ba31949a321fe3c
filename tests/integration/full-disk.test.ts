import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { signedInClient, startServerWithOwnDatabase } from '../helpers/test-server.ts';

const run = promisify(execFile);

/**
 * A small disk of its own for the data directory (a tmpfs), so the test can fill it. Mounting
 * needs root with the right to mount, which CI and this project's machines have; elsewhere the
 * test is skipped, and says why.
 */
async function smallDisk(): Promise<{ dir: string; unmount: () => Promise<void> } | { skipped: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'small-disk-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', dir]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    return {
      skipped: `cannot mount a small disk here: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  return {
    dir,
    unmount: async () => {
      await run('umount', [dir]).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const disk = await smallDisk();

describe.skipIf('skipped' in disk)(
  `a full disk under the database${'skipped' in disk ? ` (${disk.skipped})` : ''}`,
  () => {
    let server: EmbeddedServer;
    const logged: string[] = [];

    beforeAll(async () => {
      if ('skipped' in disk) return;
      server = await startServerWithOwnDatabase(path.join(disk.dir, 'data'), {
        log: (message) => logged.push(message),
      });
    });
    afterAll(async () => {
      await server?.close();
      if (!('skipped' in disk)) await disk.unmount();
    });

    it('fails writes with a clear message, keeps reads working and loses nothing; writes work again once there is room', async () => {
      if ('skipped' in disk) return;
      const user = await signedInClient(server);
      expect((await user.client.from('posts').insert({ topic: 'Before', content: 'Kept' })).error).toBeNull();

      const filler = path.join(disk.dir, 'filler');
      const { bavail, bsize } = await statfs(disk.dir);
      await writeFile(filler, Buffer.alloc(Math.max(0, bavail * bsize - 4096)));

      // Text that does not compress, until the table needs a page the full disk cannot give.
      const acknowledged = ['Before'];
      let refused: { status: number; error: { code: string; hint: string } | null } = {
        status: 0,
        error: null,
      };
      for (let index = 0; index < 500 && !refused.error; index += 1) {
        const topic = `While full ${index}`;
        const attempt = await user.client
          .from('posts')
          .insert({ topic, content: randomBytes(6000).toString('base64') });
        if (attempt.error) refused = { status: attempt.status, error: attempt.error };
        else acknowledged.push(topic);
      }
      expect(refused.status).toBe(503);
      expect(refused.error?.code).toBe('53100');
      expect(refused.error?.hint).toBe(
        "The server's disk is full, so nothing was saved. Free some disk space where DATA_DIR lives and try again.",
      );
      expect(logged.join('\n')).toMatch(/No space left on device/);

      const read = await user.client.from('posts').select('topic');
      expect(read.error).toBeNull();
      expect(read.data).toEqual([{ topic: 'Before' }]);

      await rm(filler);
      expect(
        (await user.client.from('posts').insert({ topic: 'After', content: 'Room again' })).error,
      ).toBeNull();
      const after = await user.client.from('posts').select('topic').order('topic');
      expect(after.data).toEqual([{ topic: 'After' }, { topic: 'Before' }]);
    });
  },
);
