-- Publishing planned posts on hosted Supabase: pg_cron calls the api function's
-- /linkedin/publish-due entry every minute through pg_net (Supabase's documented way to schedule
-- an Edge Function; docs/decisions/016). The embedded server (`npm start`) does the same with an
-- in-process timer, so nothing here is needed there.
--
-- Run once in the project's SQL editor after `supabase db push` and `supabase functions deploy api`,
-- with the two values filled in (Project Settings → API Keys). They are kept in Vault, not here.
-- This is not a migration: it names one project's URL and secret key.

create extension if not exists pg_cron;
create extension if not exists pg_net;

select vault.create_secret('https://<project-ref>.supabase.co', 'post_writer_project_url');
select vault.create_secret('<sb_secret_… key>', 'post_writer_secret_key');

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

-- To stop it: select cron.unschedule('publish-due-posts');
