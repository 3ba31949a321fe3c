-- The posting queue (docs/product.md §9.6): each author's weekly posting times and their time zone,
-- and "Add to queue", which plans a draft for the next free posting time inside one transaction.
--
-- A posting time is a weekday and a wall-clock time in the author's zone ("2 08:30": Tuesday 08:30,
-- ISO weekdays 1 = Monday … 7 = Sunday), so it keeps its wall-clock time across daylight-saving
-- changes. The same arithmetic runs in the browser (src/entities/post/queue/slot-math.ts) to show
-- free slots; this function is the one that decides, and two adds never end in one slot: they take
-- the author's schedule row FOR UPDATE, so they run one after the other, and each sees the posts
-- the previous one planned.

create table public.posting_schedules (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  time_zone text not null check (char_length(time_zone) between 1 and 64),
  slots text[] not null default '{}'
    check (
      cardinality(slots) <= 84
      and (
        cardinality(slots) = 0
        or array_to_string(slots, ',') ~ '^[1-7] ([01][0-9]|2[0-3]):[0-5][0-9](,[1-7] ([01][0-9]|2[0-3]):[0-5][0-9])*$'
      )
    ),
  updated_at timestamptz not null default now()
);

comment on table public.posting_schedules is
  'Each author''s posting queue: weekly posting times and the time zone they are read in.';
comment on column public.posting_schedules.time_zone is 'The IANA time zone the posting times are in.';
comment on column public.posting_schedules.slots is
  'Weekly posting times, "<ISO weekday> <HH:MM>" (1 = Monday): "2 08:30" is Tuesday at 08:30.';

-- The time zone must be one PostgreSQL knows (the browser offers IANA names, which it does); the
-- posting times are kept sorted and once each, and updated_at follows every change.
create function private.posting_schedule_rules() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = new.time_zone) then
    raise exception 'Unknown time zone "%". Pick one from the list.', new.time_zone
      using errcode = 'P0001', hint = 'unknown_time_zone';
  end if;
  new.slots := array(select distinct s from unnest(new.slots) as s order by s);
  new.updated_at := now();
  return new;
end;
$$;

create trigger posting_schedule_rules
  before insert or update on public.posting_schedules
  for each row execute function private.posting_schedule_rules();

alter table public.posting_schedules enable row level security;

create policy "Users can read their own posting schedule"
  on public.posting_schedules for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy "Users can read their own posting schedule" on public.posting_schedules is
  'When an author posts is private to them.';

create policy "Users can create their own posting schedule"
  on public.posting_schedules for insert to authenticated
  with check (user_id = (select auth.uid()));
comment on policy "Users can create their own posting schedule" on public.posting_schedules is
  'A schedule is always filed under the signed-in user.';

create policy "Users can update their own posting schedule"
  on public.posting_schedules for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
comment on policy "Users can update their own posting schedule" on public.posting_schedules is
  'Changing a schedule cannot hand it to another user.';

create policy "Users can delete their own posting schedule"
  on public.posting_schedules for delete to authenticated
  using (user_id = (select auth.uid()));
comment on policy "Users can delete their own posting schedule" on public.posting_schedules is
  'Only the author removes their schedule.';

-- A signed-out session writes nothing of the author's (docs/decisions/019-live-sessions-and-issuers.md).
create policy "Signed-out sessions cannot create posting schedules"
  on public.posting_schedules as restrictive for insert to authenticated
  with check ((select public.require_live_session()));
create policy "Signed-out sessions cannot change posting schedules"
  on public.posting_schedules as restrictive for update to authenticated
  using ((select public.require_live_session()))
  with check ((select public.require_live_session()));
create policy "Signed-out sessions cannot delete posting schedules"
  on public.posting_schedules as restrictive for delete to authenticated
  using ((select public.require_live_session()));

revoke all on table public.posting_schedules from anon, authenticated, service_role;
grant select, insert, update, delete on public.posting_schedules to authenticated;

-- Which planned posts hold a posting time: the queue looks them up by exact time.
create index posts_user_id_planned_at_idx on public.posts (user_id, planned_at) where planned_at is not null;

-- Plans the caller's draft for the next free posting time at least five minutes ahead (a time any
-- closer would publish before the author could change their mind), within five years; returns the
-- post as stored. A time is free when none of the author's posts not yet published is planned for
-- it, so moving or unplanning a post frees its time. Runs as the caller: row-level security and the
-- posts trigger (which schedules a planned post) apply exactly as when the author plans by hand.
--
-- Wall-clock time to instant: `timestamp AT TIME ZONE zone`. On a spring-forward day a time that
-- does not exist (01:30 in London on the last Sunday of March) takes the offset in force before the
-- change, i.e. it moves an hour later (02:30 BST); a time that happens twice on the fall-back day
-- is the second one (standard time). slot-math.ts does the same.
create function public.queue_post(post_id uuid)
returns setof public.posts
language plpgsql
security invoker
set search_path = ''
as $$
declare
  schedule public.posting_schedules;
  post public.posts;
  first_day date;
  slot_day date;
  slot text;
  slot_at timestamptz;
begin
  select * into schedule from public.posting_schedules s where s.user_id = (select auth.uid()) for update;
  if not found or cardinality(schedule.slots) = 0 then
    raise exception 'No posting times are set yet. Add them in Settings → Schedule.'
      using errcode = 'P0001', hint = 'no_posting_slots';
  end if;
  select * into post from public.posts p where p.id = queue_post.post_id for update;
  if not found then
    raise exception 'This post no longer exists.' using errcode = 'P0002';
  end if;
  if post.publish_status <> 'draft' or post.is_published then
    raise exception 'Only a draft can be added to the queue: this post is already planned or published.'
      using errcode = 'P0001', hint = 'not_a_draft';
  end if;
  first_day := (now() at time zone schedule.time_zone)::date;
  for offset_days in 0 .. 5 * 366 loop
    slot_day := first_day + offset_days;
    for slot in
      select s from unnest(schedule.slots) as s
       where left(s, 1)::integer = extract(isodow from slot_day)::integer
       order by s
    loop
      slot_at := (slot_day + substr(slot, 3)::time) at time zone schedule.time_zone;
      if slot_at > now() + interval '5 minutes' and not exists (
        select 1 from public.posts p
         where p.user_id = post.user_id and p.planned_at = slot_at and p.publish_status <> 'published'
      ) then
        return query update public.posts p set planned_at = slot_at where p.id = post.id returning p.*;
        return;
      end if;
    end loop;
  end loop;
  raise exception 'Every posting time in the next five years is taken. Add more times in Settings → Schedule.'
    using errcode = 'P0001', hint = 'queue_full';
end;
$$;

comment on function public.queue_post(uuid) is
  'Plans the caller''s draft for their next free weekly posting time; concurrent calls take different times.';

revoke execute on function public.queue_post(uuid) from public, anon;
grant execute on function public.queue_post(uuid) to authenticated;
