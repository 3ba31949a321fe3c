-- Initial schema of the AI post writer: profiles, posts and topic ideas.
-- Every table has row-level security; each user reads and writes only their own rows.
-- New Supabase projects no longer expose tables to the Data API by default, so the grants
-- to `authenticated` are written out next to the policies. `anon` gets nothing.

-- Helpers that must not be callable through the API live outside `public`.
create schema if not exists private;

-- Keeps updated_at honest even when a client forgets to send it.
create function private.set_updated_at() returns trigger
language plpgsql
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

------------------------------------------------------------------------------------------
-- profiles
------------------------------------------------------------------------------------------
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  full_name text check (char_length(full_name) <= 120),
  company text check (char_length(company) <= 120),
  website text check (char_length(website) <= 2048),
  about_me text check (char_length(about_me) <= 4000),
  industry text check (char_length(industry) <= 120),
  writing_style text check (char_length(writing_style) <= 100),
  role text check (char_length(role) <= 100),
  ai_engine text not null default 'groq' check (ai_engine in ('groq', 'anthropic')),
  ai_model text check (char_length(ai_model) <= 200),
  language_preference text not null default 'en-US' check (language_preference in ('en-US', 'en-GB')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.profiles is
  'One row per user (id = auth user id): who they are, how they write, and which AI engine and model they use. No row yet means the user has not finished onboarding.';

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();

alter table public.profiles enable row level security;

create policy "Users can read their own profile"
  on public.profiles for select to authenticated
  using (id = (select auth.uid()));
comment on policy "Users can read their own profile" on public.profiles is
  'A profile is private to its owner.';

create policy "Users can create their own profile"
  on public.profiles for insert to authenticated
  with check (id = (select auth.uid()));
comment on policy "Users can create their own profile" on public.profiles is
  'Onboarding inserts the row whose id is the signed-in user''s id, and no other.';

create policy "Users can update their own profile"
  on public.profiles for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));
comment on policy "Users can update their own profile" on public.profiles is
  'Settings may change every field of the own row but cannot move it to another id.';

create policy "Users can delete their own profile"
  on public.profiles for delete to authenticated
  using (id = (select auth.uid()));
comment on policy "Users can delete their own profile" on public.profiles is
  'Deleting the profile sends the user back through onboarding; nobody can delete another''s.';

grant select, insert, update, delete on public.profiles to authenticated;

------------------------------------------------------------------------------------------
-- posts
------------------------------------------------------------------------------------------
create table public.posts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  topic text not null check (char_length(topic) between 1 and 1000),
  content text not null check (char_length(content) between 1 and 20000),
  is_published boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.posts is
  'Saved posts. is_published is false on creation and toggled by the user; created_at places the post on the calendar.';

-- Saved Posts and the calendar list one user's posts newest first.
create index posts_user_id_created_at_idx on public.posts (user_id, created_at desc);

create trigger posts_set_updated_at
  before update on public.posts
  for each row execute function private.set_updated_at();

alter table public.posts enable row level security;

create policy "Users can read their own posts"
  on public.posts for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy "Users can read their own posts" on public.posts is
  'Posts are private drafts until the user publishes them elsewhere.';

create policy "Users can create posts for themselves"
  on public.posts for insert to authenticated
  with check (user_id = (select auth.uid()));
comment on policy "Users can create posts for themselves" on public.posts is
  'A post can only be saved under the signed-in user''s id (the column defaults to it).';

create policy "Users can update their own posts"
  on public.posts for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
comment on policy "Users can update their own posts" on public.posts is
  'Editing and publish toggles touch only the own posts, which cannot be handed to another user.';

create policy "Users can delete their own posts"
  on public.posts for delete to authenticated
  using (user_id = (select auth.uid()));
comment on policy "Users can delete their own posts" on public.posts is
  'Only the author can delete a post.';

grant select, insert, update, delete on public.posts to authenticated;

------------------------------------------------------------------------------------------
-- topic_ideas
------------------------------------------------------------------------------------------
create table public.topic_ideas (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  topic text not null check (char_length(topic) between 1 and 1000),
  used_count integer not null default 0 check (used_count >= 0),
  created_at timestamptz not null default now(),
  constraint topic_ideas_user_id_topic_key unique (user_id, topic)
);

comment on table public.topic_ideas is
  'The ideas bank: topics a user has written about or saved, with how often each was used. One row per topic per user.';

create index topic_ideas_user_id_created_at_idx on public.topic_ideas (user_id, created_at desc);

alter table public.topic_ideas enable row level security;

create policy "Users can read their own topic ideas"
  on public.topic_ideas for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy "Users can read their own topic ideas" on public.topic_ideas is
  'The ideas bank is private to its owner.';

create policy "Users can add topic ideas for themselves"
  on public.topic_ideas for insert to authenticated
  with check (user_id = (select auth.uid()));
comment on policy "Users can add topic ideas for themselves" on public.topic_ideas is
  'New ideas are always filed under the signed-in user.';

create policy "Users can update their own topic ideas"
  on public.topic_ideas for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
comment on policy "Users can update their own topic ideas" on public.topic_ideas is
  'Usage counts change only on the own ideas.';

create policy "Users can delete their own topic ideas"
  on public.topic_ideas for delete to authenticated
  using (user_id = (select auth.uid()));
comment on policy "Users can delete their own topic ideas" on public.topic_ideas is
  'Only the owner can remove an idea from the bank.';

grant select, insert, update, delete on public.topic_ideas to authenticated;
