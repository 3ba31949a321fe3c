-- Past posts kept from the LinkedIn archive (docs/decisions/023) count in the ideas bank as a saved
-- post does: each post's topic is used once more, created if new. One statement for the whole
-- import, so two thousand posts are one request and either all count or none.
create function public.record_topic_uses(topics text[])
returns setof public.topic_ideas
language sql
security invoker
set search_path = ''
as $$
  insert into public.topic_ideas (user_id, topic, used_count)
  select auth.uid(), used.topic, count(*)::integer
    from unnest(record_topic_uses.topics) as used (topic)
   group by used.topic
  on conflict on constraint topic_ideas_user_id_topic_key
    do update set used_count = public.topic_ideas.used_count + excluded.used_count
  returning *;
$$;

comment on function public.record_topic_uses(text[]) is
  'Called after past posts are kept from an archive: each topic counted once more per post, created if new.';

revoke execute on function public.record_topic_uses(text[]) from public, anon;
grant execute on function public.record_topic_uses(text[]) to authenticated;
