-- A signed-out session writes nothing of the author's (docs/decisions/019-live-sessions-and-issuers.md).
--
-- 20261128000300 fenced posts and post images; the rest of what an author writes (their profile
-- and voice, their voice samples, their ideas bank, including the topic counts the security-invoker
-- functions record_topic_use and count_topic_use write) gets the same restrictive policies, so a
-- token whose session was signed out elsewhere is refused with PostgREST's 401 `session_not_found`
-- (the app then asks its author to sign in again) instead of changing data for up to an hour.

create policy "Signed-out sessions cannot create profiles"
  on public.profiles as restrictive for insert to authenticated
  with check ((select public.require_live_session()));
create policy "Signed-out sessions cannot change profiles"
  on public.profiles as restrictive for update to authenticated
  using ((select public.require_live_session()))
  with check ((select public.require_live_session()));
create policy "Signed-out sessions cannot delete profiles"
  on public.profiles as restrictive for delete to authenticated
  using ((select public.require_live_session()));

create policy "Signed-out sessions cannot add ideas"
  on public.topic_ideas as restrictive for insert to authenticated
  with check ((select public.require_live_session()));
create policy "Signed-out sessions cannot change ideas"
  on public.topic_ideas as restrictive for update to authenticated
  using ((select public.require_live_session()))
  with check ((select public.require_live_session()));
create policy "Signed-out sessions cannot delete ideas"
  on public.topic_ideas as restrictive for delete to authenticated
  using ((select public.require_live_session()));

create policy "Signed-out sessions cannot add voice samples"
  on public.voice_samples as restrictive for insert to authenticated
  with check ((select public.require_live_session()));
create policy "Signed-out sessions cannot change voice samples"
  on public.voice_samples as restrictive for update to authenticated
  using ((select public.require_live_session()))
  with check ((select public.require_live_session()));
create policy "Signed-out sessions cannot delete voice samples"
  on public.voice_samples as restrictive for delete to authenticated
  using ((select public.require_live_session()));
