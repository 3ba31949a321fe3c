import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startWithParties, type Backend, type Party } from '../helpers/backends.ts';
import { signedInClient } from '../helpers/test-server.ts';

// The same matrix on both layouts: the embedded server's own database, and the same auth and REST code
// on a database laid out as a hosted project, its migrations applied as the
// non-superuser postgres. supabase-js must get the same answers from both.

type Row = Record<string, unknown>;

interface TableCase {
  table: 'profiles' | 'posts' | 'topic_ideas' | 'voice_samples';
  key: string;
  /** A new row for the owner (ownerId is the signed-in user). */
  build: (ownerId: string) => Row;
  change: Row;
}

const tables: TableCase[] = [
  {
    table: 'profiles',
    key: 'id',
    build: (ownerId) => ({ id: ownerId, full_name: 'Ada Owner' }),
    change: { full_name: 'Changed' },
  },
  {
    table: 'posts',
    key: 'id',
    build: () => ({ topic: 'Hiring', content: 'We are hiring.' }),
    change: { content: 'Changed' },
  },
  {
    table: 'topic_ideas',
    key: 'id',
    build: () => ({ topic: `Idea ${crypto.randomUUID()}`, used_count: 0 }),
    change: { used_count: 5 },
  },
  {
    table: 'voice_samples',
    key: 'id',
    build: () => ({
      content: `A past post of mine about hiring, long enough to learn from. ${crypto.randomUUID()}`,
    }),
    change: { content: 'A past post of mine, edited after pasting, still long enough.' },
  },
];

