-- What a hosted Supabase project provides before any migration of ours runs: the API roles, the
-- auth schema with its helper functions, the extensions schema and the migrations history table
-- the Supabase CLI uses. Applied once per data dir, as the `postgres` role, which is also who runs
-- the migrations (here the cluster's superuser; on hosted the platform runs its init scripts as postgres
-- and `supabase db push` connects as it). Tests run this same file on a real PostgreSQL server
-- laid out as a hosted project (tests/helpers/hosted-database.ts); docs/decisions/010 says
-- where each grant comes from.

-- API roles. PostgREST switches to one of these inside each request's transaction.
create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;

grant usage on schema public to anon, authenticated, service_role;

-- Default privileges on what `postgres` creates in public, as a new hosted project has them. The
-- platform's base image grants the API roles everything; since 30 May 2026 a new project takes
-- the Data API privileges back (30 October 2026 for every project), so a table, view, sequence or
-- function is reachable through the API only once a migration grants it. What the revokes leave
-- (TRUNCATE, REFERENCES, TRIGGER on tables; UPDATE on sequences) is left here too, so migrations
-- meet the same grants on both; functions stay executable through PUBLIC, Postgres's built-in
-- default, which a per-schema default cannot take away: a function that must not be called
-- revokes EXECUTE from public itself.
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  revoke select, insert, update, delete on tables from anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  revoke usage, select on sequences from anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  revoke execute on functions from anon, authenticated, service_role;

create schema extensions;
create extension pgcrypto with schema extensions;
grant usage on schema extensions to anon, authenticated, service_role;

create schema auth;
grant usage on schema auth to anon, authenticated, service_role;

-- Users of the embedded GoTrue. Email is stored lower-cased; one account per email.
create table auth.users (
  id uuid primary key default gen_random_uuid(),
  aud text not null default 'authenticated',
  role text not null default 'authenticated',
  email text unique,
  encrypted_password text,
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  is_anonymous boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- One row per signed-in device; a logout deletes it, which revokes its refresh tokens.
create table auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  aal text not null default 'aal1',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sessions_user_id_idx on auth.sessions (user_id);

-- Refresh tokens are single use: each refresh revokes the presented token and issues a child.
create table auth.refresh_tokens (
  id bigserial primary key,
  token text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent text,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);

-- The request's JWT claims, set by the REST server with set_config('request.jwt.claims', …, true).
-- nullif(…, '') because current_setting returns '' (not NULL) once the setting has existed in the session.
create function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb
$$;

create function auth.uid() returns uuid
language sql stable
as $$
  select nullif(auth.jwt() ->> 'sub', '')::uuid
$$;

create function auth.role() returns text
language sql stable
as $$
  select nullif(auth.jwt() ->> 'role', '')
$$;

create function auth.email() returns text
language sql stable
as $$
  select nullif(auth.jwt() ->> 'email', '')
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;

-- The Supabase CLI records applied migrations here; the embedded server does the same.
create schema supabase_migrations;
create table supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  statements text[]
);
