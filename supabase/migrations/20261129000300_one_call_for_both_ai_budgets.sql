-- Both AI budgets counted in one call (docs/decisions/025). /api asked consume_ai_user_quota and
-- consume_ai_address_quota side by side: two REST requests and two transactions in front of every
-- paid AI call. This function does both in one, with the same rules: the user's budget refuses a
-- session that has ended; each budget is taken whether or not the other refuses (a request refused
-- by one still counts against the other); limits come from the server only. The two functions
-- stay for a server still running the previous release during an upgrade.
create function public.consume_ai_quotas(
  user_id uuid,
  session_id uuid,
  request_limit integer,
  client_address text,
  address_limit integer,
  window_seconds integer
)
returns table (
  allowed boolean,
  retry_after_seconds integer,
  address_allowed boolean,
  address_retry_after_seconds integer
)
language plpgsql
security definer
set search_path = ''
as $$
declare
  user_wait double precision;
  address_wait double precision := 0;
begin
  if consume_ai_quotas.user_id is null then
    raise exception 'user_id is required' using errcode = '22023';
  end if;
  if consume_ai_quotas.session_id is not null and not exists (
    select 1 from auth.sessions s
     where s.id = consume_ai_quotas.session_id and s.user_id = consume_ai_quotas.user_id
  ) then
    raise sqlstate 'PGRST' using
      message = '{"code":"session_not_found","message":"This session has ended. Please sign in again.","details":null,"hint":null}',
      detail = '{"status":401,"headers":{}}';
  end if;
  if request_limit not between 1 and 1000000000
     or window_seconds not between 1 and 31536000
     or (client_address is not null and address_limit not between 1 and 1000000000) then
    raise exception 'request_limit and address_limit must be 1 to 1,000,000,000 and window_seconds 1 to 31,536,000' using errcode = '22023';
  end if;
  if client_address is not null and char_length(client_address) not between 1 and 64 then
    raise exception 'client_address must be 1 to 64 characters' using errcode = '22023';
  end if;
  user_wait := private.take_ai_quota('user:' || consume_ai_quotas.user_id, request_limit, window_seconds);
  if client_address is not null then
    address_wait := private.take_ai_quota('address:' || client_address, address_limit, window_seconds);
  end if;
  return query
    select u.allowed, u.retry_after_seconds, a.allowed, a.retry_after_seconds
      from private.quota_answer(user_wait) u, private.quota_answer(address_wait) a;
end;
$$;

comment on function public.consume_ai_quotas(uuid, uuid, integer, text, integer, integer) is
  'Called by the /api functions with the secret key before each paid AI request: the user''s and the address''s budgets, in one call.';

revoke execute on function public.consume_ai_quotas(uuid, uuid, integer, text, integer, integer) from public, anon, authenticated;
grant execute on function public.consume_ai_quotas(uuid, uuid, integer, text, integer, integer) to service_role;
