-- What the platform does after the init scripts, run as supabase_admin in the template database:
-- Supabase Auth takes over its schema, PostgREST's login role gets the API roles, and `postgres`
-- stops being a superuser. Migrations then run as that `postgres`, as `supabase db push` does.

-- Auth owns its schema's objects; `postgres` keeps full use of them (foreign keys to auth.users,
-- triggers, reads) but can no longer create objects in the schema.
alter schema auth owner to supabase_admin;
grant all on schema auth to supabase_auth_admin;
alter table auth.users owner to supabase_auth_admin;
alter table auth.sessions owner to supabase_auth_admin;
alter table auth.refresh_tokens owner to supabase_auth_admin;
alter function auth.jwt() owner to supabase_auth_admin;
alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.email() owner to supabase_auth_admin;
grant usage on schema auth to postgres;
grant all on all tables in schema auth to postgres;
grant all on all sequences in schema auth to postgres;
grant all on all routines in schema auth to postgres;

-- PostgREST's login role may become any API role; so may the dashboard's postgres role, which
-- also administers them (hosted grants the admin option from PostgreSQL 16, where CREATEROLE
-- stopped implying it; on 15 CREATEROLE already does).
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres with admin option;

-- Per-role time limits, applied by PostgREST to each request (the embedded server does the same).
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';

-- From here on `postgres` is what a project's owner gets: no superuser, but it may create roles
-- and databases, and bypasses row-level security.
alter role postgres nosuperuser createdb createrole login replication bypassrls;
