-- posts.calendar_at is NOT NULL and set by the trigger posts_publish_state on every insert and update
-- (published, else planned, else created). It had no default, so the schema said an insert must send
-- it, and the generated types (src/lib/supabase/database.types.ts) required it of every insert that
-- the app makes without it. The default is what the trigger computes for a new row that is neither
-- planned nor published (its creation time); the trigger still overwrites whatever the row holds.
alter table public.posts alter column calendar_at set default now();
