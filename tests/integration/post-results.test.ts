import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { backends, useParties, type Party } from '../helpers/backends.ts';

// public.post_results and import_post_results (migration 20261129000500) on both database layouts:
// one import is one statement (every row or none), a figure left out keeps its last value, and
// row-level security keeps each author's results to themselves and their own posts.

async function publishedPost(party: Party, content = 'A post of mine.'): Promise<string> {
  const { data, error } = await party.client
    .from('posts')
    .insert({ topic: content, content, is_published: true })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id as string;
}

const result = (postId: string, figures: Record<string, number | null> = {}) => ({
  post_id: postId,
  impressions: 1000,
  members_reached: null,
  reactions: null,
  comments: null,
  reshares: null,
  engagements: 50,
  source: 'export',
  read_at: '2026-11-28T10:00:00Z',
  ...figures,
});

async function resultsOf(client: SupabaseClient) {
  const { data, error } = await client
    .from('post_results')
    .select('post_id, impressions, engagements, reactions');
  if (error) throw new Error(error.message);
  return data;
}

describe.each(backends)('post results on $name', ({ start }) => {
  const parties = useParties(start);

  it('stores an import in one call, and a later one keeps the figures it leaves out', async () => {
    const { owner } = parties;
    const [a, b] = [await publishedPost(owner), await publishedPost(owner)];
    expect(
      await owner.client.rpc('import_post_results', { results: [result(a), result(b, { reactions: 30 })] }),
    ).toMatchObject({
      data: 2,
      error: null,
    });
    // The export has no breakdown: the reactions an earlier reading gave stay.
    await owner.client.rpc('import_post_results', {
      results: [result(b, { impressions: 2000, engagements: 80 })],
    });
    expect((await resultsOf(owner.client)).filter((row) => [a, b].includes(row.post_id))).toEqual(
      expect.arrayContaining([
        { post_id: a, impressions: 1000, engagements: 50, reactions: null },
        { post_id: b, impressions: 2000, engagements: 80, reactions: 30 },
      ]),
    );
  });

  it('stores nothing of an import with one refused row: the last results stay', async () => {
    const { owner } = parties;
    const [a, b] = [await publishedPost(owner), await publishedPost(owner)];
    await owner.client.rpc('import_post_results', { results: [result(a)] });
    const { error } = await owner.client.rpc('import_post_results', {
      results: [result(a, { impressions: 5 }), result(b, { impressions: -1 })],
    });
    expect(error).not.toBeNull();
    const stored = (await resultsOf(owner.client)).filter((row) => [a, b].includes(row.post_id));
    expect(stored).toEqual([{ post_id: a, impressions: 1000, engagements: 50, reactions: null }]);
  });

  it('refuses results for another author’s post (and the caller’s own rows of that import)', async () => {
    const { owner, stranger } = parties;
    const theirs = await publishedPost(owner);
    const mine = await publishedPost(stranger);
    const { error } = await stranger.client.rpc('import_post_results', {
      results: [result(mine), result(theirs)],
    });
    expect(error).not.toBeNull();
    expect((await resultsOf(stranger.client)).map((row) => row.post_id)).not.toContain(mine);
    // Nor through the table itself.
    const insert = await stranger.client.from('post_results').insert(result(theirs));
    expect(insert.error).not.toBeNull();
  });

  it('shows each author only their own results; no one signed out reads or imports any', async () => {
    const { owner, stranger, anon } = parties;
    const post = await publishedPost(owner);
    await owner.client.rpc('import_post_results', { results: [result(post)] });
    expect((await resultsOf(stranger.client)).map((row) => row.post_id)).not.toContain(post);
    const { error: updateError, data: updated } = await stranger.client
      .from('post_results')
      .update({ impressions: 1 })
      .eq('post_id', post)
      .select();
    expect(updateError ?? updated).toEqual([]);
    const read = await anon.from('post_results').select('*');
    expect(read.data ?? []).toEqual([]);
    expect((await anon.rpc('import_post_results', { results: [result(post)] })).error).not.toBeNull();
    // Deleting the post deletes its results.
    await owner.client.from('posts').delete().eq('id', post);
    expect((await resultsOf(owner.client)).map((row) => row.post_id)).not.toContain(post);
  });
});
