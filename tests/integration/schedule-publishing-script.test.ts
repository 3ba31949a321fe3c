import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { projectRoot } from '../helpers/database-template.ts';
import { createHostedDatabase, type HostedDatabase } from '../helpers/hosted-database.ts';

// supabase/schedule-publishing.sql as a self-hoster runs it in the SQL editor (as `postgres`), on
// real PostgreSQL. The test cluster has neither Supabase Vault nor pg_cron, so this file creates
// stand-ins with the same signatures and the behaviour the script depends on: Vault refuses a
// second secret of the same name (its unique index on vault.secrets.name) and has update_secret;
// pg_cron (1.6 on Supabase) replaces the job of the same name and user. The script's
// `create extension` lines are left out (the extensions exist on every hosted project).

const standIns = `
  create schema vault;
  create table vault.secrets (
    id uuid primary key default gen_random_uuid(),
    name text,
    description text not null default '',
    secret text not null,
    key_id uuid,
    updated_at timestamptz not null default now()
  );
  create unique index secrets_name_idx on vault.secrets (name) where name is not null;
  create view vault.decrypted_secrets as
    select id, name, description, secret, secret as decrypted_secret, key_id, updated_at from vault.secrets;
  create function vault.create_secret(new_secret text, new_name text default null,
      new_description text default '', new_key_id uuid default null) returns uuid
  language sql security definer set search_path = '' as $$
    insert into vault.secrets (secret, name, description, key_id)
    values (new_secret, new_name, new_description, new_key_id) returning id
  $$;
  create function vault.update_secret(secret_id uuid, new_secret text default null, new_name text default null,
      new_description text default null, new_key_id uuid default null) returns void
  language sql security definer set search_path = '' as $$
    update vault.secrets
       set secret = coalesce(new_secret, secret), name = coalesce(new_name, name),
           description = coalesce(new_description, description), key_id = coalesce(new_key_id, key_id),
           updated_at = now()
     where id = secret_id
  $$;
  grant usage on schema vault to postgres;
  grant select on vault.secrets, vault.decrypted_secrets to postgres;
  grant execute on function vault.create_secret(text, text, text, uuid),
    vault.update_secret(uuid, text, text, text, uuid) to postgres;

  create schema cron;
  create table cron.job (
    jobid bigserial primary key,
    schedule text not null,
    command text not null,
    username text not null default current_user,
    jobname text,
    unique (jobname, username)
  );
  create function cron.schedule(job_name text, schedule text, command text) returns bigint
  language sql security definer set search_path = '' as $$
    insert into cron.job (jobname, schedule, command, username) values (job_name, schedule, command, session_user)
    on conflict (jobname, username) do update set schedule = excluded.schedule, command = excluded.command
    returning jobid
  $$;
  grant usage on schema cron to postgres;
  grant select on cron.job to postgres;
  grant execute on function cron.schedule(text, text, text) to postgres;
`;

let database: HostedDatabase;
beforeAll(async () => {
  database = await createHostedDatabase(inject('realPostgres'));
  await run('supabase_admin', standIns);
});
afterAll(() => database?.drop());

async function run<T extends pg.QueryResultRow>(user: 'supabase_admin' | 'postgres', sql: string) {
  const client = new pg.Client(database.connection(user));
  await client.connect();
  try {
    const results = (await client.query(sql)) as unknown as pg.QueryResult<T> | pg.QueryResult<T>[];
    return Array.isArray(results) ? (results.at(-1)?.rows ?? []) : results.rows;
  } finally {
    await client.end();
  }
}

const projectUrlPlaceholder = 'https://<project-ref>.supabase.co';
const secretKeyPlaceholder = '<sb_secret_… key>';

/** The script with the two values a self-hoster fills in. */
async function filledIn(projectUrl: string, secretKey: string): Promise<string> {
  const script = await readFile(path.join(projectRoot, 'supabase/schedule-publishing.sql'), 'utf8');
  expect(script).toContain(projectUrlPlaceholder);
  expect(script).toContain(secretKeyPlaceholder);
  return script
    .replace(/^create extension .*$/gm, '')
    .replace(projectUrlPlaceholder, projectUrl)
    .replace(secretKeyPlaceholder, secretKey);
}

describe('supabase/schedule-publishing.sql', () => {
  it('runs again without error, keeping one job and replacing the two secrets', async () => {
    // Random values made here: nothing key-shaped is written in the repository.
    const firstKey = randomBytes(16).toString('hex');
    const secondKey = randomBytes(16).toString('hex');
    await run('postgres', await filledIn('https://first.example.com', firstKey));
    await run('postgres', await filledIn('https://second.example.com', secondKey));

    const secrets = await run<{ name: string; decrypted_secret: string }>(
      'postgres',
      `select name, decrypted_secret from vault.decrypted_secrets order by name`,
    );
    expect(secrets).toEqual([
      { name: 'post_writer_project_url', decrypted_secret: 'https://second.example.com' },
      { name: 'post_writer_secret_key', decrypted_secret: secondKey },
    ]);
    const jobs = await run<{ jobname: string; schedule: string; command: string }>(
      'postgres',
      `select jobname, schedule, command from cron.job`,
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ jobname: 'publish-due-posts', schedule: '* * * * *' });
    expect(jobs[0]?.command).toContain('/functions/v1/api/linkedin/publish-due');
    expect(jobs[0]?.command).toContain(`name = 'post_writer_secret_key'`);
  });
});
