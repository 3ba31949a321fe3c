-- The embedded GoTrue's schema beyond the bootstrap's auth.users: email confirmation, password
-- recovery and PKCE. The columns and the table are the ones Supabase Auth (GoTrue) has, minus what
-- this server does not use. Like storage-schema.sql it is applied after the bootstrap on every
-- start (apply-migrations.ts, ensureAuthSchema), so data directories made before it existed get
-- it too, and every statement must be safe to run again.

-- The pending confirmation link of a user who signed up while confirmations are on. Only a
-- SHA-256 digest of the link's token is kept, so a copy of the database cannot confirm anyone.
alter table auth.users add column if not exists confirmation_token text;
alter table auth.users add column if not exists confirmation_sent_at timestamptz;
create unique index if not exists users_confirmation_token_idx
  on auth.users (confirmation_token) where confirmation_token is not null;

-- The pending password-reset link of a user who asked for one (POST /recover), kept the same way.
alter table auth.users add column if not exists recovery_token text;
alter table auth.users add column if not exists recovery_sent_at timestamptz;
create unique index if not exists users_recovery_token_idx
  on auth.users (recovery_token) where recovery_token is not null;

-- A PKCE sign-up waiting for its confirmation link: the browser's code challenge, and the one-time
-- auth code that /verify hands back and /token?grant_type=pkce exchanges for a session.
create table if not exists auth.flow_state (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  auth_code text not null,
  code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
  code_challenge text not null,
  provider_type text not null,
  authentication_method text not null,
  auth_code_issued_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists flow_state_auth_code_idx on auth.flow_state (auth_code);
create index if not exists flow_state_user_id_idx on auth.flow_state (user_id, authentication_method);
