-- "Add Image": one picture per post, kept in Supabase Storage.
--
-- The bucket is private: nobody reads an image without a session or a signed URL. Each user
-- reads and writes only under a folder named after their own id ('<auth.uid()>/<file>'). Postgres
-- enforces that through row-level security on storage.objects, on hosted and embedded alike.
-- The bucket itself refuses other file types and anything over 5 MB (5 * 1024 * 1024 bytes).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('post-images', 'post-images', false, 5242880, array['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "Users can read their own post images"
  on storage.objects for select to authenticated
  using (bucket_id = 'post-images' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "Users can add post images to their own folder"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'post-images' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "Users can replace their own post images"
  on storage.objects for update to authenticated
  using (bucket_id = 'post-images' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'post-images' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "Users can delete their own post images"
  on storage.objects for delete to authenticated
  using (bucket_id = 'post-images' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- The post's image: its object name in the bucket (always in the author's own folder) and its
-- alt text, which LinkedIn shows to screen readers.
alter table public.posts
  add column image_path text
    check (char_length(image_path) <= 1024 and image_path like user_id::text || '/%'),
  add column image_alt text check (char_length(image_alt) <= 1000);

comment on column public.posts.image_path is
  'Object name in the post-images bucket (<user id>/<file>), or null for a post without an image.';
comment on column public.posts.image_alt is 'Alt text of the image (LinkedIn allows up to 1,000 characters).';
