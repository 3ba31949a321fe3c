-- A signed-out session ends what its access token can do (docs/decisions/019-live-sessions-and-issuers.md).
--
-- Signing out deletes the session row in auth.sessions, but the access token already handed out
-- stays validly signed until it expires (up to an hour). PostgREST and Storage check only the
-- signature, and so did the /api LinkedIn routes: a signed-out token could still publish. Here the
-- database says whether the session in the caller's token still exists, the same way on hosted
-- Supabase and on the embedded server, and the writes that plan or publish a post ask it.

------------------------------------------------------------------------------------------
-- Is the caller's session still live?
------------------------------------------------------------------------------------------
-- True unless the caller's token names a session (`session_id`, which Auth puts in every user's
-- access token) that no longer exists. Tokens without one are not a signed-in device's (the API
-- keys, the service role): they are answered true, and their own grants decide what they may do.
-- Compared as text, so a malformed claim is simply not found instead of a cast error.
create function public.session_is_live()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select (select auth.jwt() ->> 'session_id') is null
      or exists (select 1 from auth.sessions s where s.id::text = (select auth.jwt() ->> 'session_id'));
$$;

comment on function public.session_is_live() is
  'Whether the session in the caller''s access token still exists (false once signed out). Called by the /api functions with the user''s token.';

-- The same answer as a guard for row-level security: true, or the request fails as PostgREST's
-- 401 (`session_not_found`), like consume_ai_quota, so the app asks the user to sign in again
-- instead of seeing a write that silently changed nothing. Runs as the caller; only
-- session_is_live reads auth.sessions.
create function public.require_live_session()
returns boolean
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not public.session_is_live() then
    raise sqlstate 'PGRST' using
      message = '{"code":"session_not_found","message":"This session has ended. Please sign in again.","details":null,"hint":null}',
      detail = '{"status":401,"headers":{}}';
  end if;
  return true;
end;
$$;

comment on function public.require_live_session() is
  'Row-level security guard: true while the caller''s session exists, else a 401 session_not_found.';

-- Functions are executable by PUBLIC unless revoked: only signed-in users ask about their session.
revoke execute on function public.session_is_live() from public, anon, service_role;
revoke execute on function public.require_live_session() from public, anon, service_role;
grant execute on function public.session_is_live() to authenticated;
grant execute on function public.require_live_session() to authenticated;

------------------------------------------------------------------------------------------
-- posts: no write from an ended session
------------------------------------------------------------------------------------------
-- Restrictive: each one is required on top of the permissive "own rows" policies, so every write
-- policy added later gets it too. Saving, planning (planned_at, which the posts_publish_state
-- trigger turns into 'scheduled' for the publisher) and marking published are all writes here.
-- `(select …)`: evaluated once per statement, not per row.
create policy "Signed-out sessions cannot create posts"
  on public.posts as restrictive for insert to authenticated
  with check ((select public.require_live_session()));
comment on policy "Signed-out sessions cannot create posts" on public.posts is
  'A token whose session was signed out cannot save or plan a post, though its signature is still valid.';

create policy "Signed-out sessions cannot change posts"
  on public.posts as restrictive for update to authenticated
  using ((select public.require_live_session()))
  with check ((select public.require_live_session()));
comment on policy "Signed-out sessions cannot change posts" on public.posts is
  'A token whose session was signed out cannot edit, plan or publish a post.';

create policy "Signed-out sessions cannot delete posts"
  on public.posts as restrictive for delete to authenticated
  using ((select public.require_live_session()));
comment on policy "Signed-out sessions cannot delete posts" on public.posts is
  'A token whose session was signed out cannot delete a post.';

------------------------------------------------------------------------------------------
-- post images: no upload, replacement or deletion from an ended session
------------------------------------------------------------------------------------------
-- A plain true/false here: Storage answers a policy that says no with its own 403, where a raised
-- error would be a 500. Only the post-images bucket is the app's.
create policy "Signed-out sessions cannot add post images"
  on storage.objects as restrictive for insert to authenticated
  with check (bucket_id <> 'post-images' or (select public.session_is_live()));

create policy "Signed-out sessions cannot replace post images"
  on storage.objects as restrictive for update to authenticated
  using (bucket_id <> 'post-images' or (select public.session_is_live()))
  with check (bucket_id <> 'post-images' or (select public.session_is_live()));

create policy "Signed-out sessions cannot delete post images"
  on storage.objects as restrictive for delete to authenticated
  using (bucket_id <> 'post-images' or (select public.session_is_live()));
