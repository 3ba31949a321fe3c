-- Roles a new hosted Supabase project has before its init scripts run (cluster-wide, so once per
-- test cluster). As on the platform, `postgres` starts as a superuser: the init scripts (our
-- server/embedded/db/bootstrap.sql) run as it, and it is demoted afterwards (platform-grants.sql).
-- supabase_admin, the platform's own superuser, is the cluster's bootstrap user (initdb -U).

create role postgres superuser createdb createrole login replication bypassrls;

-- Supabase Auth connects as this role and owns the auth schema's tables and functions.
create role supabase_auth_admin noinherit nocreaterole login;

-- PostgREST connects as this role and switches to anon, authenticated or service_role per request.
create role authenticator noinherit login;
