-- Grants say exactly who may use the app's tables through the Data API, whatever the project's
-- defaults (docs/decisions/010-real-postgres-and-advisors.md).
--
-- A new hosted project no longer grants the Data API privileges (SELECT, INSERT, UPDATE, DELETE)
-- on new tables in public, but its defaults still give TRUNCATE, REFERENCES and TRIGGER (and
-- MAINTAIN on PostgreSQL 17) to anon, authenticated and service_role. None of those is reachable
-- through the API; still, the app's tables grant nothing but what their policies are written
-- for: authenticated reads and writes its own rows, anon and service_role get nothing (no server
-- code uses the service role on these tables).
revoke all on table public.profiles, public.posts, public.topic_ideas from anon, authenticated, service_role;
grant select, insert, update, delete on table public.profiles, public.posts, public.topic_ideas to authenticated;

-- The same defaults for what later migrations create, on databases set up before projects had
-- them (every hosted project has had them since 30 October 2026; embedded data directories
-- created before this migration granted service_role everything). Idempotent where they hold.
alter default privileges for role postgres in schema public
  revoke select, insert, update, delete on tables from anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  revoke usage, select on sequences from anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  revoke execute on functions from anon, authenticated, service_role;
