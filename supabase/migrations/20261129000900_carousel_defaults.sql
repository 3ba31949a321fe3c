-- Carousel defaults in Settings (issue 29): the author's brand colour, which the "Brand colour"
-- theme draws with, and the theme and format a new carousel starts with. Null in any of them is
-- the house default (light, portrait 4:5, LinkedIn's blue #0a66c2). The columns are the profile's
-- own: the profiles policies (the owner reads and writes their row) and grants cover them as they are.
alter table public.profiles
  add column brand_color text check (brand_color ~ '^#[0-9a-fA-F]{6}$'),
  add column carousel_theme text check (carousel_theme in ('light', 'dark', 'brand')),
  add column carousel_format text check (carousel_format in ('4:5', 'square'));

comment on column public.profiles.brand_color is
  'The author''s brand colour, #rrggbb (the app writes it in lower case), for the carousel''s brand theme; null is #0a66c2.';
comment on column public.profiles.carousel_theme is
  'The theme a new carousel starts with (light, dark, brand); null is light.';
comment on column public.profiles.carousel_format is
  'The format a new carousel starts with (4:5 portrait or square); null is 4:5.';
