import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { messages } from '@/config/messages';
import { historyPostId } from '@/features/profile/archive/history-post-id';
import type { ArchivePost } from '@/features/profile/archive/parse-shares-csv';
import { saveHistoryPosts } from '@/features/profile/archive/save-history-posts';
import {
  ideaCounts as countsOf,
  storedHistoryPosts,
  type StoredHistoryPost,
} from '../helpers/archive-rows.ts';
import { setupApp, type TestUser } from '../helpers/render-app.tsx';

// saveHistoryPosts (the "Also keep all posts as published history" of the LinkedIn archive import)
// through the app's own supabase-js client against the real embedded backend: the rows Postgres
// stores, the requests they went in (rows one request inserted share its transaction id), the ideas
// bank that keep_history_posts fills, and the all-or-nothing promise under real refusals and real
// lock contention. Nothing of our backend is mocked.
//
// Not produced here: the browser's own connection failing between two requests and working again
// for the removal right after ("Unable to connect to the database…" from a later request). The
// server can only be stopped between whole calls, not between two requests of one; the page's
// connection failing is tested in archive-import.test.tsx, and a later request failing (refused,
// its database connection dropped, timed out) below.
const app = setupApp();

/** The embedded REST API's limit is 1 MiB (server/embedded/http-app.ts); the import stays under this. */
const requestLimit = 900_000;
const partWayMessage =
  'The connection failed part-way, so some of your posts were kept and some were not. Choose “Keep these posts” again to add the rest: none is added twice.';

type StoredPost = StoredHistoryPost;

const day = 86_400_000;

/** A post of the archive: the text opens with `opening` (its first line is its topic). */
const archivePost = (index: number, opening: string, body = 'What happened, and what I took from it.') => ({
  postedAt: new Date(Date.UTC(2026, 10, 1, 9, 30) - index * day).toISOString(),
  link: `https://www.linkedin.com/feed/update/urn:li:share:${7_300_000 + index}`,
  text: `${opening}\n\n${body}`,
});

/**
 * `count` posts of `length` characters each (LinkedIn's most is 3,000), newest first, each with a
 * topic of its own. Accents, dashes and an emoji take more bytes than characters: the limit is bytes.
 */
const archivePosts = (count: number, length = 3000): ArchivePost[] =>
  Array.from({ length: count }, (_, index) => {
    const post = archivePost(index, `Post number ${index}: what the week taught me.`);
    return {
      ...post,
      text: `${post.text}\n\n${'Déjà vu at the café — naïve plans meet real users 🚀. '.repeat(60)}`.slice(
        0,
        length,
      ),
    };
  });

const storedPosts = (writer: TestUser) => storedHistoryPosts(writer.client);

async function storedIds(writer: TestUser): Promise<string[]> {
  return (await storedPosts(writer)).map((post) => post.id);
}

const ideaCounts = (writer: TestUser) => countsOf(writer.client);

const iso = (time: string) => new Date(time).toISOString();

/** The JSON of a row as the import sends it, in bytes (the request is `{"posts":[row,row,…]}`). */
const rowBytes = (post: ArchivePost, stored: StoredPost) =>
  Buffer.byteLength(
    JSON.stringify({
      id: stored.id,
      topic: stored.topic,
      content: stored.content,
      created_at: post.postedAt,
    }),
  );

/**
 * Starts the import of `posts` while another session holds an uncommitted row with the id the
 * second-to-last post is to have: the import's INSERT … ON CONFLICT DO NOTHING of that row (in
 * the last request) waits for that transaction to end, after every earlier request has committed.
 * Resolves once it waits, with the session (in its transaction), the import, and the ids the
 * earlier requests stored.
 */
