-- Posts that sound like their author: the author's own past posts (voice samples), the voice
-- profile derived from them, and the post preferences the generator and the post check follow.

------------------------------------------------------------------------------------------
-- profiles: post preferences and the voice profile
------------------------------------------------------------------------------------------
alter table public.profiles
  add column emoji_level text not null default 'few' check (emoji_level in ('none', 'few', 'any')),
  add column max_hashtags smallint not null default 3 check (max_hashtags between 0 and 5),
  add column end_with_question boolean not null default false,
  add column voice_profile jsonb
    check (jsonb_typeof(voice_profile) = 'object' and pg_column_size(voice_profile) <= 16384);

comment on column public.profiles.emoji_level is
  'How many emoji a generated post may have: none, a few (at most two), or as the author likes.';
comment on column public.profiles.max_hashtags is
  'The most hashtags a post should carry (0 to 5); the post check flags more.';
comment on column public.profiles.end_with_question is
  'Whether a generated post ends with a question to readers (off: it ends on a takeaway).';
comment on column public.profiles.voice_profile is
  'How the author writes, derived from their voice samples and edited by them; null without samples.';

------------------------------------------------------------------------------------------
-- voice_samples
------------------------------------------------------------------------------------------
create table public.voice_samples (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  content text not null check (char_length(content) between 40 and 5000),
  created_at timestamptz not null default now()
);

comment on table public.voice_samples is
  'Past posts the author pasted so drafts sound like them (3 to 10 per user). They are data for the prompt, never instructions.';

create index voice_samples_user_id_created_at_idx on public.voice_samples (user_id, created_at);

-- At most ten samples per user: a prompt with more would be long for no gain. The per-user lock
-- makes two concurrent inserts count one after the other.
create function private.limit_voice_samples() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext(new.user_id::text));
  if (select count(*) from public.voice_samples where user_id = new.user_id) >= 10 then
    raise exception 'A voice is learned from at most 10 samples'
      using errcode = 'check_violation';
  end if;
  return new;
end;
$$;

create trigger voice_samples_limit
  before insert on public.voice_samples
  for each row execute function private.limit_voice_samples();

alter table public.voice_samples enable row level security;

create policy "Users can read their own voice samples"
  on public.voice_samples for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy "Users can read their own voice samples" on public.voice_samples is
  'Samples are the author''s own writing and private to them.';

create policy "Users can add voice samples for themselves"
  on public.voice_samples for insert to authenticated
  with check (user_id = (select auth.uid()));
comment on policy "Users can add voice samples for themselves" on public.voice_samples is
  'A sample is always filed under the signed-in user.';

create policy "Users can update their own voice samples"
  on public.voice_samples for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
comment on policy "Users can update their own voice samples" on public.voice_samples is
  'Editing a sample cannot hand it to another user.';

create policy "Users can delete their own voice samples"
  on public.voice_samples for delete to authenticated
  using (user_id = (select auth.uid()));
comment on policy "Users can delete their own voice samples" on public.voice_samples is
  'Only the author removes their samples.';

-- Exactly the Data API privileges the policies are written for (decision 010): a project's
-- defaults would also give TRUNCATE, REFERENCES and TRIGGER to every API role.
revoke all on table public.voice_samples from anon, authenticated, service_role;
grant select, insert, update, delete on public.voice_samples to authenticated;
