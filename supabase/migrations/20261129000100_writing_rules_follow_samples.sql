-- The author's voice wins (docs/decisions/024-writing-rules.md). Each writing rule is the author's
-- choice in Settings, else what their voice samples show, else the house default; null in a column
-- below is "no choice: follow my posts". The four post preferences had NOT NULL defaults, so every
-- profile held the house default as if the author had chosen it, and it overruled their samples
-- (American English for a British author, "not on a question" for one who always asks one). A
-- value equal to the old default cannot be told apart from a choice, so it becomes "follow my
-- posts"; any other value was chosen and stays.
alter table public.profiles
  alter column language_preference drop not null,
  alter column language_preference drop default,
  alter column emoji_level drop not null,
  alter column emoji_level drop default,
  alter column max_hashtags drop not null,
  alter column max_hashtags drop default,
  alter column end_with_question drop not null,
  alter column end_with_question drop default,
  add column list_style text check (list_style in ('arrow', 'bullet', 'number', 'emoji', 'none')),
  add column paragraph_style text check (paragraph_style in ('single-line', 'varied')),
  add column dash_style text check (dash_style in ('use', 'avoid'));

update public.profiles set language_preference = null where language_preference = 'en-US';
update public.profiles set emoji_level = null where emoji_level = 'few';
update public.profiles set max_hashtags = null where max_hashtags = 3;
update public.profiles set end_with_question = null where end_with_question = false;

comment on column public.profiles.language_preference is
  'The English a post is written in (en-US or en-GB); null follows the voice samples, else en-US.';
comment on column public.profiles.emoji_level is
  'How many emoji a post may have (none, few, any); null follows the voice samples, else a few.';
comment on column public.profiles.max_hashtags is
  'The most hashtags a post carries (0 to 5); null follows the voice samples, else 3.';
comment on column public.profiles.end_with_question is
  'Whether a post ends with a question to readers; null follows the voice samples, else it does not.';
comment on column public.profiles.list_style is
  'How lists are marked (arrow, bullet, number, emoji, none); null follows the voice samples, else numbers.';
comment on column public.profiles.paragraph_style is
  'single-line or varied paragraphs; null follows the voice samples, else varied.';
comment on column public.profiles.dash_style is
  'Whether dashes may join clauses (use) or not (avoid); null follows the voice samples, else avoid.';
