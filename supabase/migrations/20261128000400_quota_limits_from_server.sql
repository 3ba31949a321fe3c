-- The AI budget's limit and window come from the server only (docs/decisions/012).
-- public.consume_ai_quota(request_limit, window_seconds) was callable with the user's own token,
-- the same credentials the browser holds: a user could call it with a huge limit or a tiny window
-- and refill their own budget at will. The user's budget is now counted like the address budget:
-- by the /api functions with the secret key, naming the user and session from the token they
-- verified, with the limits of the server's configuration.

-- Dropped, not revoked: a browser that still tries it gets PostgREST's 404 (no such function).
drop function public.consume_ai_quota(integer, integer);

-- Takes one request from `user_id`'s budget. Refuses a session that has ended (signed out, or
-- another user's), which a token checked only by its signature would still pass until it expires;
-- a token without a session id (legacy HS256 tokens) has nothing to check here, as before.
create function public.consume_ai_user_quota(
  user_id uuid,
  session_id uuid,
  request_limit integer,
  window_seconds integer
)
returns table (allowed boolean, retry_after_seconds integer)
language plpgsql
security definer
set search_path = ''
as $$
begin
  if consume_ai_user_quota.user_id is null then
    raise exception 'user_id is required' using errcode = '22023';
  end if;
  if consume_ai_user_quota.session_id is not null and not exists (
    select 1 from auth.sessions s
     where s.id = consume_ai_user_quota.session_id and s.user_id = consume_ai_user_quota.user_id
  ) then
    raise sqlstate 'PGRST' using
      message = '{"code":"session_not_found","message":"This session has ended. Please sign in again.","details":null,"hint":null}',
      detail = '{"status":401,"headers":{}}';
  end if;
  if request_limit not between 1 and 1000000000 or window_seconds not between 1 and 31536000 then
    raise exception 'request_limit must be 1 to 1,000,000,000 and window_seconds 1 to 31,536,000' using errcode = '22023';
  end if;
  return query select * from private.quota_answer(
    private.take_ai_quota('user:' || consume_ai_user_quota.user_id, request_limit, window_seconds)
  );
end;
$$;

comment on function public.consume_ai_user_quota(uuid, uuid, integer, integer) is
  'Called by the /api functions with the secret key before each paid AI request, for the user and session of the verified token.';

-- Only the /api functions, with the secret key (service_role), call it.
revoke execute on function public.consume_ai_user_quota(uuid, uuid, integer, integer) from public, anon, authenticated;
grant execute on function public.consume_ai_user_quota(uuid, uuid, integer, integer) to service_role;
