-- Plan and publish: a planned time and a publishing state on posts, LinkedIn connections kept on
-- the server only, and the functions the /api publisher uses to claim and settle posts
-- (docs/decisions/016-publishing-to-linkedin.md).

------------------------------------------------------------------------------------------
-- posts: planned time and publishing state
------------------------------------------------------------------------------------------
alter table public.posts
  add column planned_at timestamptz,
  add column publish_status text not null default 'draft'
    check (publish_status in ('draft', 'scheduled', 'publishing', 'published', 'failed')),
  add column publish_attempts smallint not null default 0 check (publish_attempts between 0 and 100),
  add column publish_error text check (char_length(publish_error) <= 2000),
  add column publish_error_kind text
    check (publish_error_kind in ('retrying', 'reconnect', 'rejected', 'version', 'unavailable', 'unconfirmed')),
  add column next_attempt_at timestamptz,
  add column publish_claimed_at timestamptz,
  add column publish_sent_at timestamptz,
  add column published_at timestamptz,
  add column linkedin_post_urn text check (char_length(linkedin_post_urn) <= 200),
  add column linkedin_post_url text
    check (char_length(linkedin_post_url) <= 500 and linkedin_post_url like 'https://www.linkedin.com/%'),
  -- The day the calendar shows the post on (kept by the trigger below): when it went out, else
  -- when it is planned, else when it was written.
  add column calendar_at timestamptz;

update public.posts set publish_status = 'published' where is_published;
update public.posts set calendar_at = created_at;
alter table public.posts alter column calendar_at set not null;

comment on column public.posts.planned_at is 'When the author plans to publish the post; null when unplanned.';
comment on column public.posts.publish_status is
  'draft, scheduled (planned, waiting for its time), publishing (claimed by the publisher), published or failed.';
comment on column public.posts.publish_attempts is 'LinkedIn publishing attempts since the post was last planned.';
comment on column public.posts.publish_error is 'Why the last attempt did not publish, in the author''s words.';
comment on column public.posts.publish_error_kind is
  'What the author can do about publish_error: wait (retrying), reconnect LinkedIn, edit (rejected), or retry.';
comment on column public.posts.next_attempt_at is 'When a post that failed for a passing reason is tried again.';
comment on column public.posts.publish_claimed_at is 'When the publisher claimed the post (status publishing).';
comment on column public.posts.publish_sent_at is
  'Set just before the post is sent to LinkedIn: a claim left with it set may have been published, so it is never retried on its own.';
comment on column public.posts.calendar_at is 'The calendar day of the post: published, else planned, else created.';

create index posts_user_id_calendar_at_idx on public.posts (user_id, calendar_at);
create index posts_due_idx on public.posts (coalesce(next_attempt_at, planned_at)) where publish_status = 'scheduled';
create index posts_publishing_idx on public.posts (publish_claimed_at) where publish_status = 'publishing';

