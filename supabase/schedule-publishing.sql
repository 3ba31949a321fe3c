-- Publishing planned posts on hosted Supabase: pg_cron calls the api function's
-- /linkedin/publish-due entry every minute through pg_net (Supabase's documented way to schedule
-- an Edge Function; docs/decisions/016). After publishing, the same call reads due posts' results
-- from LinkedIn for members who granted the analytics permission (docs/decisions/028). The embedded server (`npm start`) does the same with an
-- in-process timer, so nothing here is needed there.
--
-- Run it in the project's SQL editor after `supabase db push` and `supabase functions deploy api`,
-- with the two values filled in (Project Settings → API Keys). They are kept in Vault, not here.
-- This is not a migration: it names one project's URL and secret key.
--
-- The key: any of the project's secret keys (`sb_secret_…`) works, whatever its name: the api function
-- accepts every key in SUPABASE_SECRET_KEYS, and the legacy service_role key while the project has
-- one. A key made just for this (API Keys → "Add new secret key") can be rolled without touching
-- anything else (if a key just added is refused, deploy the function again so that it sees it).
-- The publishable key is refused.
--
-- Safe to run again, e.g. with a new key: the two secrets are replaced and the job is re-scheduled
-- under the same name. If the key is wrong, every call is refused, and the app says "Scheduled
-- publishing is failing" once a planned post is a few minutes late; the refusals (401) are also in
-- net._http_response.

create extension if not exists pg_cron;
create extension if not exists pg_net;

-- vault.create_secret refuses a name that exists, so an existing secret is updated instead.
do $$
declare
  wanted record;
  existing uuid;
begin
  for wanted in
    select * from (values
      ('post_writer_project_url', 'https://<project-ref>.supabase.co'),
      ('post_writer_secret_key', '<sb_secret_… key>')
    ) as secret (name, value)
  loop
    select id into existing from vault.decrypted_secrets where name = wanted.name;
    if existing is null then
      perform vault.create_secret(wanted.value, wanted.name);
    else
      perform vault.update_secret(existing, wanted.value);
    end if;
  end loop;
end
$$;

-- pg_cron (1.6 on Supabase; named jobs since 1.3) replaces the job of the same name and user, so
-- running this again changes the job rather than adding a second one.
select cron.schedule(
  'publish-due-posts',
  '* * * * *',
  $$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'post_writer_project_url')
           || '/functions/v1/api/linkedin/publish-due',
    headers := jsonb_build_object(
      'content-type', 'application/json',
      'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'post_writer_secret_key')
    ),
    body := '{}'::jsonb,
    timeout_milliseconds := 55000
  );
  $$
);

-- What the last calls got back (a 401 means the key above is not one of the project's secret keys):
--   select status_code, content, created from net._http_response order by created desc limit 5;
-- To stop it: select cron.unschedule('publish-due-posts');
