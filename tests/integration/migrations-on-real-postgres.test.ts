import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrationsDir } from '../helpers/database-template.ts';
import {
  applyMigrationsAsPostgres,
  createHostedDatabase,
  type HostedDatabase,
  type RealPostgres,
} from '../helpers/hosted-database.ts';

// `supabase db push` on a new hosted project: each migration file in its own transaction, as the
// non-superuser `postgres`, on top of what the platform set up. The same code applies them here
// as in the embedded server (server/embedded/db/apply-migrations.ts).

const created: HostedDatabase[] = [];
afterAll(async () => {
  await Promise.all(created.map((database) => database.drop()));
});

async function query<T extends pg.QueryResultRow>(
  database: HostedDatabase,
  sql: string,
  params: unknown[] = [],
) {
  const client = new pg.Client(database.connection());
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function newDatabase(server: RealPostgres = inject('realPostgres')): Promise<HostedDatabase> {
  const database = await createHostedDatabase(server);
  created.push(database);
  return database;
}

describe('the migrations on real PostgreSQL', () => {
  it('apply as the non-superuser postgres, one recorded entry per file, as supabase db push leaves them', async () => {
    const database = await newDatabase();
    const [postgres] = await query<{ rolsuper: boolean; rolbypassrls: boolean }>(
      database,
      `select rolsuper, rolbypassrls from pg_roles where rolname = 'postgres'`,
    );
    expect(postgres).toEqual({ rolsuper: false, rolbypassrls: true });

    const applied = await applyMigrationsAsPostgres(database);
    const files = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).sort();
    expect(applied.map((migration) => migration.file)).toEqual(files);

    const recorded = await query<{ version: string; name: string; statements: string[] }>(
      database,
      'select version, name, statements from supabase_migrations.schema_migrations order by version',
    );
    expect(recorded).toEqual(
      await Promise.all(
        files.map(async (file) => ({
          version: file.split('_')[0],
          name: file.replace(/^\d+_/, '').replace(/\.sql$/, ''),
          statements: [await readFile(path.join(migrationsDir, file), 'utf8')],
        })),
      ),
    );
    const owners = await query<{ owner: string }>(
      database,
      `select distinct pg_get_userbyid(relowner) as owner from pg_class where relnamespace = 'public'::regnamespace`,
    );
    expect(owners).toEqual([{ owner: 'postgres' }]);
    expect(await applyMigrationsAsPostgres(database)).toEqual([]);
  });

  it('roll a failing file back whole, keep the files before it, and refuse what needs a superuser', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
    try {
      await cp(migrationsDir, dir, { recursive: true });
      await writeFile(
        path.join(dir, '29991231235959_needs_a_superuser.sql'),
        `create table public.half_done (id int primary key);
         create event trigger not_allowed on ddl_command_end execute function pg_catalog.now();`,
      );
      const database = await newDatabase();
      await expect(applyMigrationsAsPostgres(database, dir)).rejects.toThrow(
        /29991231235959_needs_a_superuser\.sql failed: permission denied to create event trigger/,
      );
      const [state] = await query<{ half_done: string | null; recorded: string[] }>(
        database,
        `select to_regclass('public.half_done')::text as half_done,
                array(select version from supabase_migrations.schema_migrations order by version) as recorded`,
      );
      const earlier = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).sort();
      expect(state).toEqual({ half_done: null, recorded: earlier.map((file) => file.split('_')[0]) });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('run on PostgreSQL 17, the version hosted Supabase runs for new projects', () => {
    const { version } = inject('realPostgres');
    expect(version, version).toMatch(/PostgreSQL\) 17\./);
  });
});
