import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useIdeasStore } from '@/features/ideas/ideas-store';
import { getSupabase, initSupabase } from '@/lib/supabase/client';
import type { TopicIdea } from '@/lib/supabase/database-types';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { signedInClient, startTestServer } from '../helpers/test-server.ts';

// The browser has a WebSocket; Node 20 needs one for supabase-js's realtime client.
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

interface TestUser {
  id: string;
  email: string;
  password: string;
  /** The user's own client: another tab or device, and the way tests seed and inspect rows. */
  client: SupabaseClient;
}

let server: EmbeddedServer;
let alice: TestUser;
let bob: TestUser;

async function createUser(): Promise<TestUser> {
  const { client, user, email, password } = await signedInClient(server);
  return { id: user.id, email, password, client };
}

/** Signs the app's client (the one the store uses) in as this user. */
async function signInStoreAs(user: TestUser) {
  await getSupabase().auth.signOut({ scope: 'local' });
  const { error } = await getSupabase().auth.signInWithPassword({
    email: user.email,
    password: user.password,
  });
  if (error) throw new Error(error.message);
}

async function insertIdeas(
  user: TestUser,
  rows: { topic: string; used_count?: number; created_at?: string }[],
): Promise<TopicIdea[]> {
  // A bulk insert sends one column list for all rows (a missing key would be null, not the default).
  const complete = rows.map((row) => ({ used_count: 0, created_at: new Date().toISOString(), ...row }));
  const { data, error } = await user.client.from('topic_ideas').insert(complete).select();
  if (error) throw new Error(error.message);
  return data as TopicIdea[];
}

async function storedIdea(user: TestUser, id: string): Promise<TopicIdea | null> {
  const { data, error } = await user.client.from('topic_ideas').select('*').eq('id', id).maybeSingle();
  if (error) throw new Error(error.message);
  return data as TopicIdea | null;
}

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12)).toISOString();
const topicsOf = (ideas: TopicIdea[]) => ideas.map((idea) => idea.topic);
const state = () => useIdeasStore.getState();

beforeAll(async () => {
  server = await startTestServer();
  initSupabase(server.url, server.keys.publishableKey);
  alice = await createUser();
  bob = await createUser();
  await insertIdeas(alice, [
    { topic: 'Alice oldest', created_at: day(1), used_count: 4 },
    { topic: 'Alice newest', created_at: day(3) },
    { topic: 'Alice middle', created_at: day(2), used_count: 1 },
  ]);
  await insertIdeas(bob, [{ topic: 'Bob only', created_at: day(5) }]);
});

afterEach(() => state().reset());

afterAll(async () => {
  getSupabase().realtime.disconnect();
  await server.close();
});