async function importHeldAtTheEnd(writer: TestUser, posts: ArchivePost[]) {
  // A connection of Postgres's own superuser, beside the backend's pool.
  const session = new pg.Client(app.server().db.connection);
  await session.connect();
  await session.query('begin');
  await session.query(
    `insert into public.posts (id, user_id, topic, content, is_published)
     values ($1, $2, 'Held by another session', 'Held by another session', true)`,
    [await historyPostId(writer.id, posts.at(-2)!), writer.id],
  );
  const saving = saveHistoryPosts(writer.id, posts);
  saving.catch(() => {});
  await expect
    .poll(async () => {
      const { rows } = await session.query<{ count: number }>(
        `select count(*)::int as count from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))`,
      );
      return rows[0]?.count;
    })
    .toBe(1);
  const storedBefore = await storedIds(writer);
  expect(storedBefore.length).toBeGreaterThan(0);
  expect(storedBefore.length).toBeLessThan(posts.length - 2);
  return { session, saving, storedBefore };
}

/**
 * An import that fails part-way and cannot undo itself: another session holds a row of the last
 * request past its time limit (8 s for the authenticated role), and the rows of the earlier
 * requests too, so their removal runs out of time as well (the database was too busy to finish
 * either). Resolves with the ids the import left stored.
 */
async function failPartWay(writer: TestUser, posts: ArchivePost[]): Promise<string[]> {
  const { session, saving, storedBefore } = await importHeldAtTheEnd(writer, posts);
  try {
    await session.query('select 1 from public.posts where id = any($1::uuid[]) for update', [storedBefore]);
    await expect(saving).rejects.toThrow(partWayMessage);
    await session.query('rollback');
  } finally {
    await session.end();
  }
  return storedBefore;
}

