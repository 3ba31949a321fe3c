-- Nothing is ever posted twice (docs/decisions/018-publishing-never-twice.md).
--
-- A claim still in flight is never taken over. reconcile_publishing (and claim_due_posts, which
-- calls it) used to trust its caller's stale_after_seconds, and a server starting up passed 0: a
-- "Publish now" still uploading its image was reset, claimed again and sent twice. Now a claim is
-- left over only when it is older than the caller's limit and never younger than 10 minutes,
-- counted from publish_claimed_at. One attempt takes at most about two minutes (three LinkedIn
-- requests of at most 30 s each: image upload start, the bytes, the post; or one comment), and an
-- Edge Function is stopped long before 10 minutes, so an attempt that old has ended.
--
-- And a run that lost its claim never sends: mark_publish_sent, the last step before the post
-- request, refuses a post that is no longer being published.

create or replace function public.reconcile_publishing(stale_after_seconds integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- The caller may ask for longer, never for less than the floor.
  older_than constant interval := make_interval(secs => greatest(coalesce(stale_after_seconds, 0), 600));
  settled integer;
  comments integer;
begin
  with stale as (
    update public.posts
       set publish_status = case when publish_sent_at is null then 'scheduled' else 'failed' end,
           publish_error = case when publish_sent_at is null then null else
             'We sent this post to LinkedIn but did not hear back, so it may already be on your profile. '
             || 'Check LinkedIn before you try again.' end,
           publish_error_kind = case when publish_sent_at is null then null else 'unconfirmed' end,
           publish_attempts = case when publish_sent_at is null then greatest(publish_attempts - 1, 0)
                                   else publish_attempts end,
           next_attempt_at = null,
           publish_claimed_at = null,
           planned_at = coalesce(planned_at, now())
     where publish_status = 'publishing'
       and publish_claimed_at <= now() - older_than
    returning 1
  )
  select count(*) into settled from stale;

  with stale as (
    update public.posts
       set first_comment_status = 'failed',
           first_comment_error = 'LinkedIn did not confirm the first comment, so it may already be under your post. '
             || 'Check LinkedIn before you retry.',
           publish_claimed_at = null
     where first_comment_status = 'sending'
       and coalesce(publish_claimed_at, '-infinity') <= now() - older_than
    returning 1
  )
  select count(*) into comments from stale;
  return settled + comments;
end;
$$;
comment on function public.reconcile_publishing(integer) is
  'Settles claims left behind by a stopped run: older than stale_after_seconds and never younger than 10 minutes.';

create or replace function public.mark_publish_sent(p_post_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.posts set publish_sent_at = now() where id = p_post_id and publish_status = 'publishing';
  if not found then
    raise exception 'Post % is no longer being published here; it is not sent.', p_post_id
      using errcode = 'object_not_in_prerequisite_state';
  end if;
end;
$$;

-- As in 20261127000000: only the /api functions, with the secret key (service_role), call these.
revoke execute on function
  public.reconcile_publishing(integer),
  public.mark_publish_sent(uuid)
from public, anon, authenticated;
grant execute on function
  public.reconcile_publishing(integer),
  public.mark_publish_sent(uuid)
to service_role;