describe.each(backends)('row-level security on $name', ({ start }) => {
  let server: Backend;
  let owner: Party;
  let stranger: Party;
  let anon: SupabaseClient;

  beforeAll(async () => {
    ({ server, owner, stranger, anon } = await startWithParties(start));
  });
  afterAll(() => server.close());

  describe.each(tables)('$table', ({ table, key, build, change }) => {
    async function ownerRow(): Promise<Row> {
      if (table === 'profiles') await owner.client.from('profiles').delete().eq('id', owner.id);
      const { data, error } = await owner.client.from(table).insert(build(owner.id)).select().single();
      expect(error).toBeNull();
      return data as Row;
    }

    async function readAsOwner(id: unknown): Promise<Row | null> {
      const { data } = await owner.client.from(table).select('*').eq(key, id).maybeSingle();
      return data as Row | null;
    }

    it('lets the owner insert, select, update, upsert and delete their row', async () => {
      const row = await ownerRow();
      if (table !== 'profiles') expect(row.user_id).toBe(owner.id);

      expect((await owner.client.from(table).select('*').eq(key, row[key])).data).toHaveLength(1);

      const updated = await owner.client.from(table).update(change).eq(key, row[key]).select().single();
      expect(updated.error).toBeNull();
      expect(updated.data).toMatchObject(change);

      const upserted = await owner.client
        .from(table)
        .upsert({ ...row, ...change })
        .select();
      expect(upserted.error).toBeNull();
      expect(upserted.data).toHaveLength(1);

      const deleted = await owner.client.from(table).delete().eq(key, row[key]).select();
      expect(deleted.data).toHaveLength(1);
      expect(await readAsOwner(row[key])).toBeNull();
    });

    it('shows another user nothing and lets them change nothing', async () => {
      const row = await ownerRow();
      const before = await readAsOwner(row[key]);

      expect((await stranger.client.from(table).select('*').eq(key, row[key])).data).toEqual([]);

      const update = await stranger.client.from(table).update(change).eq(key, row[key]).select();
      expect(update.data).toEqual([]);

      const remove = await stranger.client.from(table).delete().eq(key, row[key]).select();
      expect(remove.data).toEqual([]);

      const upsert = await stranger.client.from(table).upsert({ ...row, ...change });
      expect(upsert.error).toMatchObject({ code: '42501' });

      const ownerId = table === 'profiles' ? { id: owner.id } : { user_id: owner.id };
      const forged = await stranger.client.from(table).insert({ ...build(owner.id), ...ownerId });
      expect(forged.error).toMatchObject({ code: '42501' });
      expect(forged.status).toBe(403);

      expect(await readAsOwner(row[key])).toEqual(before);
    });

    it('gives the anonymous role no access at all', async () => {
      const row = await ownerRow();
      const read = await anon.from(table).select('*');
      expect(read.error).toMatchObject({ code: '42501' });
      expect(read.status).toBe(401);

      const write = await anon.from(table).insert(build(owner.id));
      expect(write.status).toBe(401);
      expect((await anon.from(table).update(change).eq(key, row[key])).status).toBe(401);
      expect((await anon.from(table).delete().eq(key, row[key])).status).toBe(401);
      expect((await anon.from(table).upsert(row)).status).toBe(401);
      expect(await readAsOwner(row[key])).toMatchObject({ [key]: row[key] });
    });
  });

  describe('constraints and PostgREST conventions', () => {
    it('allows each topic once per user (23505 → 409), but the same topic for two users', async () => {
      const first = await owner.client.from('topic_ideas').insert({ topic: 'Remote work' });
      expect(first.error).toBeNull();
      const again = await owner.client.from('topic_ideas').insert({ topic: 'Remote work' });
      expect(again.status).toBe(409);
      expect(again.error).toMatchObject({ code: '23505' });
      expect((await stranger.client.from('topic_ideas').insert({ topic: 'Remote work' })).error).toBeNull();
    });

    it('answers .single() on no row with PGRST116', async () => {
      const { data, error, status } = await owner.client
        .from('posts')
        .select('*')
        .eq('id', crypto.randomUUID())
        .single();
      expect(data).toBeNull();
      expect(status).toBe(406);
      expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    });

    it('counts with head: true and no body', async () => {
      const mine = await signedInClient(server);
      await mine.client.from('posts').insert([
        { topic: 'a', content: 'x' },
        { topic: 'b', content: 'y' },
        { topic: 'c', content: 'z' },
      ]);
      const { count, data, error } = await mine.client
        .from('posts')
        .select('id', { count: 'exact', head: true });
      expect(error).toBeNull();
      expect(data).toBeNull();
      expect(count).toBe(3);
      const none = await mine.client
        .from('topic_ideas')
        .select('id', { count: 'exact', head: true })
        .eq('topic', 'none');
      expect(none.count).toBe(0);
    });

    it('applies defaults: is_published false, used_count 0, user_id from the token', async () => {
      const post = await owner.client.from('posts').insert({ topic: 't', content: 'c' }).select().single();
      expect(post.data).toMatchObject({ is_published: false, user_id: owner.id });
      const idea = await owner.client
        .from('topic_ideas')
        .insert({ topic: `d ${Date.now()}` })
        .select()
        .single();
      expect(idea.data).toMatchObject({ used_count: 0, user_id: owner.id });
    });

    it('enforces the enumerations and the non-negative usage count', async () => {
      await owner.client.from('profiles').upsert({ id: owner.id });
      const engine = await owner.client.from('profiles').update({ ai_engine: 'openai' }).eq('id', owner.id);
      expect(engine.error).toMatchObject({ code: '23514' });
      const language = await owner.client
        .from('profiles')
        .update({ language_preference: 'fr-FR' })
        .eq('id', owner.id);
      expect(language.error).toMatchObject({ code: '23514' });
      const count = await owner.client
        .from('topic_ideas')
        .insert({ topic: `neg ${Date.now()}`, used_count: -1 });
      expect(count.error).toMatchObject({ code: '23514' });
    });

    it('enforces the writing rules: emoji level, 0 to 5 hashtags, list, paragraph and dash styles, a voice profile that is an object', async () => {
      await owner.client.from('profiles').upsert({ id: owner.id });
      const defaults = await owner.client.from('profiles').select('*').eq('id', owner.id).single();
      // No choice yet: every rule follows the author's posts.
      expect(defaults.data).toMatchObject({
        language_preference: null,
        emoji_level: null,
        max_hashtags: null,
        end_with_question: null,
        list_style: null,
        paragraph_style: null,
        dash_style: null,
        voice_profile: null,
      });
      const update = (fields: Row) => owner.client.from('profiles').update(fields).eq('id', owner.id);
      expect((await update({ emoji_level: 'lots' })).error).toMatchObject({ code: '23514' });
      expect((await update({ list_style: 'stars' })).error).toMatchObject({ code: '23514' });
      expect((await update({ paragraph_style: 'long' })).error).toMatchObject({ code: '23514' });
      expect((await update({ dash_style: 'sometimes' })).error).toMatchObject({ code: '23514' });
      expect((await update({ brand_color: 'red' })).error).toMatchObject({ code: '23514' });
      expect((await update({ carousel_theme: 'neon' })).error).toMatchObject({ code: '23514' });
      expect((await update({ carousel_format: '16:9' })).error).toMatchObject({ code: '23514' });
      expect((await update({ max_hashtags: 6 })).error).toMatchObject({ code: '23514' });
      expect((await update({ max_hashtags: -1 })).error).toMatchObject({ code: '23514' });
      expect((await update({ voice_profile: ['not', 'an', 'object'] })).error).toMatchObject({
        code: '23514',
      });
      expect((await update({ voice_profile: { length: 'x'.repeat(20_000) } })).error).toMatchObject({
        code: '23514',
      });
      const saved = await update({ emoji_level: 'none', max_hashtags: 0, voice_profile: { length: 'Short' } })
        .select()
        .single();
      expect(saved.data).toMatchObject({
        emoji_level: 'none',
        max_hashtags: 0,
        voice_profile: { length: 'Short' },
      });
    });

    it('keeps at most ten voice samples per user, each 40 to 5,000 characters', async () => {
      const mine = await signedInClient(server);
      const sample = (n: number) => ({
        content: `Sample number ${n}: a past post, long enough to learn from.`,
      });
      const ten = await mine.client
        .from('voice_samples')
        .insert(Array.from({ length: 10 }, (_, n) => sample(n)));
      expect(ten.error).toBeNull();
      const eleventh = await mine.client.from('voice_samples').insert(sample(11));
      expect(eleventh.error).toMatchObject({
        code: '23514',
        message: 'A voice is learned from at most 10 samples',
      });
      // The limit is per user: another user starts from none.
      expect((await stranger.client.from('voice_samples').insert(sample(1))).error).toBeNull();
      expect(
        (await stranger.client.from('voice_samples').insert({ content: 'Too short.' })).error,
      ).toMatchObject({
        code: '23514',
      });
      expect(
        (await stranger.client.from('voice_samples').insert({ content: 'x'.repeat(5001) })).error,
      ).toMatchObject({ code: '23514' });
    });
  });

  it('keeps updated_at current when a row changes (the trigger runs with an empty search_path)', async () => {
    const post = await owner.client.from('posts').insert({ topic: 'u', content: 'before' }).select().single();
    expect(post.error).toBeNull();
    const before = post.data as { id: string; updated_at: string };
    await expect.poll(() => Date.now()).toBeGreaterThan(Date.parse(before.updated_at) + 5);
    const updated = await owner.client
      .from('posts')
      .update({ content: 'after' })
      .eq('id', before.id)
      .select()
      .single();
    expect(updated.error).toBeNull();
    expect(Date.parse((updated.data as { updated_at: string }).updated_at)).toBeGreaterThan(
      Date.parse(before.updated_at),
    );
  });
});
