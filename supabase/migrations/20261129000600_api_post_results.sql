-- Post results from LinkedIn's API (issue 28, docs/decisions/028-post-results.md): the /api route
-- "Refresh from LinkedIn" reads memberCreatorPostAnalytics for the user's posts published through
-- the app, with the user's stored LinkedIn token, and stores them here with the secret key. Both
-- functions name the user explicitly and are for service_role only.

-- The user's posts the app published (with their LinkedIn link), and when the API last read each.
create function public.api_results_posts(p_user_id uuid)
returns table (post_id uuid, linkedin_post_url text, published_at timestamptz, api_read_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select posts.id, posts.linkedin_post_url, posts.published_at,
         case when results.source = 'api' then results.read_at end
    from public.posts
    left join public.post_results as results on results.post_id = posts.id
   where posts.user_id = p_user_id
     and posts.publish_status = 'published'
     and posts.linkedin_post_url is not null
     and posts.published_at is not null
   order by posts.published_at desc;
$$;

-- One statement for every post read (all or none); a figure the API did not give keeps its value.
create function public.store_api_post_results(p_user_id uuid, results jsonb)
returns integer
language sql
security definer
set search_path = ''
as $$
  with stored as (
    insert into public.post_results as kept
      (post_id, user_id, impressions, members_reached, reactions, comments, reshares, engagements, source, read_at)
    select result.post_id, p_user_id, result.impressions, result.members_reached, result.reactions,
           result.comments, result.reshares, result.engagements, 'api', result.read_at
      from jsonb_to_recordset(store_api_post_results.results) as result (
        post_id uuid, impressions integer, members_reached integer, reactions integer, comments integer,
        reshares integer, engagements integer, read_at timestamptz
      )
      join public.posts on posts.id = result.post_id and posts.user_id = p_user_id
    on conflict (post_id) do update set
      impressions = coalesce(excluded.impressions, kept.impressions),
      members_reached = coalesce(excluded.members_reached, kept.members_reached),
      reactions = coalesce(excluded.reactions, kept.reactions),
      comments = coalesce(excluded.comments, kept.comments),
      reshares = coalesce(excluded.reshares, kept.reshares),
      engagements = coalesce(excluded.engagements, kept.engagements),
      source = excluded.source,
      read_at = excluded.read_at,
      updated_at = now()
    returning 1
  )
  select count(*)::integer from stored;
$$;

revoke execute on function public.api_results_posts(uuid) from public, anon, authenticated;
revoke execute on function public.store_api_post_results(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.api_results_posts(uuid) to service_role;
grant execute on function public.store_api_post_results(uuid, jsonb) to service_role;
