import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../server/embedded/db/database.ts';
import { engines, type MigratedDatabase } from '../helpers/migrated-databases.ts';

// What a new hosted Supabase project grants (since 30 May 2026 for new projects, 30 October 2026
// for all: docs/decisions/010), checked on the embedded bootstrap and on the hosted-like one.

const appTables = ['post_results', 'posting_schedules', 'posts', 'profiles', 'topic_ideas', 'voice_samples'];
const apiRoles = ['anon', 'authenticated', 'service_role'];

class RollBack extends Error {}

/** Runs `work` in a transaction that is always rolled back, and returns what it returned. */
async function inRolledBackTransaction<T>(database: MigratedDatabase, work: (tx: Transaction) => Promise<T>) {
  let result: T | undefined;
  await database.db
    .transaction(async (tx) => {
      result = await work(tx);
      throw new RollBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RollBack)) throw error;
    });
  return result as T;
}

describe.each(engines)('grants on $name', ({ open }) => {
  let database: MigratedDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.close());

  async function tablePrivileges(grantee: string): Promise<string[]> {
    const { rows } = await database.db.query<{ grant: string }>(
      `select table_name || ' ' || privilege_type as grant from information_schema.role_table_grants
        where table_schema = 'public' and grantee = $1 order by 1`,
      [grantee],
    );
    return rows.map((row) => row.grant);
  }

  it('exposes a new table in public to no API role until a migration grants it', async () => {
    const reachable = await inRolledBackTransaction(database, async (tx) => {
      // Migrations run as postgres, here (the embedded superuser) and on hosted (db push).
      await tx.exec(`set local role postgres; create table public.grants_probe (id int primary key);
                     create sequence public.grants_probe_seq;`);
      const { rows } = await tx.query<{ role: string; privilege: string }>(
        `select role, privilege from unnest($1::text[]) role,
                unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE']) privilege
          where has_table_privilege(role, 'public.grants_probe', privilege)
         union all
         select role, 'USAGE' from unnest($1::text[]) role
          where has_sequence_privilege(role, 'public.grants_probe_seq', 'USAGE')`,
        [apiRoles],
      );
      return rows;
    });
    expect(reachable).toEqual([]);
  });

  it('leaves a new function in public executable through PUBLIC, as Postgres does, unless revoked', async () => {
    const callable = await inRolledBackTransaction(database, async (tx) => {
      await tx.exec(`set local role postgres;
        create function public.grants_probe() returns int language sql set search_path = '' as 'select 1';
        create function public.grants_probe_private() returns int language sql set search_path = '' as 'select 1';
        revoke execute on function public.grants_probe_private() from public;`);
      const { rows } = await tx.query<{ fn: string; role: string }>(
        `select fn, role from unnest(array['public.grants_probe()', 'public.grants_probe_private()']) fn,
                unnest($1::text[]) role
          where has_function_privilege(role, fn, 'EXECUTE') order by 1, 2`,
        [apiRoles],
      );
      return rows.map((row) => `${row.fn} ${row.role}`);
    });
    expect(callable).toEqual(apiRoles.map((role) => `public.grants_probe() ${role}`));
  });

  it('grants anon nothing on any table in public', async () => {
    expect(await tablePrivileges('anon')).toEqual([]);
  });

  it('grants authenticated exactly select, insert, update and delete on the app tables', async () => {
    expect(await tablePrivileges('authenticated')).toEqual(
      appTables.flatMap((table) =>
        ['DELETE', 'INSERT', 'SELECT', 'UPDATE'].map((privilege) => `${table} ${privilege}`),
      ),
    );
  });

  it('lets no API user call a function that takes a limit or a window (decision 012)', async () => {
    // The browser holds anon's and authenticated's credentials: a limit it could pass is no limit.
    const { rows } = await database.db.query<{ fn: string }>(
      `select p.oid::regprocedure::text as fn from pg_proc p
        where p.pronamespace = 'public'::regnamespace
          and p.proargnames && array['request_limit', 'window_seconds']
          and (has_function_privilege('anon', p.oid, 'EXECUTE')
               or has_function_privilege('authenticated', p.oid, 'EXECUTE'))
        order by 1`,
    );
    expect(rows.map((row) => row.fn)).toEqual([]);
  });

  it('grants service_role nothing on the app tables (nothing server-side needs them)', async () => {
    expect(await tablePrivileges('service_role')).toEqual([]);
  });
});
