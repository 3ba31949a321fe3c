-- Past posts kept from the LinkedIn archive (docs/decisions/023). Each batch of posts is inserted
-- and its topics counted in the ideas bank in one statement, as saving a post counts its topic:
-- a batch is either stored and counted or neither, so an import that fails part-way never leaves
-- a kept post uncounted, and one kept again counts only what it adds. Both run as the caller,
-- under row-level security.
create function public.keep_history_posts(posts jsonb)
returns table (id uuid, kept_at timestamptz)
language sql
security invoker
set search_path = ''
as $$
  with added as (
    insert into public.posts (id, user_id, topic, content, is_published, created_at)
    select post.id, auth.uid(), post.topic, post.content, true, post.created_at
      from jsonb_to_recordset(keep_history_posts.posts)
           as post (id uuid, topic text, content text, created_at timestamptz)
    on conflict (id) do nothing
    returning id, topic
  ),
  counted as (
    insert into public.topic_ideas (user_id, topic, used_count)
    select auth.uid(), added.topic, count(*)::integer from added group by added.topic
    on conflict on constraint topic_ideas_user_id_topic_key
      do update set used_count = public.topic_ideas.used_count + excluded.used_count
  )
  select added.id, now() from added;
$$;

comment on function public.keep_history_posts(jsonb) is
  'Inserts past posts as published (those already there are skipped) and counts the topics of the added ones; returns their ids and the transaction''s time.';

-- Undoes keep_history_posts for the given posts of the caller, in one transaction: deletes them and
-- takes their counts back from the ideas bank, removing an idea of theirs created since `since` (the
-- import's start) that is left unused.
create function public.forget_history_posts(ids uuid[], since timestamptz)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  topics text[];
begin
  with gone as (
    delete from public.posts where id = any (forget_history_posts.ids) returning topic
  )
  select coalesce(array_agg(topic), '{}') into topics from gone;
  update public.topic_ideas as idea
     set used_count = greatest(idea.used_count - taken.uses, 0)
    from (select topic, count(*)::integer as uses from unnest(topics) as topic group by topic) as taken
   where idea.user_id = auth.uid() and idea.topic = taken.topic;
  delete from public.topic_ideas
   where user_id = auth.uid() and topic = any (topics) and used_count = 0
     and created_at >= forget_history_posts.since;
end;
$$;

comment on function public.forget_history_posts(uuid[], timestamptz) is
  'Deletes the caller''s given posts and takes their topics'' counts back; ideas created since `since` and left unused go too.';

revoke execute on function public.keep_history_posts(jsonb) from public, anon;
grant execute on function public.keep_history_posts(jsonb) to authenticated;
revoke execute on function public.forget_history_posts(uuid[], timestamptz) from public, anon;
grant execute on function public.forget_history_posts(uuid[], timestamptz) to authenticated;
