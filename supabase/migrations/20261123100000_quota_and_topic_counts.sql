-- Durable AI quota and atomic topic counts (docs/decisions/012).
-- Both used to live in one process: the quota in the /api app's memory (each Edge Function isolate
-- counted on its own, and a restart forgot everything), the ideas bank's count as read-then-write
-- in the browser (two tabs saving one topic at once counted 1). Here Postgres does both, atomically.

------------------------------------------------------------------------------------------
-- AI quota: a token bucket per user and per client address
------------------------------------------------------------------------------------------
create table private.ai_quota_buckets (
  -- 'user:<uuid>' or 'address:<ip or /64>'
  subject text primary key,
  -- Requests still allowed right now; refills continuously up to the limit.
  tokens double precision not null,
  updated_at timestamptz not null default now()
);

comment on table private.ai_quota_buckets is
  'What is left of each AI budget. Written only by the quota functions below; not exposed to the API.';

-- Not in an exposed schema, and no policies: only the functions below (running as their owner) touch it.
alter table private.ai_quota_buckets enable row level security;

-- Takes one request from `subject`'s bucket of `request_limit` per `window_seconds`. Returns the
-- seconds until one is free: 0 when the request was taken. A refused request is not counted.
create function private.take_ai_quota(subject text, request_limit integer, window_seconds integer)
returns double precision
language plpgsql
set search_path = ''
as $$
declare
  per_second double precision := request_limit::double precision / window_seconds;
  left_over double precision;
begin
  -- A budget that loses its last few counts in a power cut is harmless: this commit does not wait
  -- for the disk (transaction-local, unlike a function-level SET, which ends before the commit).
  perform set_config('synchronous_commit', 'off', true);
  insert into private.ai_quota_buckets as bucket (subject, tokens, updated_at)
  values (take_ai_quota.subject, request_limit - 1, now())
  on conflict on constraint ai_quota_buckets_pkey do update
    set tokens = least(
          request_limit,
          bucket.tokens + extract(epoch from now() - bucket.updated_at) * per_second
        ) - 1,
        updated_at = now()
  returning bucket.tokens into left_over;
  if left_over >= 0 then
    return 0;
  end if;
  update private.ai_quota_buckets set tokens = tokens + 1 where ai_quota_buckets.subject = take_ai_quota.subject;
  return -left_over / per_second;
end;
$$;

comment on function private.take_ai_quota(text, integer, integer) is
  'One row lock per subject: concurrent calls queue on it, so the budget is never overspent.';

create function private.quota_answer(wait_seconds double precision, out allowed boolean, out retry_after_seconds integer)
language sql
immutable
set search_path = ''
as $$
  select wait_seconds = 0, case when wait_seconds = 0 then 0 else greatest(1, ceil(wait_seconds)::integer) end;
$$;

-- The signed-in caller's own budget. Only counts for auth.uid(): callers cannot name anyone else.
-- Also refuses a token whose session has ended (signed out), which a token checked only by its
-- signature would still pass until it expires.
create function public.consume_ai_quota(request_limit integer, window_seconds integer)
returns table (allowed boolean, retry_after_seconds integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  session text := auth.jwt() ->> 'session_id';
begin
  if caller is null then
    raise exception 'Only a signed-in user has an AI quota' using errcode = '42501';
  end if;
  if session is not null and not exists (select 1 from auth.sessions s where s.id = session::uuid) then
    raise sqlstate 'PGRST' using
      message = '{"code":"session_not_found","message":"This session has ended. Please sign in again.","details":null,"hint":null}',
      detail = '{"status":401,"headers":{}}';
  end if;
  if request_limit not between 1 and 1000000000 or window_seconds not between 1 and 31536000 then
    raise exception 'request_limit must be 1 to 1,000,000,000 and window_seconds 1 to 31,536,000' using errcode = '22023';
  end if;
  return query select * from private.quota_answer(private.take_ai_quota('user:' || caller, request_limit, window_seconds));
end;
$$;

comment on function public.consume_ai_quota(integer, integer) is
  'Called by the /api functions with the user''s own token before each paid AI request.';

-- The budget of a client address, shared by every account behind it. Called by the /api functions
-- with the secret key only: a user could otherwise spend someone else's address budget.
create function public.consume_ai_address_quota(client_address text, request_limit integer, window_seconds integer)
returns table (allowed boolean, retry_after_seconds integer)
language plpgsql
security definer
set search_path = ''
as $$
begin
  if char_length(client_address) not between 1 and 64 then
    raise exception 'client_address must be 1 to 64 characters' using errcode = '22023';
  end if;
  if request_limit not between 1 and 1000000000 or window_seconds not between 1 and 31536000 then
    raise exception 'request_limit must be 1 to 1,000,000,000 and window_seconds 1 to 31,536,000' using errcode = '22023';
  end if;
  return query select * from private.quota_answer(private.take_ai_quota('address:' || client_address, request_limit, window_seconds));
end;
$$;

comment on function public.consume_ai_address_quota(text, integer, integer) is
  'Called by the /api functions with the secret key before each paid AI request, when the address is known.';

-- Functions are executable by PUBLIC unless revoked: grant exactly who may call what.
revoke execute on function private.take_ai_quota(text, integer, integer) from public;
revoke execute on function private.quota_answer(double precision) from public;
revoke execute on function public.consume_ai_quota(integer, integer) from public, anon;
revoke execute on function public.consume_ai_address_quota(text, integer, integer) from public, anon, authenticated;
grant execute on function public.consume_ai_quota(integer, integer) to authenticated;
grant execute on function public.consume_ai_address_quota(text, integer, integer) to service_role;

------------------------------------------------------------------------------------------
-- Ideas bank: counting a topic once per saved post, atomically
------------------------------------------------------------------------------------------
-- +1 on the caller's idea for `topic`, or a new idea counted 1. One statement, so two tabs saving
-- the same topic at once count 2. Runs as the caller: row-level security applies as usual.
create function public.record_topic_use(topic text)
returns setof public.topic_ideas
language sql
security invoker
set search_path = ''
as $$
  insert into public.topic_ideas (user_id, topic, used_count)
  values (auth.uid(), record_topic_use.topic, 1)
  on conflict on constraint topic_ideas_user_id_topic_key
    do update set used_count = public.topic_ideas.used_count + 1
  returning *;
$$;

comment on function public.record_topic_use(text) is
  'Called after a post is saved: the topic''s idea counted once more, created if new.';

revoke execute on function public.record_topic_use(text) from public, anon;
grant execute on function public.record_topic_use(text) to authenticated;

-- +1 on one of the caller's ideas (the ideas bank's "use this topic"), in one statement. An idea
-- that is gone, or not the caller's (row-level security), yields no row.
create function public.count_topic_use(idea_id uuid)
returns setof public.topic_ideas
language sql
security invoker
set search_path = ''
as $$
  update public.topic_ideas set used_count = used_count + 1 where id = count_topic_use.idea_id returning *;
$$;

comment on function public.count_topic_use(uuid) is
  'Called when a topic is taken from the ideas bank to write about.';

revoke execute on function public.count_topic_use(uuid) from public, anon;
grant execute on function public.count_topic_use(uuid) to authenticated;
