import { describe, expect, it } from 'vitest';
import type { Post } from '@/entities/post/post';
import { nextFreeSlot, parseSlot, wallTimeToInstant, type WeeklySlot } from '@/entities/post/queue/slot-math';
import { backends, useParties, type Party } from '../helpers/backends.ts';
import { supabaseClient } from '../helpers/test-server.ts';

// The posting queue in Postgres (supabase/migrations/20261129000400_posting_queue.sql), on both
// layouts: public.queue_post plans a draft for the next free weekly posting time, two adds at once
// never take one slot, and an author's schedule is theirs alone.

describe.each(backends)('posting queue on $name', ({ start }) => {
  const parties = useParties(start);

  async function draft(party: Party, topic = 'Queued'): Promise<Post> {
    const { data, error } = await party.client
      .from('posts')
      .insert({ topic, content: `A post about ${topic}.` })
      .select()
      .single();
    expect(error).toBeNull();
    return data as Post;
  }

  async function setSchedule(party: Party, timeZone: string, slots: string[]) {
    const { error } = await party.client
      .from('posting_schedules')
      .upsert({ user_id: party.id, time_zone: timeZone, slots });
    expect(error).toBeNull();
  }

  const queue = (party: Party, id: string) => party.client.rpc('queue_post', { post_id: id }).single<Post>();

  it('says there are no posting times before any are set', async () => {
    const post = await draft(parties.owner);
    const { data, error } = await queue(parties.owner, post.id);
    expect(data).toBeNull();
    expect(error).toMatchObject({ hint: 'no_posting_slots' });
    expect(error?.message).toContain('Settings → Schedule');
    await setSchedule(parties.owner, 'Europe/London', []);
    expect((await queue(parties.owner, post.id)).error).toMatchObject({ hint: 'no_posting_slots' });
  });

  it('refuses an unknown time zone and a malformed posting time, and keeps slots sorted and once each', async () => {
    const zone = await parties.owner.client
      .from('posting_schedules')
      .upsert({ user_id: parties.owner.id, time_zone: 'Mars/Olympus_Mons', slots: [] });
    expect(zone.error?.message).toContain('Unknown time zone');
    const slot = await parties.owner.client
      .from('posting_schedules')
      .upsert({ user_id: parties.owner.id, time_zone: 'Europe/London', slots: ['2 8:30'] });
    expect(slot.error?.code).toBe('23514');
    const { data } = await parties.owner.client
      .from('posting_schedules')
      .upsert({
        user_id: parties.owner.id,
        time_zone: 'Europe/London',
        slots: ['4 08:30', '2 08:30', '4 08:30'],
      })
      .select()
      .single<{ slots: string[] }>();
    expect(data?.slots).toEqual(['2 08:30', '4 08:30']);
  });

  it('plans a draft for the slot the browser computes, and only drafts', async () => {
    const slots = ['2 08:30', '4 08:30'];
    await setSchedule(parties.owner, 'Europe/London', slots);
    await parties.owner.client.from('posts').update({ planned_at: null }).eq('user_id', parties.owner.id);
    const post = await draft(parties.owner);
    const before = new Date();
    const { data, error } = await queue(parties.owner, post.id);
    expect(error).toBeNull();
    const expected = nextFreeSlot({
      slots: slots.map(parseSlot) as WeeklySlot[],
      timeZone: 'Europe/London',
      now: before,
      taken: new Set(),
    });
    expect(data).toMatchObject({ id: post.id, publish_status: 'scheduled' });
    expect(Date.parse(data!.planned_at!)).toBe(expected!.getTime());
    const again = await queue(parties.owner, post.id);
    expect(again.error).toMatchObject({ hint: 'not_a_draft' });
  });

  it('gives two tabs adding at once two different slots, and frees a slot when its post moves', async () => {
    await setSchedule(parties.owner, 'America/New_York', ['2 08:30', '4 08:30']);
    await parties.owner.client.from('posts').update({ planned_at: null }).eq('user_id', parties.owner.id);
    // A second tab: another client with the same session.
    const tab = supabaseClient(parties.server);
    const { data: session } = await parties.owner.client.auth.getSession();
    await tab.auth.setSession({
      access_token: session.session!.access_token,
      refresh_token: session.session!.refresh_token,
    });
    const [a, b, c] = [
      await draft(parties.owner, 'A'),
      await draft(parties.owner, 'B'),
      await draft(parties.owner, 'C'),
    ];
    const results = await Promise.all([
      queue(parties.owner, a.id),
      tab.rpc('queue_post', { post_id: b.id }).single<Post>(),
      queue(parties.owner, c.id),
    ]);
    for (const result of results) expect(result.error).toBeNull();
    const times = results.map((result) => Date.parse(result.data!.planned_at!)).sort((x, y) => x - y);
    expect(new Set(times).size).toBe(3);

    // Unplanning the first frees its slot: the next add takes it again.
    const first = results.find((result) => Date.parse(result.data!.planned_at!) === times[0])!.data!;
    await parties.owner.client.from('posts').update({ planned_at: null }).eq('id', first.id);
    const d = await draft(parties.owner, 'D');
    const refilled = await queue(parties.owner, d.id);
    expect(Date.parse(refilled.data!.planned_at!)).toBe(times[0]);
  });

  it("keeps each author's schedule and slots to themselves", async () => {
    await setSchedule(parties.owner, 'Europe/London', ['2 08:30']);
    const read = await parties.stranger.client.from('posting_schedules').select('*');
    expect(read.data?.some((row: { user_id: string }) => row.user_id === parties.owner.id)).toBe(false);
    const anon = await parties.anon.from('posting_schedules').select('*');
    expect(anon.data ?? []).toEqual([]);
    const forged = await parties.stranger.client
      .from('posting_schedules')
      .insert({ user_id: parties.owner.id, time_zone: 'UTC', slots: ['1 09:00'] });
    expect(forged.error?.code).toBe('42501');
    const changed = await parties.stranger.client
      .from('posting_schedules')
      .update({ slots: ['1 09:00'] })
      .eq('user_id', parties.owner.id)
      .select();
    expect(changed.data).toEqual([]);

    // The stranger cannot queue the owner's post, and without slots of their own cannot use the owner's.
    const owners = await draft(parties.owner, 'Private');
    const theirs = await queue(parties.stranger, owners.id);
    expect(theirs.error).toMatchObject({ hint: 'no_posting_slots' });
    await setSchedule(parties.stranger, 'UTC', ['1 09:00']);
    const missing = await queue(parties.stranger, owners.id);
    expect(missing.error?.message).toBe('This post no longer exists.');
    const own = await draft(parties.stranger, 'Own');
    const queued = await queue(parties.stranger, own.id);
    expect(new Date(queued.data!.planned_at!).getUTCDay()).toBe(1);
    expect(new Date(queued.data!.planned_at!).getUTCHours()).toBe(9);
    const anonCall = await parties.anon.rpc('queue_post', { post_id: own.id });
    expect(anonCall.error).not.toBeNull();
  });

  it('reads wall-clock times across daylight-saving changes exactly as slot-math.ts does', async () => {
    const cases: [string, string, number, number][] = [
      ['Europe/London', '2027-03-28', 1, 30], // skipped by spring-forward
      ['Europe/London', '2027-03-28', 8, 30],
      ['Europe/London', '2027-10-31', 1, 30], // repeated by fall-back
      ['Europe/London', '2027-10-31', 8, 30],
      ['America/New_York', '2027-03-14', 2, 30],
      ['America/New_York', '2027-11-07', 1, 30],
      ['Australia/Sydney', '2027-10-03', 2, 30],
      ['Australia/Sydney', '2027-04-04', 2, 30],
      ['Asia/Kolkata', '2027-01-01', 0, 15],
    ];
    for (const [zone, date, hour, minute] of cases) {
      const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
      const rows = (await parties.server.db.query(
        `select extract(epoch from (($1::date + $2::time) at time zone $3)) * 1000 as ms`,
        [date, time, zone],
      )) as { rows: { ms: string | number }[] } | { ms: string | number }[];
      const list = Array.isArray(rows) ? rows : rows.rows;
      const [year, month, day] = date.split('-').map(Number) as [number, number, number];
      expect(Number(list[0]!.ms), `${zone} ${date} ${time}`).toBe(
        wallTimeToInstant(zone, { year, month, day }, hour, minute),
      );
    }
  });
});
