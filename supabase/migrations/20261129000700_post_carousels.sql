-- Carousels (issue 29): a post may carry a PDF of slides, which the publisher sends to LinkedIn
-- through its Documents API as a document post, with the title LinkedIn shows above it.
--
-- The PDF is kept in Supabase Storage like a post image (20261124000000): a private bucket, each
-- user reading and writing only under a folder named after their own id ('<auth.uid()>/<file>').
-- The bucket takes PDFs only, of up to 20 MB (20 * 1024 * 1024 bytes). LinkedIn takes documents of
-- up to 100 MB and 300 pages; a carousel built in the browser weighs about 2 MB for ten slides, so
-- 20 MB leaves room for pictures while staying under hosted Storage's default 50 MB per file and
-- small enough for the publisher (an Edge Function on hosted) to hold in memory (shared/carousel-limits.ts).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('post-carousels', 'post-carousels', false, 20971520, array['application/pdf'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "Users can read their own carousels"
  on storage.objects for select to authenticated
  using (bucket_id = 'post-carousels' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "Users can add carousels to their own folder"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'post-carousels' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "Users can replace their own carousels"
  on storage.objects for update to authenticated
  using (bucket_id = 'post-carousels' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'post-carousels' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "Users can delete their own carousels"
  on storage.objects for delete to authenticated
  using (bucket_id = 'post-carousels' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- As for post images (20261128000300): a session signed out elsewhere stores, replaces and deletes
-- nothing. A plain true/false, so Storage answers its own 403 rather than a 500.
create policy "Signed-out sessions cannot add carousels"
  on storage.objects as restrictive for insert to authenticated
  with check (bucket_id <> 'post-carousels' or (select public.session_is_live()));

create policy "Signed-out sessions cannot replace carousels"
  on storage.objects as restrictive for update to authenticated
  using (bucket_id <> 'post-carousels' or (select public.session_is_live()))
  with check (bucket_id <> 'post-carousels' or (select public.session_is_live()));

create policy "Signed-out sessions cannot delete carousels"
  on storage.objects as restrictive for delete to authenticated
  using (bucket_id <> 'post-carousels' or (select public.session_is_live()));

------------------------------------------------------------------------------------------
-- posts: the carousel
------------------------------------------------------------------------------------------
-- The PDF's object name (always in the author's own folder), the title LinkedIn shows with the
-- document, and the editable slides with their design: a JSON object the app reads and writes and
-- the database only bounds (256 KB of text; a slide holds a few hundred characters).
alter table public.posts
  add column carousel_path text
    check (char_length(carousel_path) <= 1024 and carousel_path like user_id::text || '/%'),
  add column carousel_title text check (char_length(carousel_title) <= 400),
  add column carousel_slides jsonb
    check (jsonb_typeof(carousel_slides) = 'object' and octet_length(carousel_slides::text) <= 262144),
  -- A PDF goes out under a title: LinkedIn shows one with every document.
  add constraint posts_carousel_has_title
    check (carousel_path is null or coalesce(btrim(carousel_title), '') <> ''),
  -- A post shows one image or one carousel (its slides, exported or not), never both: the app
  -- removes the one before it adds the other.
  add constraint posts_image_or_carousel
    check (image_path is null or (carousel_path is null and carousel_slides is null));

comment on column public.posts.carousel_path is
  'Object name in the post-carousels bucket (<user id>/<file>.pdf), or null for a post without a carousel PDF.';
comment on column public.posts.carousel_title is
  'The title LinkedIn shows with the carousel (its document); required once there is a PDF.';
comment on column public.posts.carousel_slides is
  'The carousel''s editable slides and design, as the app writes them (a JSON object; the database only bounds its size).';

------------------------------------------------------------------------------------------
-- posts: who may set what (replaces the function of 20261128000000)
------------------------------------------------------------------------------------------
-- As before, plus: the carousel cannot change while the post is being sent.
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
         and (new.topic, new.content, new.image_path, new.image_alt, new.planned_at, new.is_published, new.first_comment,
              new.carousel_path, new.carousel_title, new.carousel_slides)
             is distinct from (old.topic, old.content, old.image_path, old.image_alt, old.planned_at, old.is_published, old.first_comment,
              old.carousel_path, old.carousel_title, old.carousel_slides) then
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
-- posts: updated_at is the author's last change (replaces the function of 20261128000000)
------------------------------------------------------------------------------------------
-- The carousel is what the author writes too: changing it moves updated_at, so a draft open in
-- another tab does not save over it unseen.
create or replace function private.posts_touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.topic, new.content, new.image_path, new.image_alt, new.planned_at, new.is_published, new.first_comment,
      new.carousel_path, new.carousel_title, new.carousel_slides)
     is distinct from (old.topic, old.content, old.image_path, old.image_alt, old.planned_at, old.is_published, old.first_comment,
      old.carousel_path, old.carousel_title, old.carousel_slides) then
    new.updated_at := clock_timestamp();
  else
    new.updated_at := old.updated_at;
  end if;
  return new;
end;
$$;
