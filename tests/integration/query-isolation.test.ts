import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { signedInClient, startTestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

// `(.+)+\1+$` against 3,000 characters of "ab ab ab …" backtracks for tens of seconds in
// Postgres's regex engine: a filter any signed-in user can send about their own posts.
const runawayFilter = `content=match.${encodeURIComponent('(.+)+\\1+$')}`;
const longContent = 'ab '.repeat(1000);

type Client = Awaited<ReturnType<typeof signedInClient>>;

async function addPosts(user: Client, count: number, content = longContent): Promise<void> {
  const rows = Array.from({ length: count }, (_, index) => ({ topic: `Topic ${index}`, content }));
  const { error } = await user.client.from('posts').insert(rows);
  expect(error).toBeNull();
}

function rest(server: EmbeddedServer, user: Client, query: string) {
  return fetch(`${server.url}/rest/v1/posts?${query}`, {
    headers: { apikey: server.keys.publishableKey, authorization: `Bearer ${user.session.access_token}` },
  });
}

describe('one user’s runaway filter while others use the server', () => {
  const limitMs = 20_000;
  let server: EmbeddedServer;
  let distDir: string;
  let attacker: Client;
  let other: Client;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'isolation-dist-'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>AI Post Writer</title>');
    server = await startTestServer({
      distDir,
      statementTimeouts: { anon: limitMs, authenticated: limitMs, service_role: limitMs },
    });
    attacker = await signedInClient(server);
    other = await signedInClient(server);
    await addPosts(attacker, 2);
    await addPosts(other, 3, 'An ordinary post');
  });
  afterAll(async () => {
    await server.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('stops the runaway statement with 57014 as soon as someone else waits, and nobody waits for it', async () => {
    const attack = rest(server, attacker, runawayFilter).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as unknown,
      at: performance.now(),
    }));
    await waitFor(
      () => server.db.busyWith === `user:${attacker.user.id}`,
      'the runaway statement to hold the database',
    );

    const started = performance.now();
    const timed = <T>(promise: PromiseLike<T>) =>
      Promise.resolve(promise).then((value) => ({ value, at: performance.now() }));
    const [health, page, read] = await Promise.all([
      timed(fetch(`${server.url}/auth/v1/health`, { headers: { apikey: server.keys.publishableKey } })),
      timed(fetch(`${server.url}/`)),
      timed(other.client.from('posts').select('topic').order('topic')),
    ]);
    const attacked = await attack;

    // The HTTP layer never waits for the database on behalf of another request.
    expect(health.value.status).toBe(200);
    expect(await page.value.text()).toContain('AI Post Writer');
    expect(health.at).toBeLessThan(attacked.at);
    expect(page.at).toBeLessThan(attacked.at);
    // The other user's read was served once the runaway statement was stopped, long before its
    // 20 s time limit: it did not wait for that statement to finish or to time out.
    expect(read.value.error).toBeNull();
    expect(read.value.data?.map((row) => row.topic)).toEqual(['Topic 0', 'Topic 1', 'Topic 2']);
    expect(read.at - started).toBeLessThan(limitMs / 2);
    // The attacker gets PostgREST's answer for a cancelled statement.
    expect(attacked.status).toBe(500);
    expect(attacked.body).toEqual({
      code: '57014',
      details: null,
      hint: null,
      message: 'canceling statement due to statement timeout',
    });
  });

  it('keeps every acknowledged write of both users after a statement was stopped mid-flight', async () => {
    const attack = rest(server, attacker, runawayFilter);
    await waitFor(
      () => server.db.busyWith === `user:${attacker.user.id}`,
      'the runaway statement to hold the database',
    );
    const write = await other.client
      .from('posts')
      .insert({ topic: 'Written meanwhile', content: 'Saved while a statement was stopped' });
    expect(write.error).toBeNull();
    expect((await attack).status).toBe(500);

    const mine = await other.client.from('posts').select('topic').order('topic');
    expect(mine.data?.map((row) => row.topic)).toEqual([
      'Topic 0',
      'Topic 1',
      'Topic 2',
      'Written meanwhile',
    ]);
    const theirs = await attacker.client.from('posts').select('topic', { count: 'exact', head: true });
    expect(theirs.count).toBe(2);
  });

  it('takes turns between users: one read waits behind at most one of another user’s fifty', async () => {
    const heavy = await signedInClient(server);
    await addPosts(heavy, 50, 'A post of the heavy user');
    // The test holds the database with a job of its own until every request below is queued, so
    // the order they are served in is the scheduler's choice alone.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const holder = server.db.transaction(() => held, { owner: 'test' });
    await waitFor(() => server.db.busyWith === 'test', 'the test to hold the database');

    const finished: string[] = [];
    const read = (client: Client, label: string) =>
      client.client
        .from('posts')
        .select('id, topic, content')
        .limit(50)
        .then(({ error }) => {
          expect(error).toBeNull();
          finished.push(label);
        });
    const heavyReads = Array.from({ length: 50 }, (_, index) => read(heavy, `heavy ${index}`));
    await waitFor(() => server.db.waiting === 50, 'the heavy user’s fifty reads to queue up');
    const light = read(other, 'light');
    await waitFor(() => server.db.waiting === 51, 'the light read to queue up');
    release();
    await Promise.all([holder, ...heavyReads, light]);
    // Round robin: the light read is served right after the heavy user's first, not after all fifty.
    expect(finished.indexOf('light')).toBeLessThanOrEqual(1);
    expect(finished).toHaveLength(51);
  });
});

describe('a runaway statement with the database to itself', () => {
  let server: EmbeddedServer;
  let attacker: Client;

  beforeAll(async () => {
    server = await startTestServer({
      statementTimeouts: { anon: 1000, authenticated: 1500, service_role: 1500 },
    });
    attacker = await signedInClient(server);
    await addPosts(attacker, 1);
  });
  afterAll(() => server.close());

  it('runs until the role’s time limit, then fails with 57014 and the database carries on', async () => {
    const started = performance.now();
    const response = await rest(server, attacker, runawayFilter);
    expect(response.status).toBe(500);
    expect(((await response.json()) as { code: string }).code).toBe('57014');
    expect(performance.now() - started).toBeGreaterThanOrEqual(1500);

    const after = await attacker.client.from('posts').select('topic');
    expect(after.data).toEqual([{ topic: 'Topic 0' }]);
  });

  it('refuses an owner whose statements keep hitting the limit for a while (503), without affecting others', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1)
      expect((await rest(server, attacker, runawayFilter)).status).toBe(500);
    const refused = await rest(server, attacker, 'select=topic');
    expect(refused.status).toBe(503);
    const body = (await refused.json()) as { code: string; message: string; hint: string };
    expect(body.code).toBe('53300');
    expect(body.hint).toMatch(/Try again in \d+ seconds/);

    const someoneElse = await signedInClient(server);
    const read = await someoneElse.client.from('posts').select('topic');
    expect(read.error).toBeNull();
  });
});
