-- Posting a post's first comment on LinkedIn (docs/decisions/016-publishing-to-linkedin.md): the
-- publisher posts it right after the post, and the author may retry one that failed. Like the post,
-- a comment that may have reached LinkedIn is never sent again on its own: `first_comment_status`
-- is 'sending' before the request leaves, and a 'sending' left by a stopped server becomes 'failed'
-- for the author to check. The columns come from 20261128000000; its trigger keeps users' writes
-- out of them, so only the functions below (run by the /api functions with the secret key) set them.

-- While the comment is being sent the post is published, so its claim time is free to say since
-- when: a claim that old is settled by reconcile_publishing.
comment on column public.posts.publish_claimed_at is
  'When the publisher claimed the post: to publish it (status publishing), or to post its first comment (first_comment_status sending).';

------------------------------------------------------------------------------------------
-- A post published again is a new post on LinkedIn, with no comment under it yet
------------------------------------------------------------------------------------------
-- As in 20261127000000, and the first comment's state starts afresh, so the new post gets its
-- comment too (a post marked back to draft and published again).
create or replace function public.finish_publishing(p_post_id uuid, p_urn text, p_url text)
returns setof public.posts
language sql
security definer
set search_path = ''
as $$
  update public.posts
     set publish_status = 'published', is_published = true, published_at = now(),
         linkedin_post_urn = p_urn, linkedin_post_url = p_url,
         publish_error = null, publish_error_kind = null, next_attempt_at = null, publish_claimed_at = null,
         first_comment_status = null, first_comment_error = null, first_comment_urn = null
   where id = p_post_id and publish_status = 'publishing'
  returning *;
$$;

------------------------------------------------------------------------------------------
-- Claiming the first comment for sending
------------------------------------------------------------------------------------------
-- Right after the post went out: a published post with its LinkedIn URN and a comment not yet
-- tried. One UPDATE, so two callers never both send it.
create function public.begin_first_comment(p_post_id uuid)
returns setof public.posts
language sql
security definer
set search_path = ''
as $$
  update public.posts
     set first_comment_status = 'sending', first_comment_error = null, publish_claimed_at = now()
   where id = p_post_id and publish_status = 'published' and linkedin_post_urn is not null
     and first_comment ~ '\S' and first_comment_status is null
  returning *;
$$;
comment on function public.begin_first_comment(uuid) is
  'Marks the first comment of a just-published post as sending; no row when there is none to send.';

-- The author's "Retry" of a comment that failed, on their own published post. Answers
-- {"claimed": true|false, "post": <the row, or null when the user has no such post>}, so the
-- caller can say why a retry was refused without reading the table itself.
create function public.retry_first_comment(p_user_id uuid, p_post_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  post public.posts;
begin
  update public.posts
     set first_comment_status = 'sending', first_comment_error = null, publish_claimed_at = now()
   where id = p_post_id and user_id = p_user_id
     and publish_status = 'published' and linkedin_post_urn is not null
     and first_comment ~ '\S' and first_comment_status = 'failed'
  returning * into post;
  if found then
    return jsonb_build_object('claimed', true, 'post', to_jsonb(post));
  end if;
  select * into post from public.posts where id = p_post_id and user_id = p_user_id;
  return jsonb_build_object('claimed', false, 'post', case when found then to_jsonb(post) end);
end;
$$;
comment on function public.retry_first_comment(uuid, uuid) is
  'Marks a failed first comment of the user''s published post as sending again, or says (with the row) why not.';

------------------------------------------------------------------------------------------
-- Settling the first comment
------------------------------------------------------------------------------------------
-- p_urn may be null: LinkedIn answered 201 (the comment is there) without saying where.
create function public.finish_first_comment(p_post_id uuid, p_urn text)
returns setof public.posts
language sql
security definer
set search_path = ''
as $$
  update public.posts
     set first_comment_status = 'posted', first_comment_urn = p_urn, first_comment_error = null,
         publish_claimed_at = null
   where id = p_post_id and first_comment_status = 'sending'
  returning *;
$$;

create function public.fail_first_comment(p_post_id uuid, p_message text)
returns setof public.posts
language sql
security definer
set search_path = ''
as $$
  update public.posts
     set first_comment_status = 'failed', first_comment_error = p_message, publish_claimed_at = null
   where id = p_post_id and first_comment_status = 'sending'
  returning *;
$$;

------------------------------------------------------------------------------------------
-- Claims left behind by a stopped server (replaces the function of 20261127000000)
------------------------------------------------------------------------------------------
-- As before for posts; and a first comment still 'sending' after the same time may be under the
-- post already, so it fails with words that say so and waits for the author (never resent).
create or replace function public.reconcile_publishing(stale_after_seconds integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
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
       and publish_claimed_at <= now() - make_interval(secs => stale_after_seconds)
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
       and coalesce(publish_claimed_at, '-infinity') <= now() - make_interval(secs => stale_after_seconds)
    returning 1
  )
  select count(*) into comments from stale;
  return settled + comments;
end;
$$;

-- Only the /api functions, with the secret key (service_role), call these.
revoke execute on function
  public.begin_first_comment(uuid),
  public.retry_first_comment(uuid, uuid),
  public.finish_first_comment(uuid, text),
  public.fail_first_comment(uuid, text)
from public, anon, authenticated;
grant execute on function
  public.begin_first_comment(uuid),
  public.retry_first_comment(uuid, uuid),
  public.finish_first_comment(uuid, text),
  public.fail_first_comment(uuid, text)
to service_role;
