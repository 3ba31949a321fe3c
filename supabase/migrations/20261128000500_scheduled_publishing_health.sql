-- Whether scheduled publishing reaches the server (docs/decisions/016). pg_cron's call to
-- /linkedin/publish-due (hosted) or the embedded server's timer records each run that gets
-- through; a call refused for a wrong key cannot be recorded, so the app infers a broken schedule
-- from planned posts that are late while no run has been recorded lately, and says so.

-- One row: when a scheduled run last got through. Reached only through the functions below.
create table private.scheduled_publishing_runs (
  id boolean primary key default true check (id),
  last_run_at timestamptz not null
);
comment on table private.scheduled_publishing_runs is
  'When /linkedin/publish-due last ran with a valid secret key (one row).';
alter table private.scheduled_publishing_runs enable row level security;

create function public.record_scheduled_publishing_run()
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.scheduled_publishing_runs (id, last_run_at) values (true, now())
  on conflict (id) do update set last_run_at = excluded.last_run_at;
$$;
comment on function public.record_scheduled_publishing_run() is
  'Called by /linkedin/publish-due (secret key only) after each run.';

-- Only a time, the same for everyone: it tells a signed-in user whether their planned posts can
-- go out, and nothing about anyone's posts.
create function public.scheduled_publishing_last_run()
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select last_run_at from private.scheduled_publishing_runs where id;
$$;
comment on function public.scheduled_publishing_last_run() is
  'When scheduled publishing last reached the server; null if it never has.';

-- Functions are executable by PUBLIC unless revoked: grant exactly who may call what.
revoke execute on function public.record_scheduled_publishing_run() from public, anon, authenticated;
revoke execute on function public.scheduled_publishing_last_run() from public, anon;
grant execute on function public.record_scheduled_publishing_run() to service_role;
grant execute on function public.scheduled_publishing_last_run() to authenticated;
