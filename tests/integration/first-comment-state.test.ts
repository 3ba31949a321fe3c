import { describe, expect, it } from 'vitest';
import type { Post } from '@/entities/post/post';
import { serviceClient } from '../../server/api/linkedin/service-backend.ts';
import { backends, useParties, type Party } from '../helpers/backends.ts';

// The first comment's state in Postgres (supabase/migrations/20261128000000… and …000100), on both
// engines: the author writes the comment, only the publisher's functions move its state, and a
// comment that may have reached LinkedIn is never claimed for sending again by itself.

describe.each(backends)('first comment state on $name', ({ start }) => {
  const parties = useParties(start);
  const service = () =>
    serviceClient({ supabaseUrl: parties.server.url, secretKey: parties.server.keys.secretKey, fetch });
  const forged = {
    first_comment_status: 'posted',
    first_comment_urn: 'urn:li:comment:(urn:li:activity:1,2)',
    first_comment_error: 'Forged',
  };
  const untouched = { first_comment_status: null, first_comment_urn: null, first_comment_error: null };

  async function newPost(party: Party, fields: Record<string, unknown> = {}): Promise<Post> {
    const { data, error } = await party.client
      .from('posts')
      .insert({ topic: 'Comment', content: 'A post with a comment.', ...fields })
      .select()
      .single();
    expect(error).toBeNull();
    return data as Post;
  }

  /** A post as the publisher leaves it on LinkedIn. */
  async function publishedPost(party: Party, firstComment: string | null): Promise<Post> {
    const post = await newPost(party, { first_comment: firstComment });
    await service().rpc('claim_post_for_publishing', { p_user_id: party.id, p_post_id: post.id });
    const [published] = await service().rpc<Post[]>('finish_publishing', {
      p_post_id: post.id,
      p_urn: 'urn:li:share:7',
      p_url: 'https://www.linkedin.com/feed/update/urn:li:share:7/',
    });
    return published!;
  }

  const begin = (id: string) => service().rpc<Post[]>('begin_first_comment', { p_post_id: id });
  const retry = (party: Party, id: string) =>
    service().rpc<{ claimed: boolean; post: Post | null }>('retry_first_comment', {
      p_user_id: party.id,
      p_post_id: id,
    });
  const fail = (id: string) =>
    service().rpc<Post[]>('fail_first_comment', {
      p_post_id: id,
      p_message: 'LinkedIn refused the comment: test',
    });

  it('lets a user write the first comment but not its state, on insert, update and upsert', async () => {
    const inserted = await newPost(parties.owner, { first_comment: 'Link below.', ...forged });
    expect(inserted).toMatchObject({ first_comment: 'Link below.', ...untouched });
    const { data: updated, error } = await parties.owner.client
      .from('posts')
      .update({ first_comment: 'Edited.', ...forged })
      .eq('id', inserted.id)
      .select()
      .single();
    expect(error).toBeNull();
    expect(updated).toMatchObject({ first_comment: 'Edited.', ...untouched });
    const { data: upserted } = await parties.owner.client
      .from('posts')
      .upsert({ ...(updated as Post), ...forged })
      .select()
      .single();
    expect(upserted).toMatchObject(untouched);

    // Nor on a published post whose comment failed.
    const published = await publishedPost(parties.owner, 'Link below.');
    await begin(published.id);
    await fail(published.id);
    const { data: after } = await parties.owner.client
      .from('posts')
      .update({
        first_comment_status: 'posted',
        first_comment_error: null,
        first_comment_urn: 'urn:li:comment:x',
      })
      .eq('id', published.id)
      .select()
      .single();
    expect(after).toMatchObject({
      first_comment_status: 'failed',
      first_comment_error: 'LinkedIn refused the comment: test',
      first_comment_urn: null,
    });
  });

  it('lets no signed-in user or visitor call the first comment functions', async () => {
    const post = await publishedPost(parties.owner, 'Link below.');
    for (const client of [parties.owner.client, parties.anon]) {
      for (const [name, args] of [
        ['begin_first_comment', { p_post_id: post.id }],
        ['retry_first_comment', { p_user_id: parties.owner.id, p_post_id: post.id }],
        ['finish_first_comment', { p_post_id: post.id, p_urn: 'urn:li:comment:x' }],
        ['fail_first_comment', { p_post_id: post.id, p_message: 'x' }],
      ] as const) {
        const { error } = await client.rpc(name, args);
        expect(error?.code).toBe('42501');
      }
    }
    expect((await parties.owner.client.from('posts').select().eq('id', post.id).single()).data).toMatchObject(
      untouched,
    );
  });

  it('claims a comment once after publishing, and again only when it failed and its author retries', async () => {
    const post = await publishedPost(parties.owner, 'Link below.');
    expect(await begin(post.id)).toMatchObject([{ first_comment_status: 'sending' }]);
    expect(await begin(post.id)).toEqual([]);
    expect(await retry(parties.owner, post.id)).toMatchObject({
      claimed: false,
      post: { first_comment_status: 'sending' },
    });
    await fail(post.id);
    expect(await retry(parties.stranger, post.id)).toEqual({ claimed: false, post: null });
    const claims = await Promise.all([retry(parties.owner, post.id), retry(parties.owner, post.id)]);
    expect(claims.filter((claim) => claim.claimed)).toHaveLength(1);
    const [posted] = await service().rpc<Post[]>('finish_first_comment', {
      p_post_id: post.id,
      p_urn: 'urn:li:comment:(urn:li:activity:7,8)',
    });
    expect(posted).toMatchObject({
      first_comment_status: 'posted',
      first_comment_urn: 'urn:li:comment:(urn:li:activity:7,8)',
      first_comment_error: null,
      publish_status: 'published',
    });
    expect(await fail(post.id)).toEqual([]);
    expect((await retry(parties.owner, post.id)).claimed).toBe(false);

    // Nothing to claim without a comment, or before the post is out.
    expect(await begin((await publishedPost(parties.owner, '  \n ')).id)).toEqual([]);
    expect(await begin((await newPost(parties.owner, { first_comment: 'Soon.' })).id)).toEqual([]);
  });

  it('settles a comment a stopped server left sending as unconfirmed, once it is stale', async () => {
    const post = await publishedPost(parties.owner, 'Link below.');
    await begin(post.id);
    await service().rpc('reconcile_publishing', { stale_after_seconds: 300 });
    const read = async () =>
      (await parties.owner.client.from('posts').select().eq('id', post.id).single()).data as Post;
    expect((await read()).first_comment_status).toBe('sending');
    // Younger than 10 minutes it may still be on its way, whatever the caller asks.
    await service().rpc('reconcile_publishing', { stale_after_seconds: 0 });
    expect((await read()).first_comment_status).toBe('sending');
    await parties.server.db.query(
      `update public.posts set publish_claimed_at = now() - interval '11 minutes' where id = $1`,
      [post.id],
    );
    expect(
      await service().rpc<number>('reconcile_publishing', { stale_after_seconds: 0 }),
    ).toBeGreaterThanOrEqual(1);
    expect(await read()).toMatchObject({
      publish_status: 'published',
      first_comment_status: 'failed',
      first_comment_error:
        'LinkedIn did not confirm the first comment, so it may already be under your post. Check LinkedIn before you retry.',
    });
    // Failed, it is the author's to retry: the scheduler never claims it.
    expect(await begin(post.id)).toEqual([]);
    expect((await retry(parties.owner, post.id)).claimed).toBe(true);
  });

  it('starts the comment afresh when a post marked back to draft is published again', async () => {
    const post = await publishedPost(parties.owner, 'Link below.');
    await begin(post.id);
    await service().rpc('finish_first_comment', { p_post_id: post.id, p_urn: 'urn:li:comment:(a,1)' });
    await parties.owner.client.from('posts').update({ is_published: false }).eq('id', post.id);
    await service().rpc('claim_post_for_publishing', { p_user_id: parties.owner.id, p_post_id: post.id });
    const [again] = await service().rpc<Post[]>('finish_publishing', {
      p_post_id: post.id,
      p_urn: 'urn:li:share:8',
      p_url: 'https://www.linkedin.com/feed/update/urn:li:share:8/',
    });
    expect(again).toMatchObject({ linkedin_post_urn: 'urn:li:share:8', ...untouched });
    expect(await begin(post.id)).toHaveLength(1);
  });
});