describe('saveHistoryPosts against the embedded backend', () => {
  it('stores each post as a published post of the author, on the day it went out, under its opening words', async () => {
    const writer = await app.signUp();
    const posts = [
      archivePost(0, 'Three things I learned shipping our first AI feature, in order of pain:'),
      archivePost(1, 'Nothing ships after 3 pm on a Friday.'),
      archivePost(
        2,
        'Onboarding a new engineer used to take us six weeks, and last spring it took nine days with nothing clever about it at all.',
      ),
    ];
    await expect(saveHistoryPosts(writer.id, posts)).resolves.toEqual({ added: 3, alreadyKept: 0 });

    const stored = await storedPosts(writer);
    expect(
      stored.map((post) => ({
        ...post,
        created_at: iso(post.created_at),
        calendar_at: iso(post.calendar_at),
      })),
    ).toEqual(
      await Promise.all(
        posts.map(async (post, index) => ({
          // The same id every time for this author and post (a UUID of version 8).
          id: await historyPostId(writer.id, post),
          user_id: writer.id,
          topic: [
            'Three things I learned shipping our first AI feature, in order of pain:',
            'Nothing ships after 3 pm on a Friday.',
            'Onboarding a new engineer used to take us six weeks, and last spring it took…',
          ][index],
          content: post.text,
          is_published: true,
          publish_status: 'published',
          created_at: post.postedAt,
          // The calendar places it on the day it went out.
          calendar_at: post.postedAt,
        })),
      ),
    );
    expect(stored[0]?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('counts each added post’s topic in the ideas bank: two posts of one topic count 2, a topic already there goes up', async () => {
    const writer = await app.signUp();
    await writer.buildIdea({ topic: 'Hiring update: we are looking for a backend engineer.', used_count: 3 });
    // Another author's idea of the same words is theirs alone (the app stays signed in as the writer).
    const other = await app.signUp({ signIn: false });
    await other.buildIdea({ topic: 'Hiring update: we are looking for a backend engineer.', used_count: 1 });

    const posts = [
      archivePost(0, 'What a code review is for.', 'Mostly spreading knowledge.'),
      archivePost(1, 'What a code review is for.', 'Catching bugs is the bonus.'),
      archivePost(2, 'Hiring update: we are looking for a backend engineer.'),
      archivePost(3, 'Words are part of the product.'),
    ];
    await expect(saveHistoryPosts(writer.id, posts)).resolves.toEqual({ added: 4, alreadyKept: 0 });
    expect(await ideaCounts(writer)).toEqual({
      'What a code review is for.': 2,
      'Hiring update: we are looking for a backend engineer.': 4,
      'Words are part of the product.': 1,
    });
    expect(await ideaCounts(other)).toEqual({
      'Hiring update: we are looking for a backend engineer.': 1,
    });
  });

  it('importing again adds nothing twice, counts nothing twice, and leaves a kept post as the author edited it', async () => {
    const writer = await app.signUp();
    const posts = [
      archivePost(0, 'Why do we still book meetings?'),
      archivePost(1, 'A small team beats a big plan.'),
      archivePost(2, 'Our first customer call went badly.'),
    ];
    await expect(saveHistoryPosts(writer.id, posts.slice(0, 2))).resolves.toEqual({
      added: 2,
      alreadyKept: 0,
    });
    const first = await storedIds(writer);
    // The author edits a kept post in Saved Posts before importing again.
    const { error } = await writer.client
      .from('posts')
      .update({ content: 'Edited after the import.' })
      .eq('id', await historyPostId(writer.id, posts[0]!));
    if (error) throw new Error(error.message);

    await expect(saveHistoryPosts(writer.id, posts)).resolves.toEqual({ added: 1, alreadyKept: 2 });
    await expect(saveHistoryPosts(writer.id, posts)).resolves.toEqual({ added: 0, alreadyKept: 3 });

    const stored = await storedPosts(writer);
    expect(stored).toHaveLength(3);
    expect(stored.map((post) => post.id)).toEqual(expect.arrayContaining(first));
    expect(stored[0]?.content).toBe('Edited after the import.');
    expect(await ideaCounts(writer)).toEqual({
      'Why do we still book meetings?': 1,
      'A small team beats a big plan.': 1,
      'Our first customer call went badly.': 1,
    });
  });

  it('sends an archive too big for one request in as few requests as fit under 900 KB, each stored whole', async () => {
    const writer = await app.signUp();
    const posts = archivePosts(600);
    await expect(saveHistoryPosts(writer.id, posts)).resolves.toEqual({ added: 600, alreadyKept: 0 });

    const stored = new Map((await storedPosts(writer)).map((post) => [post.id, post]));
    expect(stored.size).toBe(600);
    const ids = await Promise.all(posts.map((post) => historyPostId(writer.id, post)));
    const sizes = posts.map((post, index) => rowBytes(post, stored.get(ids[index]!)!));
    // More than the server takes in one request: one request would have been refused.
    const whole = 2 + sizes.reduce((sum, size) => sum + size + 1, -1);
    expect(whole).toBeGreaterThan(1024 * 1024);

    // Rows one request inserted share its transaction (xmin): the requests, in the archive's order.
    const { rows } = await app
      .server()
      .db.query<{ id: string; tx: string }>(
        'select id, xmin::text as tx from public.posts where user_id = $1',
        [writer.id],
      );
    const transactionOf = new Map(rows.map((row) => [row.id, row.tx]));
    const requests: number[][] = [];
    ids.forEach((id, index) => {
      const last = requests.at(-1);
      if (last && transactionOf.get(ids[last[0]!]!) === transactionOf.get(id)) last.push(index);
      else requests.push([index]);
    });
    // Each request's rows are one run of the archive, never split between transactions.
    expect(new Set(rows.map((row) => row.tx)).size).toBe(requests.length);
    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(requests.length).toBeLessThanOrEqual(3);
    const bodyBytes = (indexes: number[]) => 2 + indexes.reduce((sum, index) => sum + sizes[index]! + 1, -1);
    requests.forEach((indexes, number) => {
      expect(bodyBytes(indexes)).toBeLessThan(requestLimit);
      // As few as fit: the next request's first row would not have fitted into this one.
      const next = requests[number + 1]?.[0];
      if (next !== undefined) expect(bodyBytes([...indexes, next])).toBeGreaterThanOrEqual(requestLimit);
    });
    expect(Object.keys(await ideaCounts(writer))).toHaveLength(600);
  });

  it('keeps nothing when the database refuses a post of a later request: the rows of the earlier ones are removed', async () => {
    const writer = await app.signUp();
    const posts = archivePosts(600);
    // The last post is longer than posts.content takes (20,000 characters): Postgres's check refuses it.
    posts[599] = { ...posts[599]!, text: `Post number 599, far too long.\n\n${'x'.repeat(20_000)}` };
    // So that the earlier requests are seen stored before the refusal, another session holds the
    // row before it until then.
    const { session, saving, storedBefore } = await importHeldAtTheEnd(writer, posts);
    try {
      await session.query('rollback');
      await expect(saving).rejects.toThrow(messages.value_rejected);
    } finally {
      await session.end();
    }
    expect(storedBefore.length).toBeGreaterThan(0);
    expect(await storedIds(writer)).toEqual([]);
    // The counts the earlier requests added are taken back with their posts.
    expect(await ideaCounts(writer)).toEqual({});
  });

  it('keeps nothing when the database connection of a later request drops: the earlier requests’ rows are removed', async () => {
    const writer = await app.signUp();
    const posts = archivePosts(600);
    const { session, saving } = await importHeldAtTheEnd(writer, posts);
    try {
      // The backend serving the last request goes away (as in a restart of Postgres); the server's
      // pool replaces it, so the removal that follows goes through.
      await session.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))',
      );
      // SQLSTATE 57P01 ("terminating connection due to administrator command") is said in words.
      await expect(saving).rejects.toThrow(messages.server_interrupted);
      await session.query('rollback');
    } finally {
      await session.end();
    }
    expect(await storedIds(writer)).toEqual([]);
    expect(await ideaCounts(writer)).toEqual({});
    // Kept whole once the database is there again.
    await expect(saveHistoryPosts(writer.id, posts)).resolves.toEqual({ added: 600, alreadyKept: 0 });
  });

  it('a failed import takes back only its own counts: the author’s ideas stay as they were', async () => {
    const writer = await app.signUp();
    const posts = archivePosts(600);
    posts[599] = { ...posts[599]!, text: `Post number 599, far too long.\n\n${'x'.repeat(20_000)}` };
    // Two of the topics are ideas the author already has: one typed in (used 0 times), one used 3 times.
    const { error } = await writer.client.from('topic_ideas').insert([
      { topic: 'Post number 0: what the week taught me.', used_count: 0 },
      { topic: 'Post number 1: what the week taught me.', used_count: 3 },
    ]);
    if (error) throw new Error(error.message);
    await expect(saveHistoryPosts(writer.id, posts)).rejects.toThrow(messages.value_rejected);
    expect(await storedIds(writer)).toEqual([]);
    expect(await ideaCounts(writer)).toEqual({
      'Post number 0: what the week taught me.': 0,
      'Post number 1: what the week taught me.': 3,
    });
  });

  it('says so when even the removal fails, and keeping again completes it', async () => {
    const writer = await app.signUp();
    const posts = archivePosts(600);
    const kept = await failPartWay(writer, posts);
    // Some were kept and some were not, as the message says.
    expect((await storedIds(writer)).toSorted()).toEqual(kept.toSorted());

    await expect(saveHistoryPosts(writer.id, posts)).resolves.toEqual({
      added: 600 - kept.length,
      alreadyKept: kept.length,
    });
    const stored = await storedPosts(writer);
    expect(stored).toHaveLength(600);
    expect(stored.every((post) => post.is_published && post.publish_status === 'published')).toBe(true);
  });

  // Each request stores its posts and counts their topics in one statement, so the posts a failed
  // import left stored are counted, and keeping again counts only the posts it adds.
  it('a post kept by an import that failed part-way has its topic counted once the import is completed', async () => {
    const writer = await app.signUp();
    const posts = archivePosts(600);
    const kept = await failPartWay(writer, posts);
    expect(kept.length).toBeGreaterThan(0);
    await saveHistoryPosts(writer.id, posts);

    const counts = await ideaCounts(writer);
    expect(Object.keys(counts)).toHaveLength(600);
    expect(Object.values(counts).every((count) => count === 1)).toBe(true);
  });
});