describe('fetchIdeas', () => {
  it("loads the user's own ideas, newest first", async () => {
    await signInStoreAs(alice);
    await state().fetchIdeas();
    expect(topicsOf(state().ideas)).toEqual(['Alice newest', 'Alice middle', 'Alice oldest']);
    expect(state()).toMatchObject({ loading: false, loadingMore: false, error: null });
    expect(state().ideas.every((idea) => idea.user_id === alice.id)).toBe(true);
  });

  it("never shows another user's ideas", async () => {
    await signInStoreAs(bob);
    await state().fetchIdeas();
    expect(topicsOf(state().ideas)).toEqual(['Bob only']);
  });

  it('loads all of more than 1,000 ideas in pages, in order, without duplicates, showing the first page early', async () => {
    const bulk = await createUser();
    // Three ideas share each timestamp, so ties straddle the page boundaries and only the id
    // keeps the order stable from one page to the next.
    const base = Date.UTC(2025, 0, 1);
    const inserted: TopicIdea[] = [];
    for (let chunk = 0; chunk < 5; chunk += 1) {
      const rows = Array.from({ length: 500 }, (_, i) => {
        const n = chunk * 500 + i;
        return {
          topic: `Bulk idea ${n}`,
          used_count: n % 7,
          created_at: new Date(base + Math.floor(n / 3) * 1000).toISOString(),
        };
      });
      inserted.push(...(await insertIdeas(bulk, rows)));
    }
    expect(inserted).toHaveLength(2500);
    const expectedIds = [...inserted]
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || (a.id < b.id ? -1 : 1))
      .map((idea) => idea.id);

    await signInStoreAs(bulk);
    const snapshots: { count: number; loading: boolean; loadingMore: boolean }[] = [];
    const unsubscribe = useIdeasStore.subscribe((next) =>
      snapshots.push({ count: next.ideas.length, loading: next.loading, loadingMore: next.loadingMore }),
    );
    await state().fetchIdeas();
    unsubscribe();

    const ids = state().ideas.map((idea) => idea.id);
    expect(ids).toHaveLength(2500);
    expect(new Set(ids).size).toBe(2500);
    expect(ids).toEqual(expectedIds);
    expect(state()).toMatchObject({ loading: false, loadingMore: false, error: null });
    // The first page is shown (loading over) while the rest is still coming.
    expect(snapshots.map((s) => s.count)).toEqual([0, 1000, 2000, 2500]);
    expect(snapshots[1]).toEqual({ count: 1000, loading: false, loadingMore: true });
    expect(snapshots[2]).toEqual({ count: 2000, loading: false, loadingMore: true });

    // A refresh (after saving a post, or revisiting the page) keeps the whole list on screen.
    const refresh: number[] = [];
    const stop = useIdeasStore.subscribe((next) => refresh.push(next.ideas.length));
    await state().fetchIdeas();
    stop();
    expect(Math.min(...refresh)).toBe(2500);
    expect(state().ideas.map((idea) => idea.id)).toEqual(expectedIds);
  });

  it('drops the pages of a fetch that a reset (sign-out) overtook', async () => {
    await signInStoreAs(alice);
    const fetching = state().fetchIdeas();
    state().reset();
    await fetching;
    expect(state()).toMatchObject({ ideas: [], loading: false, loadingMore: false, error: null });
  });

  it('keeps "No authenticated user" in error, rethrows it and clears the list when signed out', async () => {
    await signInStoreAs(alice);
    await state().fetchIdeas();
    expect(state().ideas.length).toBeGreaterThan(0);
    await getSupabase().auth.signOut({ scope: 'local' });
    await expect(state().fetchIdeas()).rejects.toThrow('No authenticated user');
    expect(state()).toMatchObject({
      ideas: [],
      loading: false,
      loadingMore: false,
      error: 'No authenticated user',
    });
    await expect(state().recordTopicUse('Signed out topic')).rejects.toThrow('No authenticated user');
    expect(state().error).toBe('No authenticated user');
  });
});