-- The signed-in user writes what they decide (text, image, plan, the published flag); the publishing
-- columns belong to the publisher's functions below, so what a user sends for them is ignored (a
-- client that upserts a whole row it read back still works). Re-planning a post starts its attempts
-- afresh; a post being sent to LinkedIn cannot change under the publisher.
create function private.posts_publish_state() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- The publisher's functions (running as their owner) and the service role set the state themselves.
  if current_user in ('authenticated', 'anon') then
    if tg_op = 'INSERT' then
      new.publish_status := case
        when new.is_published then 'published'
        when new.planned_at is not null then 'scheduled'
        else 'draft' end;
      new.publish_attempts := 0;
      new.publish_error := null;
      new.publish_error_kind := null;
      new.next_attempt_at := null;
      new.publish_claimed_at := null;
      new.publish_sent_at := null;
      new.published_at := null;
      new.linkedin_post_urn := null;
      new.linkedin_post_url := null;
    else
      if old.publish_status = 'publishing'
         and (new.topic, new.content, new.image_path, new.image_alt, new.planned_at, new.is_published)
             is distinct from (old.topic, old.content, old.image_path, old.image_alt, old.planned_at, old.is_published) then
        raise exception 'This post is being published to LinkedIn right now. Try again in a minute.'
          using errcode = 'object_in_use';
      end if;
      new.publish_status := old.publish_status;
      new.publish_attempts := old.publish_attempts;
      new.publish_error := old.publish_error;
      new.publish_error_kind := old.publish_error_kind;
      new.next_attempt_at := old.next_attempt_at;
      new.publish_claimed_at := old.publish_claimed_at;
      new.publish_sent_at := old.publish_sent_at;
      new.published_at := old.published_at;
      new.linkedin_post_urn := old.linkedin_post_urn;
      new.linkedin_post_url := old.linkedin_post_url;
      if new.is_published is distinct from old.is_published then
        -- Marked back to draft: scheduled again only for a plan still ahead that never went out,
        -- so a post LinkedIn already has (or a past plan) is never sent without the author asking.
        new.publish_status := case
          when new.is_published then 'published'
          when new.planned_at > now() and old.linkedin_post_urn is null then 'scheduled'
          else 'draft' end;
        new.publish_attempts := 0;
        new.publish_error := null;
        new.publish_error_kind := null;
        new.next_attempt_at := null;
      elsif new.planned_at is distinct from old.planned_at and not new.is_published then
        new.publish_status := case when new.planned_at is null then 'draft' else 'scheduled' end;
        new.publish_attempts := 0;
        new.publish_error := null;
        new.publish_error_kind := null;
        new.next_attempt_at := null;
      end if;
    end if;
  end if;
  new.calendar_at := coalesce(new.published_at, new.planned_at, new.created_at);
  return new;
end;
$$;

create trigger posts_publish_state
  before insert or update on public.posts
  for each row execute function private.posts_publish_state();

