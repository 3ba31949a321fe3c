-- The post as one document (docs/decisions/017-the-post-as-one-document.md): a draft is a row from
-- its first word, edited in place and autosaved, so `updated_at` now says when the author last
-- changed it (two tabs compare it before they overwrite each other); and a post may carry a first
-- comment that the publisher posts under it on LinkedIn.

------------------------------------------------------------------------------------------
-- posts: the first comment
------------------------------------------------------------------------------------------
-- LinkedIn takes comments of up to 1,250 characters.
alter table public.posts
  add column first_comment text check (char_length(first_comment) <= 1250),
  -- Set by the publisher only: sending (the request may have reached LinkedIn), posted or failed.
  add column first_comment_status text check (first_comment_status in ('sending', 'posted', 'failed')),
  add column first_comment_error text check (char_length(first_comment_error) <= 2000),
  add column first_comment_urn text check (char_length(first_comment_urn) <= 300);

comment on column public.posts.first_comment is
  'A comment the author wants posted under the post right after it is published (a link, a source); null or empty for none.';
comment on column public.posts.first_comment_status is
  'Where the first comment stands on LinkedIn: sending, posted or failed; null before the post is published or without a comment.';
comment on column public.posts.first_comment_error is 'Why the first comment could not be posted, in the author''s words.';
comment on column public.posts.first_comment_urn is 'The comment on LinkedIn, once posted.';

------------------------------------------------------------------------------------------
-- posts: who may set what (replaces the function of 20261127000000)
------------------------------------------------------------------------------------------
-- As before, plus: the first comment is the author's, its state the publisher's; the first comment
-- cannot change while the post is being sent.
create or replace function private.posts_publish_state() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- The publisher's functions (running as their owner) and the service role set the state themselves.
  if current_user in ('authenticated', 'anon') then
    if tg_op = 'INSERT' then
      new.publish_status := case
        when new.is_published then 'published'
        when new.planned_at is not null then 'scheduled'
        else 'draft' end;
      new.publish_attempts := 0;
      new.publish_error := null;
      new.publish_error_kind := null;
      new.next_attempt_at := null;
      new.publish_claimed_at := null;
      new.publish_sent_at := null;
      new.published_at := null;
      new.linkedin_post_urn := null;
      new.linkedin_post_url := null;
      new.first_comment_status := null;
      new.first_comment_error := null;
      new.first_comment_urn := null;
    else
      if old.publish_status = 'publishing'
         and (new.topic, new.content, new.image_path, new.image_alt, new.planned_at, new.is_published, new.first_comment)
             is distinct from (old.topic, old.content, old.image_path, old.image_alt, old.planned_at, old.is_published, old.first_comment) then
        raise exception 'This post is being published to LinkedIn right now. Try again in a minute.'
          using errcode = 'object_in_use';
      end if;
      new.publish_status := old.publish_status;
      new.publish_attempts := old.publish_attempts;
      new.publish_error := old.publish_error;
      new.publish_error_kind := old.publish_error_kind;
      new.next_attempt_at := old.next_attempt_at;
      new.publish_claimed_at := old.publish_claimed_at;
      new.publish_sent_at := old.publish_sent_at;
      new.published_at := old.published_at;
      new.linkedin_post_urn := old.linkedin_post_urn;
      new.linkedin_post_url := old.linkedin_post_url;
      new.first_comment_status := old.first_comment_status;
      new.first_comment_error := old.first_comment_error;
      new.first_comment_urn := old.first_comment_urn;
      if new.is_published is distinct from old.is_published then
        -- Marked back to draft: scheduled again only for a plan still ahead that never went out,
        -- so a post LinkedIn already has (or a past plan) is never sent without the author asking.
        new.publish_status := case
          when new.is_published then 'published'
          when new.planned_at > now() and old.linkedin_post_urn is null then 'scheduled'
          else 'draft' end;
        new.publish_attempts := 0;
        new.publish_error := null;
        new.publish_error_kind := null;
        new.next_attempt_at := null;
      elsif new.planned_at is distinct from old.planned_at and not new.is_published then
        new.publish_status := case when new.planned_at is null then 'draft' else 'scheduled' end;
        new.publish_attempts := 0;
        new.publish_error := null;
        new.publish_error_kind := null;
        new.next_attempt_at := null;
      end if;
    end if;
  end if;
  new.calendar_at := coalesce(new.published_at, new.planned_at, new.created_at);
  return new;
end;
$$;

------------------------------------------------------------------------------------------
-- posts: updated_at is the author's last change
------------------------------------------------------------------------------------------
-- It moved on every update, the publisher's included. A draft open in two tabs saves only over the
-- version it last read (`updated_at = <what it read>`), so the publisher settling a post must not
-- look like the author's other tab: updated_at now moves only when what the author writes changes,
-- and a value a client sends for it is ignored.
drop trigger posts_set_updated_at on public.posts;

create function private.posts_touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.topic, new.content, new.image_path, new.image_alt, new.planned_at, new.is_published, new.first_comment)
     is distinct from (old.topic, old.content, old.image_path, old.image_alt, old.planned_at, old.is_published, old.first_comment) then
    new.updated_at := clock_timestamp();
  else
    new.updated_at := old.updated_at;
  end if;
  return new;
end;
$$;

create trigger posts_touch_updated_at
  before update on public.posts
  for each row execute function private.posts_touch_updated_at();

-- Saved Posts lists drafts, scheduled, published and failed posts apart.
create index posts_user_id_status_created_at_idx on public.posts (user_id, publish_status, created_at desc);