describe('saving and counting topics', () => {
  it('counts a topic the user already has on its idea, never as a second idea (a topic is unique per user)', async () => {
    await signInStoreAs(alice);
    const [existing] = await insertIdeas(alice, [{ topic: 'Already in the bank', used_count: 3 }]);
    await state().fetchIdeas();
    const counted = await state().recordTopicUse('Already in the bank');
    expect(counted).toMatchObject({ id: existing!.id, used_count: 4, user_id: alice.id });
    expect(state().ideas.filter((idea) => idea.topic === 'Already in the bank')).toEqual([counted]);
    expect(await storedIdea(alice, existing!.id)).toMatchObject({ used_count: 4 });
  });

  it('maps a database error (a topic over 1,000 characters) to a user message', async () => {
    await signInStoreAs(alice);
    await expect(state().recordTopicUse('x'.repeat(1001))).rejects.toThrow(
      'One of the values is too long or not allowed. Please check what you entered.',
    );
    expect(state().error).toBe(
      'One of the values is too long or not allowed. Please check what you entered.',
    );
  });

  it('increments usage by one, and fails with "Topic not found" for an id not in the list', async () => {
    await signInStoreAs(alice);
    await state().fetchIdeas();
    const idea = state().ideas.find((candidate) => candidate.topic === 'Alice middle') as TopicIdea;
    const updated = await state().incrementUsage(idea.id);
    expect(updated.used_count).toBe(idea.used_count + 1);
    expect(state().ideas.find((candidate) => candidate.id === idea.id)?.used_count).toBe(idea.used_count + 1);
    expect(await storedIdea(alice, idea.id)).toMatchObject({ used_count: idea.used_count + 1 });

    await expect(state().incrementUsage('00000000-0000-4000-8000-000000000000')).rejects.toThrow(
      'Topic not found',
    );
    expect(state().error).toBe('Topic not found');
  });

  it('records a use: a new topic starts at 1, the next use makes it 2', async () => {
    await signInStoreAs(alice);
    await state().fetchIdeas();
    const first = await state().recordTopicUse('Written about twice');
    expect(first).toMatchObject({ topic: 'Written about twice', used_count: 1 });
    const second = await state().recordTopicUse('Written about twice');
    expect(second).toMatchObject({ id: first.id, used_count: 2 });
    expect(state().ideas.filter((idea) => idea.topic === 'Written about twice')).toEqual([second]);
    expect(await storedIdea(alice, first.id)).toMatchObject({ used_count: 2 });
  });
});

describe('adding an idea by hand', () => {
  it('stores the trimmed topic as the user, used 0 times, and shows it first', async () => {
    await signInStoreAs(alice);
    await state().fetchIdeas();
    const added = await state().addIdea('  Typed by hand  ');
    expect(added).toMatchObject({ topic: 'Typed by hand', used_count: 0, user_id: alice.id });
    expect(state().ideas[0]).toEqual(added);
    expect(await storedIdea(alice, added.id)).toEqual(added);
    expect(state().error).toBeNull();
  });

  it('counts a post written about it afterwards through record_topic_use: the same idea, used once', async () => {
    await signInStoreAs(alice);
    const added = await state().addIdea('Planned by hand, written later');
    const counted = await state().recordTopicUse('Planned by hand, written later');
    expect(counted).toMatchObject({ id: added.id, used_count: 1 });
    expect(state().ideas.filter((idea) => idea.topic === 'Planned by hand, written later')).toEqual([
      counted,
    ]);
  });

  it('says "Topic already saved" for a topic the user has (as record_topic_use matches it), and changes nothing', async () => {
    await signInStoreAs(alice);
    const [existing] = await insertIdeas(alice, [{ topic: 'Already mine', used_count: 2 }]);
    await state().fetchIdeas();
    const before = state().ideas;
    await expect(state().addIdea(' Already mine ')).rejects.toThrow(/^Topic already saved$/);
    expect(state().error).toBe('Topic already saved');
    expect(state().ideas).toEqual(before);
    expect(await storedIdea(alice, existing!.id)).toMatchObject({ used_count: 2 });
    // record_topic_use compares the exact text, so a different case is another idea.
    await expect(state().addIdea('already mine')).resolves.toMatchObject({ used_count: 0 });
  });

  it('lets two users save the same topic', async () => {
    await signInStoreAs(bob);
    await expect(state().addIdea('Alice oldest')).resolves.toMatchObject({ user_id: bob.id, used_count: 0 });
  });

  it('refuses a topic over 1,000 characters with a clear message, without asking the server', async () => {
    await signInStoreAs(alice);
    await expect(state().addIdea('x'.repeat(1001))).rejects.toThrow(
      'That idea is too long: 1,001 characters. An idea can have at most 1,000.',
    );
    // Counted as the database counts (characters, not UTF-16 units): 1,000 emoji fit.
    await expect(state().addIdea('🚀'.repeat(1000))).resolves.toMatchObject({ used_count: 0 });
  });

  it('refuses a blank topic and a signed-out user', async () => {
    await signInStoreAs(alice);
    await expect(state().addIdea(' \n ')).rejects.toThrow('Type an idea first.');
    await getSupabase().auth.signOut({ scope: 'local' });
    await expect(state().addIdea('Signed out idea')).rejects.toThrow('No authenticated user');
  });
});