------------------------------------------------------------------------------------------
-- LinkedIn connections and sign-in states: server only
------------------------------------------------------------------------------------------
-- Not in an exposed schema, row-level security with no policies, and no grants: only the
-- functions below (running as their owner, callable by the service role) read or write them.
create table private.linkedin_connections (
  user_id uuid primary key references auth.users (id) on delete cascade,
  member_id text not null check (char_length(member_id) between 1 and 200),
  member_name text not null check (char_length(member_name) between 1 and 300),
  -- Encrypted by the /api functions (AES-GCM, bound to user_id); the key never reaches the database.
  access_token text not null check (char_length(access_token) <= 8000),
  scopes text not null check (char_length(scopes) <= 500),
  expires_at timestamptz not null,
  -- revoked: LinkedIn refused the token before it expired (the member revoked the app's access).
  status text not null default 'active' check (status in ('active', 'revoked')),
  connected_at timestamptz not null default now()
);
comment on table private.linkedin_connections is
  'One LinkedIn member per user, with the encrypted access token the publisher posts with.';
alter table private.linkedin_connections enable row level security;

create table private.linkedin_oauth_states (
  -- SHA-256 of the state sent to LinkedIn: the state itself is never stored.
  state_hash text primary key check (char_length(state_hash) = 64),
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid,
  expires_at timestamptz not null
);
comment on table private.linkedin_oauth_states is
  'Pending "Connect LinkedIn" sign-ins: each state is bound to the session that started it and used once.';
create index linkedin_oauth_states_user_id_idx on private.linkedin_oauth_states (user_id);
alter table private.linkedin_oauth_states enable row level security;

create function public.linkedin_begin_connect(p_user_id uuid, p_session_id uuid, p_state_hash text)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.linkedin_oauth_states where expires_at < now() or user_id = p_user_id;
  insert into private.linkedin_oauth_states (state_hash, user_id, session_id, expires_at)
  values (p_state_hash, p_user_id, p_session_id, now() + interval '10 minutes');
$$;
comment on function public.linkedin_begin_connect(uuid, uuid, text) is
  'Starts a LinkedIn sign-in for one session; a newer start replaces an unfinished one.';

create function public.linkedin_take_state(p_state_hash text, p_user_id uuid, p_session_id uuid)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with taken as (
    delete from private.linkedin_oauth_states
     where state_hash = p_state_hash and user_id = p_user_id
       and session_id is not distinct from p_session_id and expires_at >= now()
    returning 1
  )
  select exists (select from taken);
$$;
comment on function public.linkedin_take_state(text, uuid, uuid) is
  'True once for a state of this user and session that has not expired; a replay gets false.';

create function public.linkedin_save_connection(
  p_user_id uuid, p_member_id text, p_member_name text, p_access_token text, p_scopes text, p_expires_at timestamptz
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.linkedin_connections as connection
    (user_id, member_id, member_name, access_token, scopes, expires_at, status, connected_at)
  values (p_user_id, p_member_id, p_member_name, p_access_token, p_scopes, p_expires_at, 'active', now())
  on conflict (user_id) do update
    set member_id = excluded.member_id, member_name = excluded.member_name,
        access_token = excluded.access_token, scopes = excluded.scopes,
        expires_at = excluded.expires_at, status = 'active', connected_at = now();
  -- Posts that waited for a reconnect go out at the next run.
  update public.posts
     set publish_error = null, publish_error_kind = null
   where user_id = p_user_id and publish_status = 'scheduled' and publish_error_kind = 'reconnect';
$$;

create function public.linkedin_connection(p_user_id uuid)
returns table (member_id text, member_name text, access_token text, expires_at timestamptz, status text, connected_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select member_id, member_name, access_token, expires_at, status, connected_at
    from private.linkedin_connections where user_id = p_user_id;
$$;

create function public.linkedin_disconnect(p_user_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.linkedin_connections where user_id = p_user_id;
$$;

create function public.linkedin_revoke_connection(p_user_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  update private.linkedin_connections set status = 'revoked' where user_id = p_user_id;
$$;

------------------------------------------------------------------------------------------
-- Claiming and settling posts
------------------------------------------------------------------------------------------
-- A claim is one UPDATE from scheduled to publishing: two publishers (two isolates, two cron runs)
-- can never both get the same post. A claim left behind by a stopped server is settled here first:
-- retried when nothing was sent yet, otherwise marked for the author to check (never sent twice).
create function public.reconcile_publishing(stale_after_seconds integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  settled integer;
begin
  with stale as (
    update public.posts
       set publish_status = case when publish_sent_at is null then 'scheduled' else 'failed' end,
           publish_error = case when publish_sent_at is null then null else
             'We sent this post to LinkedIn but did not hear back, so it may already be on your profile. '
             || 'Check LinkedIn before you try again.' end,
           publish_error_kind = case when publish_sent_at is null then null else 'unconfirmed' end,
           publish_attempts = case when publish_sent_at is null then greatest(publish_attempts - 1, 0)
                                   else publish_attempts end,
           next_attempt_at = null,
           publish_claimed_at = null,
           planned_at = coalesce(planned_at, now())
     where publish_status = 'publishing'
       and publish_claimed_at <= now() - make_interval(secs => stale_after_seconds)
    returning 1
  )
  select count(*) into settled from stale;
  return settled;
end;
$$;

create function public.claim_due_posts(max_posts integer, stale_after_seconds integer)
returns setof public.posts
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.reconcile_publishing(stale_after_seconds);
  -- Due posts of users whose LinkedIn needs reconnecting stay scheduled, and say why.
  update public.posts post
     set publish_error = 'LinkedIn needs you to sign in again before this post can go out. Reconnect LinkedIn in Settings.',
         publish_error_kind = 'reconnect'
    from private.linkedin_connections connection
   where connection.user_id = post.user_id
     and (connection.status = 'revoked' or connection.expires_at <= now())
     and post.publish_status = 'scheduled'
     and coalesce(post.next_attempt_at, post.planned_at) <= now()
     and post.publish_error_kind is distinct from 'reconnect';
  return query
  update public.posts post
     set publish_status = 'publishing', publish_claimed_at = now(), publish_sent_at = null,
         publish_attempts = post.publish_attempts + 1
   where post.id in (
           select due.id from public.posts due
             join private.linkedin_connections connection
               on connection.user_id = due.user_id and connection.status = 'active' and connection.expires_at > now()
            where due.publish_status = 'scheduled'
              and coalesce(due.next_attempt_at, due.planned_at) <= now()
            order by coalesce(due.next_attempt_at, due.planned_at)
            limit max_posts
              for update of due skip locked)
     and post.publish_status = 'scheduled'
  returning post.*;
end;
$$;
comment on function public.claim_due_posts(integer, integer) is
  'Claims up to max_posts due posts of users with a live LinkedIn connection, after settling stale claims.';

-- "Publish now" (and Retry): the user's own post, whatever its plan, unless it is already out or going out.
create function public.claim_post_for_publishing(p_user_id uuid, p_post_id uuid)
returns setof public.posts
language sql
security definer
set search_path = ''
as $$
  update public.posts
     set publish_status = 'publishing', publish_claimed_at = now(), publish_sent_at = null,
         publish_attempts = case when publish_status = 'scheduled' and next_attempt_at is not null
                                 then publish_attempts + 1 else 1 end,
         planned_at = coalesce(planned_at, now()),
         next_attempt_at = null
   where id = p_post_id and user_id = p_user_id
     and publish_status in ('draft', 'scheduled', 'failed') and not is_published
  returning *;
$$;

create function public.mark_publish_sent(p_post_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.posts set publish_sent_at = now() where id = p_post_id and publish_status = 'publishing';
$$;

create function public.finish_publishing(p_post_id uuid, p_urn text, p_url text)
returns setof public.posts
language sql
security definer
set search_path = ''
as $$
  update public.posts
     set publish_status = 'published', is_published = true, published_at = now(),
         linkedin_post_urn = p_urn, linkedin_post_url = p_url,
         publish_error = null, publish_error_kind = null, next_attempt_at = null, publish_claimed_at = null
   where id = p_post_id and publish_status = 'publishing'
  returning *;
$$;

-- p_retry_at: when to try again (a passing failure); null settles the post: back to scheduled when
-- the author must reconnect LinkedIn, otherwise failed.
create function public.fail_publishing(p_post_id uuid, p_kind text, p_message text, p_retry_at timestamptz)
returns setof public.posts
language sql
security definer
set search_path = ''
as $$
  update public.posts
     set publish_status = case when p_retry_at is not null or p_kind = 'reconnect' then 'scheduled' else 'failed' end,
         publish_error = p_message, publish_error_kind = p_kind, next_attempt_at = p_retry_at,
         publish_claimed_at = null, publish_sent_at = null
   where id = p_post_id and publish_status = 'publishing'
  returning *;
$$;

-- Only the /api functions, with the secret key (service_role), call these.
revoke execute on function
  public.linkedin_begin_connect(uuid, uuid, text),
  public.linkedin_take_state(text, uuid, uuid),
  public.linkedin_save_connection(uuid, text, text, text, text, timestamptz),
  public.linkedin_connection(uuid),
  public.linkedin_disconnect(uuid),
  public.linkedin_revoke_connection(uuid),
  public.reconcile_publishing(integer),
  public.claim_due_posts(integer, integer),
  public.claim_post_for_publishing(uuid, uuid),
  public.mark_publish_sent(uuid),
  public.finish_publishing(uuid, text, text),
  public.fail_publishing(uuid, text, text, timestamptz)
from public, anon, authenticated;
grant execute on function
  public.linkedin_begin_connect(uuid, uuid, text),
  public.linkedin_take_state(text, uuid, uuid),
  public.linkedin_save_connection(uuid, text, text, text, text, timestamptz),
  public.linkedin_connection(uuid),
  public.linkedin_disconnect(uuid),
  public.linkedin_revoke_connection(uuid),
  public.reconcile_publishing(integer),
  public.claim_due_posts(integer, integer),
  public.claim_post_for_publishing(uuid, uuid),
  public.mark_publish_sent(uuid),
  public.finish_publishing(uuid, text, text),
  public.fail_publishing(uuid, text, text, timestamptz)
to service_role;
