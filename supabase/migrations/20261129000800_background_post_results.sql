-- Post results read in the background (issue 28, docs/decisions/028-post-results.md): after each
-- scheduled publishing run (/linkedin/publish-due: the embedded server's timer, pg_cron on hosted)
-- the /api function reads LinkedIn's figures of due posts for a few members whose connection
-- carries r_member_postAnalytics, one member at a time. What it needs to stay polite is kept with
-- the connection: when a member was last visited, and LinkedIn's last refusal (a 403 until the
-- member connects again, a 429 until the time it gave). "Refresh from LinkedIn" by hand notes its
-- refusals here too, and a read that gets through clears them.

alter table private.linkedin_connections
  add column results_checked_at timestamptz,
  add column results_refused_at timestamptz,
  add column results_paused_until timestamptz;

comment on column private.linkedin_connections.results_checked_at is
  'When the background refresh of post results last took this member.';
comment on column private.linkedin_connections.results_refused_at is
  'When LinkedIn last refused this token post analytics (403/401); cleared by a new connection or a read that gets through.';
comment on column private.linkedin_connections.results_paused_until is
  'After a 429 from post analytics: the background refresh leaves this member alone until then.';

-- A new connection (new token, maybe new permissions) starts with a clean slate.
create or replace function public.linkedin_save_connection(
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
        expires_at = excluded.expires_at, status = 'active', connected_at = now(),
        results_checked_at = null, results_refused_at = null, results_paused_until = null;
  -- Posts that waited for a reconnect go out at the next run.
  update public.posts
     set publish_error = null, publish_error_kind = null
   where user_id = p_user_id and publish_status = 'scheduled' and publish_error_kind = 'reconnect';
$$;

-- Takes the next member for the background refresh (at most one; none when no one is waiting):
-- a live connection with r_member_postAnalytics, not refused, not paused, not taken within
-- min_gap_seconds, with at least one post published through the app. The least recently taken
-- goes first, and two runs never take the same member (skip locked, and the stamp moves on).
create function public.take_results_refresh_member(min_gap_seconds integer)
returns table (user_id uuid, access_token text)
language sql
security definer
set search_path = ''
as $$
  update private.linkedin_connections as taken
     set results_checked_at = now()
   where taken.user_id = (
           select connection.user_id
             from private.linkedin_connections as connection
            where connection.status = 'active'
              and connection.expires_at > now()
              -- LinkedIn lists the granted scopes with commas (spaces accepted too).
              and 'r_member_postAnalytics' = any (regexp_split_to_array(connection.scopes, '[\s,]+'))
              and connection.results_refused_at is null
              and (connection.results_paused_until is null or connection.results_paused_until <= now())
              and (connection.results_checked_at is null
                   or connection.results_checked_at <= now() - make_interval(secs => min_gap_seconds))
              and exists (
                    select from public.posts
                     where posts.user_id = connection.user_id
                       and posts.publish_status = 'published'
                       and posts.linkedin_post_url is not null
                       and posts.published_at is not null)
            order by connection.results_checked_at nulls first, connection.user_id
            limit 1
              for update of connection skip locked)
  returning taken.user_id, taken.access_token;
$$;
comment on function public.take_results_refresh_member(integer) is
  'The next member whose post results the background refresh reads (at most one row).';

-- What LinkedIn last said to a read of this member's post analytics: 'refused' (403/401) stops
-- the background refresh until the member connects again, 'rate-limited' until p_until, 'read'
-- (a read got through) clears both.
create function public.note_results_refresh(p_user_id uuid, p_outcome text, p_until timestamptz default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_outcome not in ('read', 'refused', 'rate-limited') then
    raise exception 'unknown outcome %', p_outcome using errcode = '22023';
  end if;
  update private.linkedin_connections
     set results_refused_at = case p_outcome when 'refused' then now()
                                             when 'read' then null else results_refused_at end,
         results_paused_until = case p_outcome when 'rate-limited' then coalesce(p_until, now() + interval '1 hour')
                                               when 'read' then null else results_paused_until end
   where user_id = p_user_id;
end;
$$;
comment on function public.note_results_refresh(uuid, text, timestamptz) is
  'Remembers LinkedIn''s refusal (403) or rate limit (429) of a member''s post analytics, or clears it.';

revoke execute on function public.take_results_refresh_member(integer) from public, anon, authenticated;
revoke execute on function public.note_results_refresh(uuid, text, timestamptz) from public, anon, authenticated;
grant execute on function public.take_results_refresh_member(integer) to service_role;
grant execute on function public.note_results_refresh(uuid, text, timestamptz) to service_role;