describe('two tabs at once', () => {
  it('count two saves of one topic as 2, and two uses of one idea as 2 more', async () => {
    await signInStoreAs(alice);
    await state().fetchIdeas();
    const [first, second] = await Promise.all([
      state().recordTopicUse('Saved in two tabs'),
      state().recordTopicUse('Saved in two tabs'),
    ]);
    expect(first.id).toBe(second.id);
    expect(await storedIdea(alice, first.id)).toMatchObject({ used_count: 2 });

    await Promise.all([state().incrementUsage(first.id), state().incrementUsage(first.id)]);
    expect(await storedIdea(alice, first.id)).toMatchObject({ used_count: 4 });
  });
});

describe('deleteIdea', () => {
  it('deletes an idea from the database and the list', async () => {
    await signInStoreAs(alice);
    const [idea] = await insertIdeas(alice, [{ topic: 'Delete me' }]);
    await state().fetchIdeas();
    await expect(state().deleteIdea(idea!.id)).resolves.toBe(true);
    expect(state().ideas.some((candidate) => candidate.id === idea!.id)).toBe(false);
    expect(await storedIdea(alice, idea!.id)).toBeNull();
    expect(state().error).toBeNull();
  });

  it('does not throw when another tab already deleted the idea', async () => {
    await signInStoreAs(alice);
    const [idea] = await insertIdeas(alice, [{ topic: 'Deleted elsewhere' }]);
    await state().fetchIdeas();
    await alice.client.from('topic_ideas').delete().eq('id', idea!.id);
    await expect(state().deleteIdea(idea!.id)).resolves.toBe(false);
    expect(state().ideas.some((candidate) => candidate.id === idea!.id)).toBe(false);
    expect(state().error).toBeNull();
  });

  it('says "Topic not found" when incrementing an idea another tab deleted, and drops it from the list', async () => {
    await signInStoreAs(alice);
    const [idea] = await insertIdeas(alice, [{ topic: 'Gone before reuse' }]);
    await state().fetchIdeas();
    await alice.client.from('topic_ideas').delete().eq('id', idea!.id);
    await expect(state().incrementUsage(idea!.id)).rejects.toThrow('Topic not found');
    expect(state().ideas.some((candidate) => candidate.id === idea!.id)).toBe(false);
  });
});

describe("another user's ideas", () => {
  it('cannot be incremented or deleted: the store says "Topic not found" and the owner\'s row is untouched', async () => {
    const [target] = await insertIdeas(alice, [{ topic: 'Alice private', used_count: 2 }]);
    await signInStoreAs(bob);
    await state().fetchIdeas();

    // Not in Bob's list: refused before any request.
    await expect(state().incrementUsage(target!.id)).rejects.toThrow('Topic not found');
    await expect(state().deleteIdea(target!.id)).rejects.toThrow('Topic not found');

    // Even with the id forced into Bob's list, the update touches no row (row-level security),
    // which the store reports instead of succeeding silently.
    useIdeasStore.setState({ ideas: [target!, ...state().ideas] });
    await expect(state().incrementUsage(target!.id)).rejects.toThrow('Topic not found');
    expect(state().error).toBe('Topic not found');
    expect(state().ideas.some((candidate) => candidate.id === target!.id)).toBe(false);

    // The delete touches no row either; for Bob the idea is simply not there any more.
    useIdeasStore.setState({ ideas: [target!, ...state().ideas] });
    await expect(state().deleteIdea(target!.id)).resolves.toBe(false);

    expect(await storedIdea(alice, target!.id)).toMatchObject({
      topic: 'Alice private',
      used_count: 2,
      user_id: alice.id,
    });
  });
});
