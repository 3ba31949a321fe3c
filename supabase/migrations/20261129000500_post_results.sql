-- Post results (issue 28, docs/decisions/028-post-results.md): what LinkedIn counted for a post,
-- one row per post whatever the source (the member's analytics export, or LinkedIn's API for posts
-- published through the app). A source that fails changes nothing: the last results stay.
create table public.post_results (
  post_id uuid primary key references public.posts (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  impressions integer check (impressions >= 0),
  members_reached integer check (members_reached >= 0),
  reactions integer check (reactions >= 0),
  comments integer check (comments >= 0),
  reshares integer check (reshares >= 0),
  engagements integer check (engagements >= 0),
  source text not null check (source in ('export', 'api')),
  read_at timestamptz not null,
  updated_at timestamptz not null default now()
);

comment on table public.post_results is
  'What LinkedIn counted for a post of the author: the latest reading of each figure, from the analytics export or the API.';
comment on column public.post_results.impressions is 'Times the post was shown (LinkedIn''s estimate).';
comment on column public.post_results.members_reached is 'Members the post was shown to at least once (unique views).';
comment on column public.post_results.engagements is
  'Reactions, comments and reposts together, as LinkedIn''s export gives them when it has no breakdown.';
comment on column public.post_results.source is 'Where the latest figures came from: export or api.';
comment on column public.post_results.read_at is 'When the figures were read (the import, or the API call).';

create index post_results_user_id_idx on public.post_results (user_id);

alter table public.post_results enable row level security;

create policy "Users can read their own post results"
  on public.post_results for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy "Users can read their own post results" on public.post_results is
  'Results are private to the author of the post.';

create policy "Users can add results to their own posts"
  on public.post_results for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.posts where posts.id = post_id and posts.user_id = (select auth.uid()))
  );
comment on policy "Users can add results to their own posts" on public.post_results is
  'Results are filed under the signed-in user, and only for a post of theirs.';

create policy "Users can update results of their own posts"
  on public.post_results for update to authenticated
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.posts where posts.id = post_id and posts.user_id = (select auth.uid()))
  );
comment on policy "Users can update results of their own posts" on public.post_results is
  'Updating results cannot hand them, or move them, to another user''s post.';

create policy "Users can delete results of their own posts"
  on public.post_results for delete to authenticated
  using (user_id = (select auth.uid()));
comment on policy "Users can delete results of their own posts" on public.post_results is
  'Only the author removes their results.';

revoke all on table public.post_results from anon, authenticated, service_role;
grant select, insert, update, delete on public.post_results to authenticated;

-- One import is one statement: every matched row is stored, or none (a refused row, a post that is
-- not the caller's, fails the whole import). A figure the import does not have (the export has no
-- breakdown of engagements) keeps its last value. Runs as the caller, under row-level security.
create function public.import_post_results(results jsonb)
returns integer
language sql
security invoker
set search_path = ''
as $$
  with stored as (
    insert into public.post_results as kept
      (post_id, user_id, impressions, members_reached, reactions, comments, reshares, engagements, source, read_at)
    select result.post_id, auth.uid(), result.impressions, result.members_reached, result.reactions,
           result.comments, result.reshares, result.engagements, result.source, result.read_at
      from jsonb_to_recordset(import_post_results.results) as result (
        post_id uuid, impressions integer, members_reached integer, reactions integer, comments integer,
        reshares integer, engagements integer, source text, read_at timestamptz
      )
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

comment on function public.import_post_results(jsonb) is
  'Stores the results of the caller''s posts in one statement (all or none); a figure left out keeps its last value. Returns how many posts were stored.';

revoke execute on function public.import_post_results(jsonb) from public, anon;
grant execute on function public.import_post_results(jsonb) to authenticated;
