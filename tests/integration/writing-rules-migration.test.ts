import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrationsDir } from '../helpers/database-template.ts';
import {
  applyMigrationsAsPostgres,
  createHostedDatabase,
  type HostedDatabase,
} from '../helpers/hosted-database.ts';

// docs/decisions/024-writing-rules.md: on a database with authors, the migration that lets the
// writing rules follow the samples turns a stored old default into "follow my posts" (null) and
// keeps every value an author chose.

const migration = '20261129000100_writing_rules_follow_samples.sql';
const created: HostedDatabase[] = [];
afterAll(async () => {
  await Promise.all(created.map((database) => database.drop()));
});

async function withClient<T>(database: HostedDatabase, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(database.connection());
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

describe(`the migration ${migration}`, () => {
  it('turns the old defaults into "follow my posts" and keeps what authors chose', async () => {
    const database = await createHostedDatabase(inject('realPostgres'));
    created.push(database);
    const before = await mkdtemp(path.join(tmpdir(), 'migrations-before-'));
    try {
      const files = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).sort();
      expect(files).toContain(migration);
      for (const file of files.filter((name) => name < migration))
        await cp(path.join(migrationsDir, file), path.join(before, file));
      await applyMigrationsAsPostgres(database, before);
    } finally {
      await rm(before, { recursive: true, force: true });
    }

    const [defaulted, chosen] = [
      '00000000-0000-4000-8000-000000000001',
      '00000000-0000-4000-8000-000000000002',
    ];
    await withClient(database, async (client) => {
      await client.query(
        `insert into auth.users (id, email) values ($1, 'a@example.com'), ($2, 'b@example.com')`,
        [defaulted, chosen],
      );
      // The first author never touched the preferences: the columns' defaults.
      await client.query(`insert into public.profiles (id, full_name) values ($1, 'Default Dana')`, [
        defaulted,
      ]);
      await client.query(
        `insert into public.profiles (id, full_name, language_preference, emoji_level, max_hashtags, end_with_question)
         values ($1, 'Chosen Chris', 'en-GB', 'none', 5, true)`,
        [chosen],
      );
    });

    const applied = await applyMigrationsAsPostgres(database);
    expect(applied[0]).toMatchObject({ file: migration });

    const rows = await withClient(
      database,
      async (client) =>
        (
          await client.query(
            `select full_name, language_preference, emoji_level, max_hashtags, end_with_question,
                  list_style, paragraph_style, dash_style
             from public.profiles order by full_name`,
          )
        ).rows,
    );
    expect(rows).toEqual([
      {
        full_name: 'Chosen Chris',
        language_preference: 'en-GB',
        emoji_level: 'none',
        max_hashtags: 5,
        end_with_question: true,
        list_style: null,
        paragraph_style: null,
        dash_style: null,
      },
      {
        full_name: 'Default Dana',
        language_preference: null,
        emoji_level: null,
        max_hashtags: null,
        end_with_question: null,
        list_style: null,
        paragraph_style: null,
        dash_style: null,
      },
    ]);
    // A new profile leaves every rule to the samples, and the new columns keep to their values.
    await withClient(database, async (client) => {
      await client.query(`insert into auth.users (id, email) values (gen_random_uuid(), 'c@example.com')`);
      const [fresh] = (
        await client.query(
          `insert into public.profiles (id) select id from auth.users where email = 'c@example.com'
           returning language_preference, emoji_level, max_hashtags, end_with_question`,
        )
      ).rows;
      expect(fresh).toEqual({
        language_preference: null,
        emoji_level: null,
        max_hashtags: null,
        end_with_question: null,
      });
      await expect(
        client.query(`update public.profiles set list_style = 'stars' where full_name = 'Default Dana'`),
      ).rejects.toThrow(/list_style_check/);
    });
  });
});
