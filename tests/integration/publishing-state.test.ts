import { describe, expect, it } from 'vitest';
import type { Post } from '@/entities/post/post';
import { serviceClient } from '../../server/api/linkedin/service-backend.ts';
import { backends, useParties, type Party } from '../helpers/backends.ts';

// The publishing state machine in Postgres (supabase/migrations/20261127000000…), on both engines:
// what a user's own writes do to a post's state, and how the publisher's functions claim and settle
// posts so that no post is ever sent twice.

const minutes = (count: number) => new Date(Date.now() + count * 60_000).toISOString();

describe.each(backends)('publishing state on $name', ({ start }) => {
  const parties = useParties(start);
  const service = () =>
    serviceClient({ supabaseUrl: parties.server.url, secretKey: parties.server.keys.secretKey, fetch });

  async function newPost(party: Party, fields: Record<string, unknown> = {}): Promise<Post> {
    const { data, error } = await party.client
      .from('posts')
      .insert({ topic: 'Planning', content: 'A post to plan.', ...fields })
      .select()
      .single();
    expect(error).toBeNull();
    return data as Post;
  }

  async function update(party: Party, id: string, fields: Record<string, unknown>): Promise<Post> {
    const { data, error } = await party.client.from('posts').update(fields).eq('id', id).select().single();
    expect(error).toBeNull();
    return data as Post;
  }

  async function connect(party: Party, expiresAt = minutes(60 * 24 * 60)) {
    await service().rpc('linkedin_save_connection', {
      p_user_id: party.id,
      p_member_id: `member-${party.id.slice(0, 8)}`,
      p_member_name: 'Ada Lovelace',
      p_access_token: 'v1.sealed.elsewhere',
      p_scopes: 'openid,profile,w_member_social',
      p_expires_at: expiresAt,
    });
  }

  /** Ends a claim the test made (as the publisher would, with a refusal). */
  const settle = (id: string) =>
    service().rpc('fail_publishing', {
      p_post_id: id,
      p_kind: 'rejected',
      p_message: 'LinkedIn refused the post: test',
      p_retry_at: null,
    });

  const claimDue = () =>
    service().rpc<Post[]>('claim_due_posts', { max_posts: 50, stale_after_seconds: 300 });

  it('schedules a post when it is planned and makes it a draft again when the plan is removed', async () => {
    const post = await newPost(parties.owner);
    expect(post).toMatchObject({ publish_status: 'draft', planned_at: null, calendar_at: post.created_at });

    const planned = await update(parties.owner, post.id, { planned_at: '2030-03-04T09:30:00Z' });
    expect(planned.publish_status).toBe('scheduled');
    expect(Date.parse(planned.calendar_at)).toBe(Date.parse('2030-03-04T09:30:00Z'));

    const unplanned = await update(parties.owner, post.id, { planned_at: null });
    expect(unplanned.publish_status).toBe('draft');
    expect(unplanned.calendar_at).toBe(post.created_at);

    const published = await update(parties.owner, post.id, { is_published: true });
    expect(published.publish_status).toBe('published');
  });

  it("ignores what a user writes into the publisher's columns, on insert, update and upsert", async () => {
    const forged = {
      publish_status: 'published',
      linkedin_post_urn: 'urn:li:share:1',
      linkedin_post_url: 'https://www.linkedin.com/feed/update/urn:li:share:1/',
      published_at: '2020-01-01T00:00:00Z',
      publish_attempts: 99,
      calendar_at: '2020-01-01T00:00:00Z',
    };
    const inserted = await newPost(parties.owner, forged);
    expect(inserted).toMatchObject({
      publish_status: 'draft',
      linkedin_post_urn: null,
      linkedin_post_url: null,
      published_at: null,
      publish_attempts: 0,
      calendar_at: inserted.created_at,
    });
    const updated = await update(parties.owner, inserted.id, { ...forged, content: 'Edited.' });
    expect(updated).toMatchObject({ content: 'Edited.', publish_status: 'draft', linkedin_post_urn: null });
    const { data } = await parties.owner.client
      .from('posts')
      .upsert({ ...updated, ...forged })
      .select()
      .single();
    expect(data).toMatchObject({ publish_status: 'draft', linkedin_post_urn: null, publish_attempts: 0 });
  });

  it('lets no signed-in user or visitor call the publisher functions', async () => {
    for (const client of [parties.owner.client, parties.anon]) {
      const { error } = await client.rpc('claim_due_posts', { max_posts: 5, stale_after_seconds: 0 });
      expect(error?.code).toBe('42501');
      const connection = await client.rpc('linkedin_connection', { p_user_id: parties.owner.id });
      expect(connection.error?.code).toBe('42501');
    }
  });

  it('claims only due posts of users with a live connection, once, and says why the others wait', async () => {
    await connect(parties.owner);
    const due = await newPost(parties.owner, { topic: 'Due', planned_at: minutes(-2) });
    const later = await newPost(parties.owner, { topic: 'Later', planned_at: minutes(30) });
    const unconnected = await newPost(parties.stranger, { topic: 'Not connected', planned_at: minutes(-2) });

    const claimed = await claimDue();
    expect(claimed.map((post) => post.id)).toEqual([due.id]);
    expect(claimed[0]).toMatchObject({ publish_status: 'publishing', publish_attempts: 1 });
    expect(await claimDue()).toEqual([]);

    const rows = await service().rpc<Post[]>('finish_publishing', {
      p_post_id: due.id,
      p_urn: 'urn:li:share:7',
      p_url: 'https://www.linkedin.com/feed/update/urn:li:share:7/',
    });
    expect(rows[0]).toMatchObject({ publish_status: 'published', is_published: true });
    const later1 = await parties.owner.client
      .from('posts')
      .select('publish_status')
      .eq('id', later.id)
      .single();
    expect(later1.data?.publish_status).toBe('scheduled');
    const waiting = await parties.stranger.client.from('posts').select().eq('id', unconnected.id).single();
    expect(waiting.data).toMatchObject({ publish_status: 'scheduled', publish_error: null });

    // An expired sign-in: the due post stays scheduled and says to reconnect.
    await connect(parties.stranger, minutes(-1));
    expect(await claimDue()).toEqual([]);
    const reconnect = await parties.stranger.client.from('posts').select().eq('id', unconnected.id).single();
    expect(reconnect.data).toMatchObject({ publish_status: 'scheduled', publish_error_kind: 'reconnect' });
    await service().rpc('linkedin_disconnect', { p_user_id: parties.stranger.id });
    await service().rpc('linkedin_disconnect', { p_user_id: parties.owner.id });
  });

  it('never schedules a post again when it is marked back to draft after going out', async () => {
    await connect(parties.owner);
    const post = await newPost(parties.owner, { planned_at: minutes(-1) });
    expect(await claimDue()).toHaveLength(1);
    await service().rpc('finish_publishing', {
      p_post_id: post.id,
      p_urn: 'urn:li:share:9',
      p_url: 'https://www.linkedin.com/feed/update/urn:li:share:9/',
    });
    // The published toggle of Saved Posts, pressed after LinkedIn published it.
    const draft = await update(parties.owner, post.id, { is_published: false });
    expect(draft.publish_status).toBe('draft');
    expect(await claimDue()).toEqual([]);
    // A future plan, marked published by hand and then unmarked, is still planned.
    const planned = await newPost(parties.owner, { planned_at: minutes(60) });
    await update(parties.owner, planned.id, { is_published: true });
    expect((await update(parties.owner, planned.id, { is_published: false })).publish_status).toBe(
      'scheduled',
    );
    // A past plan unmarked the same way waits as a draft: nothing goes out without the author.
    const past = await newPost(parties.owner, { planned_at: minutes(-5), is_published: true });
    expect((await update(parties.owner, past.id, { is_published: false })).publish_status).toBe('draft');
    expect(await claimDue()).toEqual([]);
    await service().rpc('linkedin_disconnect', { p_user_id: parties.owner.id });
  });

  it('never hands the same post to two publishers claiming at the same time', async () => {
    await connect(parties.owner);
    const posts = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        newPost(parties.owner, { topic: `Race ${index}`, planned_at: minutes(-1) }),
      ),
    );
    const [first, second, third] = await Promise.all([claimDue(), claimDue(), claimDue()]);
    const ids = [...first, ...second, ...third].map((post) => post.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(posts.map((post) => post.id).sort());
    await Promise.all(ids.map((id) => settle(id)));
    await service().rpc('linkedin_disconnect', { p_user_id: parties.owner.id });
  });

  it('keeps a post being published from changing under the publisher, in words', async () => {
    await connect(parties.owner);
    const post = await newPost(parties.owner, { planned_at: minutes(-1) });
    const claimed = await service().rpc<Post[]>('claim_post_for_publishing', {
      p_user_id: parties.owner.id,
      p_post_id: post.id,
    });
    expect(claimed).toHaveLength(1);
    const { error } = await parties.owner.client
      .from('posts')
      .update({ content: 'Changed' })
      .eq('id', post.id);
    expect(error?.message).toBe('This post is being published to LinkedIn right now. Try again in a minute.');
    // Another user's post is never claimed for them.
    const foreign = await service().rpc<Post[]>('claim_post_for_publishing', {
      p_user_id: parties.stranger.id,
      p_post_id: post.id,
    });
    expect(foreign).toEqual([]);
    await settle(post.id);
    await service().rpc('linkedin_disconnect', { p_user_id: parties.owner.id });
  });

  it('settles a claim a stopped server left: retried if nothing was sent, never resent if it may have been', async () => {
    await connect(parties.owner);
    const unsent = await newPost(parties.owner, { topic: 'Unsent', planned_at: minutes(-1) });
    const sent = await newPost(parties.owner, { topic: 'Sent', planned_at: minutes(-1) });
    expect(await claimDue()).toHaveLength(2);
    await service().rpc('mark_publish_sent', { p_post_id: sent.id });

    // A claim younger than 10 minutes may still be in flight: never taken over, whatever is asked.
    const claimWith = (stale: number) =>
      service().rpc<Post[]>('claim_due_posts', { max_posts: 50, stale_after_seconds: stale });
    expect(await claimWith(0)).toEqual([]);
    expect(await service().rpc<number>('reconcile_publishing', { stale_after_seconds: 0 })).toBe(0);
    await parties.server.db.query(
      `update public.posts set publish_claimed_at = now() - interval '9 minutes' where id = any($1)`,
      [[unsent.id, sent.id]],
    );
    expect(await claimWith(60)).toEqual([]);

    // Past 10 minutes the claim is left over (a stopped server).
    await parties.server.db.query(
      `update public.posts set publish_claimed_at = now() - interval '11 minutes' where id = any($1)`,
      [[unsent.id, sent.id]],
    );
    const reclaimed = await claimWith(0);
    expect(reclaimed.map((post) => post.id)).toEqual([unsent.id]);
    expect(reclaimed[0]?.publish_attempts).toBe(1);
    await settle(unsent.id);
    const { data } = await parties.owner.client.from('posts').select().eq('id', sent.id).single();
    expect(data).toMatchObject({
      publish_status: 'failed',
      publish_error_kind: 'unconfirmed',
      publish_error:
        'We sent this post to LinkedIn but did not hear back, so it may already be on your profile. Check LinkedIn before you try again.',
    });
    // A run that lost its claim is stopped before the post request: marking it sent is refused.
    await expect(service().rpc('mark_publish_sent', { p_post_id: sent.id })).rejects.toThrow(
      /no longer being published/,
    );
    expect((await parties.owner.client.from('posts').select().eq('id', sent.id).single()).data).toMatchObject(
      { publish_status: 'failed', publish_error_kind: 'unconfirmed' },
    );
    await service().rpc('linkedin_disconnect', { p_user_id: parties.owner.id });
  });

  it('uses a sign-in state once, only for the user and session that started it', async () => {
    const hash = 'a'.repeat(64);
    const session = crypto.randomUUID();
    await service().rpc('linkedin_begin_connect', {
      p_user_id: parties.owner.id,
      p_session_id: session,
      p_state_hash: hash,
    });
    const take = (userId: string, sessionId: string) =>
      service().rpc<boolean>('linkedin_take_state', {
        p_state_hash: hash,
        p_user_id: userId,
        p_session_id: sessionId,
      });
    expect(await take(parties.stranger.id, session)).toBe(false);
    expect(await take(parties.owner.id, crypto.randomUUID())).toBe(false);
    expect(await take(parties.owner.id, session)).toBe(true);
    expect(await take(parties.owner.id, session)).toBe(false);
  });
});
