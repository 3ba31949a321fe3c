import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerWithOwnDatabase, supabaseClient } from '../helpers/test-server.ts';
import {
  previousReleaseArchive,
  previousReleaseFacts,
  type PreviousReleaseFacts,
} from './support/previous-release-fixture.ts';

const run = promisify(execFile);
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A data directory exactly as the previous release (PGlite) left it. */
async function previousReleaseDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'upgrade-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  await run('tar', ['-xzf', previousReleaseArchive, '-C', dataDir]);
  return dataDir;
}

const facts = async () => JSON.parse(await readFile(previousReleaseFacts, 'utf8')) as PreviousReleaseFacts;

describe('npm start on a data directory of the previous release (PGlite)', () => {
  it('moves everything into PostgreSQL 17 at the first start: sign-ins, sessions, posts, images and keys carry on', async () => {
    const dataDir = await previousReleaseDataDir();
    const known = await facts();
    const keysBefore = await readFile(path.join(dataDir, 'project-keys.json'), 'utf8');
    const messages: string[] = [];
    const server = await startServerWithOwnDatabase(dataDir, { log: (message) => messages.push(message) });
    cleanup.push(() => server.close());
    expect(messages.join('\n')).toMatch(/previous release's database is now in .*postgres/);
    // The install's keys are the same: sessions signed before the upgrade still verify.
    expect(await readFile(path.join(dataDir, 'project-keys.json'), 'utf8')).toBe(keysBefore);

    // The session that was signed in before the upgrade refreshes on the new server.
    const author = supabaseClient(server);
    const refreshed = await author.auth.refreshSession({ refresh_token: known.refreshToken.token });
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.user?.email).toBe(known.users.author.email);
    const saved = await author
      .from('posts')
      .select('id, topic, image_path')
      .eq('id', known.posts.saved.id)
      .single();
    expect(saved.data).toEqual({
      id: known.posts.saved.id,
      topic: known.posts.saved.topic,
      image_path: known.image.path,
    });
    const planned = await author.from('posts').select('id').eq('id', known.posts.scheduled.id);
    expect(planned.data).toHaveLength(1);
    const image = await author.storage.from(known.image.bucket).download(known.image.path);
    expect(
      createHash('sha256')
        .update(new Uint8Array(await image.data!.arrayBuffer()))
        .digest('hex'),
    ).toBe(known.image.sha256);
    const ideas = await author.from('topic_ideas').select('id');
    expect(ideas.data?.map((row) => row.id).sort()).toEqual(
      known.ideas
        .filter((idea) => idea.userId === known.users.author.id)
        .map((idea) => idea.id)
        .sort(),
    );

    // The other user signs in with the password they always had.
    const other = supabaseClient(server);
    const signIn = await other.auth.signInWithPassword({
      email: known.users.other.email,
      password: known.users.other.password,
    });
    expect(signIn.error).toBeNull();
    // And the first user's rows stay theirs.
    expect((await other.from('posts').select('id')).data).toEqual([]);

    // The old folder is kept for the user to delete; a restart does not import again.
    const names = await readdir(dataDir);
    expect(names).not.toContain('pgdata');
    expect(names.some((name) => /^pgdata\.pglite-backup-/.test(name))).toBe(true);
    await server.close();
    const again = await startServerWithOwnDatabase(dataDir, { log: (message) => messages.push(message) });
    cleanup.push(() => again.close());
    expect(messages.filter((message) => /database is now in/.test(message))).toHaveLength(1);
    const stillThere = supabaseClient(again);
    expect(
      (
        await stillThere.auth.signInWithPassword({
          email: known.users.author.email,
          password: known.users.author.password,
        })
      ).error,
    ).toBeNull();
  });

  it('refuses to start when the old database cannot be moved, and changes nothing', async () => {
    const dataDir = await previousReleaseDataDir();
    // A table file cut short since the old release's last clean shutdown.
    const base = path.join(dataDir, 'pgdata', 'base');
    const [database] = (await readdir(base)).sort().slice(-1);
    const files = (await readdir(path.join(base, database as string))).filter((name) => /^\d+$/.test(name));
    const victim = path.join(base, database as string, files[files.length - 1] as string);
    const size = (await readFile(victim)).length;
    await truncate(victim, Math.floor(size / 2));

    await expect(startServerWithOwnDatabase(dataDir)).rejects.toThrow(
      /Could not move the previous release's database .* into PostgreSQL 17: .*Nothing was changed/s,
    );
    expect(existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'postgres.importing'))).toBe(false);
    expect((await readFile(victim)).length).toBe(Math.floor(size / 2));
  });
});
