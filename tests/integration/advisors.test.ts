import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advisorChecks, runAdvisorChecks, type AdvisorFinding } from '../helpers/advisor-checks.ts';
import { engines, type MigratedDatabase } from '../helpers/migrated-databases.ts';

/**
 * Findings that are deliberate, by key, each with the reason. Supabase's dashboard lets a finding
 * be dismissed the same way; here the reason is reviewed with the migration that causes it.
 */
const acknowledged: Record<string, string> = {
  authenticated_security_definer_function_executable_public_session_is_live_:
    "Whether the caller's own session still exists: the /api LinkedIn routes ask it with the user token " +
    'through /rest/v1/rpc, and row-level security on posts and post images asks it too. It takes no ' +
    'argument and reveals nothing but that one yes or no (decision 019).',
  rls_enabled_no_policy_private_ai_quota_buckets:
    'Quota buckets are reached only through the security-definer quota functions; no role is meant to ' +
    'read or write them directly, so row-level security with no policy is the lock (decision 012).',
  rls_enabled_no_policy_private_linkedin_connections:
    'LinkedIn tokens are read and written only by the security-definer functions the /api publisher ' +
    'calls with the secret key; no role reads the table, so no policy is the lock (decision 016).',
  rls_enabled_no_policy_private_linkedin_oauth_states:
    'Pending LinkedIn sign-ins are used only by the security-definer connect functions (decision 016).',
  authenticated_security_definer_function_executable_public_scheduled_publishing_last_run_:
    'The app asks when scheduled publishing last reached the server, to say so when it stops (decision 016). ' +
    'It takes nothing and answers one time, the same for every user; the table it reads is in the ' +
    'unexposed private schema, and only the secret key can record a run.',
  rls_enabled_no_policy_private_scheduled_publishing_runs:
    'Scheduled-run times are read and written only through the two security-definer functions (decision 016).',
};

/** Objects that each set off one advisor check (created in a transaction that is rolled back). */
const defects = `
  create table public.advisor_open (id int primary key);
  grant select on public.advisor_open to anon;
  create table public.advisor_policy_only (id int primary key, owner uuid);
  create policy "policy without rls" on public.advisor_policy_only for select to authenticated
    using (owner = (select auth.uid()));
  create view public.advisor_definer_view as select id from public.advisor_open;
  grant select on public.advisor_definer_view to anon;
  create view public.advisor_users as select id, email from auth.users;
  grant select on public.advisor_users to authenticated;
  create table public.advisor_guarded (id int primary key, owner uuid, note text);
  create index advisor_guarded_id_copy on public.advisor_guarded (id);
  create index advisor_guarded_id_again on public.advisor_guarded (id);
  alter table public.advisor_guarded enable row level security;
  create policy "reads metadata" on public.advisor_guarded for select to authenticated
    using ((auth.jwt() -> 'user_metadata' ->> 'role') = 'admin');
  create policy "reads own" on public.advisor_guarded for select to authenticated using (owner = auth.uid());
  create policy "updates anything" on public.advisor_guarded for update to authenticated using (true);
  create table public.advisor_by_email (email text references auth.users (email));
  create function public.advisor_mutable() returns int language sql as 'select 1';
  create function public.advisor_definer() returns int language sql security definer set search_path = ''
    as 'select 1';
  alter extension pgcrypto set schema public;
  create materialized view public.advisor_matview as select 1 as x;
  grant select on public.advisor_matview to anon;
  create foreign data wrapper advisor_wrapper;
  create server advisor_server foreign data wrapper advisor_wrapper;
  create foreign table public.advisor_foreign (x int) server advisor_server;
  grant select on public.advisor_foreign to authenticated;
  create table public.advisor_reg (id int primary key, handler regproc);
  create table private.advisor_locked (id int primary key);
  alter table private.advisor_locked enable row level security;
  create table private.advisor_child (id int primary key, parent int references private.advisor_locked (id));
`;

/** What `defects` must set off: one finding key per check (others may come along). */
const expectedKeys: Record<string, string> = {
  table_without_rls_in_exposed_schema: 'table_without_rls_in_exposed_schema_public_advisor_open',
  rls_disabled_in_public: 'rls_disabled_in_public_public_advisor_open',
  policy_exists_rls_disabled: 'policy_exists_rls_disabled_public_advisor_policy_only',
  security_definer_view: 'security_definer_view_public_advisor_definer_view',
  auth_users_exposed: 'auth_users_exposed_public_advisor_users',
  rls_references_user_metadata: 'rls_references_user_metadata_public_advisor_guarded_reads metadata',
  fkey_to_auth_unique: 'fkey_to_auth_unique_public_advisor_by_email_advisor_by_email_email_fkey',
  function_search_path_mutable: 'function_search_path_mutable_public_advisor_mutable_',
  extension_in_public: 'extension_in_public_pgcrypto',
  materialized_view_in_api: 'materialized_view_in_api_public_advisor_matview',
  foreign_table_in_api: 'foreign_table_in_api_public_advisor_foreign',
  unsupported_reg_types: 'unsupported_reg_types_public_advisor_reg_handler',
  rls_policy_always_true: 'rls_policy_always_true_public_advisor_guarded_updates anything',
  anon_security_definer_function_executable:
    'anon_security_definer_function_executable_public_advisor_definer_',
  authenticated_security_definer_function_executable:
    'authenticated_security_definer_function_executable_public_advisor_definer_',
  rls_enabled_no_policy: 'rls_enabled_no_policy_private_advisor_locked',
  unindexed_foreign_keys: 'unindexed_foreign_keys_private_advisor_child_advisor_child_parent_fkey',
  auth_rls_initplan: 'auth_rls_init_plan_public_advisor_guarded_reads own',
  no_primary_key: 'no_primary_key_public_advisor_by_email',
  multiple_permissive_policies: 'multiple_permissive_policies_public_advisor_guarded_authenticated_SELECT',
  duplicate_index:
    'duplicate_index_public_advisor_guarded_{advisor_guarded_id_again,advisor_guarded_id_copy}',
  policy_column_unindexed: 'policy_column_unindexed_public_advisor_guarded_owner',
};

class RollBack extends Error {}

describe.each(engines)('Supabase advisor checks on $name', ({ open }) => {
  let database: MigratedDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.close());

  const describeFindings = (findings: AdvisorFinding[]) =>
    findings.map((finding) => `${finding.level} ${finding.check}: ${finding.detail} [${finding.key}]`);

  it('finds nothing in the migrated schema', async () => {
    const findings = (await runAdvisorChecks(database.db)).filter(
      (finding) => !(finding.key in acknowledged),
    );
    expect(describeFindings(findings)).toEqual([]);
  });

  it('has row-level security on every table in public', async () => {
    const strict = advisorChecks.filter((check) => check.name === 'table_without_rls_in_exposed_schema');
    expect(describeFindings(await runAdvisorChecks(database.db, strict))).toEqual([]);
  });

  it('catches each problem it looks for', async () => {
    let findings: AdvisorFinding[] = [];
    await database.db
      .transaction(async (tx) => {
        await tx.exec(defects);
        findings = await runAdvisorChecks(tx);
        throw new RollBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      });
    const found = new Set(findings.map((finding) => finding.key));
    const missed = Object.entries(expectedKeys).filter(([, key]) =>
      key.endsWith('_') ? ![...found].some((name) => name.startsWith(key)) : !found.has(key),
    );
    expect(missed.map(([check, key]) => `${check} did not report ${key}`)).toEqual([]);
    expect(Object.keys(expectedKeys).sort()).toEqual(advisorChecks.map((check) => check.name).sort());
  });
});
