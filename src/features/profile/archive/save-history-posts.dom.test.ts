import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { initSupabase } from '@/lib/supabase/client';
import { storeSession } from '../../../../tests/helpers/stored-session.ts';
import type { ArchivePost } from './parse-shares-csv';
import { saveHistoryPosts } from './save-history-posts';

// The history through supabase-js against a REST API answered here, at the network edge: what goes
// in each request, and what is undone when a later request fails.

const origin = 'http://localhost';
const userId = '7c2e0a63-4b5d-4e9f-8a11-2b3c4d5e6f70';

interface SentRow {
  id: string;
  user_id: string;
  topic: string;
  content: string;
  is_published: boolean;
  created_at: string;
}

let inserts: { url: URL; prefer: string | null; bytes: number; rows: SentRow[] }[] = [];
let deleted: string[][] = [];
/** Ids the database holds already: an upsert that ignores duplicates does not return them. */
let stored = new Set<string>();
let failInsertNumber: number | null = null;
let failDelete = false;

const network = setupServer(
  http.post(`${origin}/rest/v1/posts`, async ({ request }) => {
    const body = await request.text();
    const rows = JSON.parse(body) as SentRow[];
    inserts.push({
      url: new URL(request.url),
      prefer: request.headers.get('prefer'),
      bytes: body.length,
      rows,
    });
    if (inserts.length === failInsertNumber) return HttpResponse.error();
    const added = rows.filter((row) => !stored.has(row.id));
    for (const row of added) stored.add(row.id);
    return HttpResponse.json(
      added.map((row) => ({ id: row.id })),
      { status: 201 },
    );
  }),
  http.delete(`${origin}/rest/v1/posts`, ({ request }) => {
    if (failDelete) return HttpResponse.error();
    const filter = new URL(request.url).searchParams.get('id') ?? '';
    deleted.push(filter.replace(/^in\.\(|\)$/g, '').split(','));
    return new HttpResponse(null, { status: 204 });
  }),
);

beforeAll(() => {
  network.listen({ onUnhandledRequest: 'error' });
  storeSession(userId, 'ada@example.com');
  initSupabase(origin, 'anon-key');
});
afterAll(() => network.close());
beforeEach(() => {
  inserts = [];
  deleted = [];
  stored = new Set();
  failInsertNumber = null;
  failDelete = false;
});

const archivePosts = (count: number, length = 120): ArchivePost[] =>
  Array.from({ length: count }, (_, index) => ({
    postedAt: new Date(Date.UTC(2026, 10, 1) - index * 86_400_000).toISOString(),
    link: `https://www.linkedin.com/feed/update/urn:li:share:${index}`,
    text: `Post number ${index}, which opens with its number.\n\n${'More words. '.repeat(length / 12)}`.slice(
      0,
      length,
    ),
  }));

describe('saveHistoryPosts', () => {
  it('sends the posts as published posts created on their day, in one request, skipping any already kept', async () => {
    const posts = archivePosts(3);
    await expect(saveHistoryPosts(userId, posts)).resolves.toEqual({ added: 3, alreadyKept: 0 });
    expect(inserts).toHaveLength(1);
    const [insert] = inserts;
    expect(insert?.url.searchParams.get('on_conflict')).toBe('id');
    expect(insert?.prefer).toContain('resolution=ignore-duplicates');
    expect(insert?.rows[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      user_id: userId,
      topic: 'Post number 0, which opens with its number.',
      content: posts[0]?.text,
      is_published: true,
      created_at: '2026-11-01T00:00:00.000Z',
    });
  });

  it('adds nothing twice: the same archive again keeps the same ids', async () => {
    const posts = archivePosts(3);
    await saveHistoryPosts(userId, posts.slice(0, 2));
    await expect(saveHistoryPosts(userId, posts)).resolves.toEqual({ added: 1, alreadyKept: 2 });
    expect(inserts[1]?.rows.slice(0, 2).map((row) => row.id)).toEqual(inserts[0]?.rows.map((row) => row.id));
  });

  it('sends 2,000 long posts in as few requests as fit under the 1 MB limit of the data API', async () => {
    await expect(saveHistoryPosts(userId, archivePosts(2000, 1200))).resolves.toEqual({
      added: 2000,
      alreadyKept: 0,
    });
    expect(inserts.length).toBeGreaterThan(1);
    expect(inserts.length).toBeLessThanOrEqual(4);
    for (const insert of inserts) expect(insert.bytes).toBeLessThan(1024 * 1024);
    expect(inserts.flatMap((insert) => insert.rows)).toHaveLength(2000);
  });

  it('keeps nothing when a later request fails: what was added before is removed again', async () => {
    failInsertNumber = 2;
    await expect(saveHistoryPosts(userId, archivePosts(2000, 1200))).rejects.toThrow(
      'Unable to connect to the database. Please check your internet connection and try again.',
    );
    const firstBatch = inserts[0]?.rows.map((row) => row.id) ?? [];
    expect(deleted.flat()).toEqual(firstBatch);
    // In bites that keep each request's address short.
    for (const ids of deleted) expect(ids.length).toBeLessThanOrEqual(200);
  });

  it('says so when even the removal fails, and that keeping again completes it', async () => {
    failInsertNumber = 2;
    failDelete = true;
    await expect(saveHistoryPosts(userId, archivePosts(2000, 1200))).rejects.toThrow(
      'The connection failed part-way, so some of your posts were kept and some were not. Choose “Keep these posts” again to add the rest: none is added twice.',
    );
  });
});
