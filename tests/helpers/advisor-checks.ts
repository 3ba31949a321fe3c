import type { Database } from '../../server/embedded/db/database.ts';

/**
 * The checks of Supabase's Security and Performance Advisors that apply to this schema, written
 * from the lint definitions of supabase/splinter (the SQL the dashboard runs), plus one of ours.
 * Each query returns one row per finding: a `key` (splinter's cache_key, the name a finding is
 * acknowledged by) and a `detail` saying what is wrong where.
 *
 * Not here, and why: unused_index and table_bloat read production statistics; auth_allow_
 * anonymous_sign_ins and public_bucket_allows_listing check Auth and Storage settings, not the
 * schema; extension_versions_outdated depends on what the server offers; insecure_queue_exposed_
 * in_api and the pg_graphql lints need extensions this project does not install; sensitive_
 * columns_exposed looks only at exposed tables without RLS, which rls_disabled_in_public forbids.
 */
export interface AdvisorCheck {
  name: string;
  level: 'ERROR' | 'WARN' | 'INFO';
  category: 'SECURITY' | 'PERFORMANCE';
  sql: string;
}

export interface AdvisorFinding {
  check: string;
  level: AdvisorCheck['level'];
  key: string;
  detail: string;
}

/** The schemas PostgREST serves (hosted: `public`; graphql_public only with pg_graphql). */
const exposedSchemas = ['public'];
/** Schemas the platform and extensions own, which splinter leaves out of every lint. */
const platformSchemas = [
  '_timescaledb_cache',
  '_timescaledb_catalog',
  '_timescaledb_config',
  '_timescaledb_internal',
  'auth',
  'cron',
  'extensions',
  'graphql',
  'graphql_public',
  'information_schema',
  'net',
  'pgmq',
  'pgroonga',
  'pgsodium',
  'pgsodium_masks',
  'pgtle',
  'pgbouncer',
  'pg_catalog',
  'pg_toast',
  'realtime',
  'repack',
  'storage',
  'supabase_functions',
  'supabase_migrations',
  'tiger',
  'topology',
  'vault',
];

const list = (names: string[]) => names.map((name) => `'${name}'`).join(', ');
const exposed = (schema: string) => `${schema} in (${list(exposedSchemas)})`;
const ours = (schema: string) => `${schema} not in (${list(platformSchemas)})`;
/** Objects that belong to an extension are the extension's business. */
const notFromExtension = (oid: string) =>
  `not exists (select 1 from pg_catalog.pg_depend e where e.objid = ${oid} and e.deptype = 'e')`;
const readableByApi = (oid: string) =>
  `(pg_catalog.has_table_privilege('anon', ${oid}, 'SELECT') or pg_catalog.has_table_privilege('authenticated', ${oid}, 'SELECT'))`;
const securityInvoker = (reloptions: string) =>
  `(lower(coalesce(${reloptions}::text, '{}'))::text[] && array['security_invoker=1', 'security_invoker=true', 'security_invoker=yes', 'security_invoker=on'])`;

/** Each policy with its table, commands, roles and expressions as text (pg_policies gives the text). */
const policies = `
  select n.nspname as schema_name, c.relname as table_name, c.relrowsecurity as rls_on, p.polname as policy_name,
         p.polpermissive as permissive, p.polroles as role_oids,
         case p.polcmd when 'r' then 'SELECT' when 'a' then 'INSERT' when 'w' then 'UPDATE'
                       when 'd' then 'DELETE' else 'ALL' end as command,
         pp.qual, pp.with_check
    from pg_catalog.pg_policy p
    join pg_catalog.pg_class c on c.oid = p.polrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_policies pp on pp.schemaname = n.nspname and pp.tablename = c.relname and pp.policyname = p.polname
   where c.relkind in ('r', 'p') and ${ours('n.nspname')}`;

export const advisorChecks: AdvisorCheck[] = [
  {
    // Ours, stricter than splinter's rls_disabled_in_public: every table the API could ever
    // reach has RLS on, whatever it is granted today.
    name: 'table_without_rls_in_exposed_schema',
    level: 'ERROR',
    category: 'SECURITY',
    sql: `
      select format('table_without_rls_in_exposed_schema_%s_%s', n.nspname, c.relname) as key,
             format('Table %I.%I is in a schema the Data API serves, but row-level security is off.', n.nspname, c.relname) as detail
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and not c.relrowsecurity and ${exposed('n.nspname')}`,
  },
  {
    name: 'rls_disabled_in_public',
    level: 'ERROR',
    category: 'SECURITY',
    sql: `
      select format('rls_disabled_in_public_%s_%s', n.nspname, c.relname) as key,
             format('Table %I.%I is readable by anon or authenticated, but RLS has not been enabled.', n.nspname, c.relname) as detail
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and not c.relrowsecurity and ${readableByApi('c.oid')} and ${exposed('n.nspname')}`,
  },
  {
    name: 'policy_exists_rls_disabled',
    level: 'ERROR',
    category: 'SECURITY',
    sql: `
      select format('policy_exists_rls_disabled_%s_%s', n.nspname, c.relname) as key,
             format('Table %I.%I has RLS policies (%s) but RLS is not enabled.', n.nspname, c.relname,
                    string_agg(p.polname, ', ' order by p.polname)) as detail
        from pg_catalog.pg_policy p
        join pg_catalog.pg_class c on c.oid = p.polrelid
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and not c.relrowsecurity and ${ours('n.nspname')} and ${notFromExtension('c.oid')}
       group by n.nspname, c.relname`,
  },
  {
    name: 'security_definer_view',
    level: 'ERROR',
    category: 'SECURITY',
    sql: `
      select format('security_definer_view_%s_%s', n.nspname, c.relname) as key,
             format('View %I.%I runs with its owner''s rights and RLS (no security_invoker), and the API can read it.', n.nspname, c.relname) as detail
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'v' and ${readableByApi('c.oid')} and ${exposed('n.nspname')}
         and not ${securityInvoker('c.reloptions')} and ${notFromExtension('c.oid')}`,
  },
  {
    name: 'auth_users_exposed',
    level: 'ERROR',
    category: 'SECURITY',
    sql: `
      select distinct format('auth_users_exposed_%s_%s', n.nspname, c.relname) as key,
             format('%I.%I reads auth.users and may show it to anon or authenticated.', n.nspname, c.relname) as detail
        from pg_catalog.pg_depend d
        join pg_catalog.pg_rewrite r on r.oid = d.objid
        join pg_catalog.pg_class c on c.oid = r.ev_class
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        join pg_catalog.pg_class users on users.oid = d.refobjid
       where d.classid = 'pg_catalog.pg_rewrite'::regclass and d.deptype = 'n'
         and d.refobjid = to_regclass('auth.users')
         and ${readableByApi('c.oid')} and ${exposed('n.nspname')}
         and (c.relkind = 'm'
              or (c.relkind = 'v' and not ${securityInvoker('c.reloptions')})
              or (c.relkind = 'v' and not users.relrowsecurity))`,
  },
  {
    name: 'rls_references_user_metadata',
    level: 'ERROR',
    category: 'SECURITY',
    sql: `
      select format('rls_references_user_metadata_%s_%s_%s', schema_name, table_name, policy_name) as key,
             format('Policy %I on %I.%I reads user_metadata, which users can edit themselves.', policy_name, schema_name, table_name) as detail
        from (${policies}) policy
       where qual like '%auth.jwt()%user_metadata%' or with_check like '%auth.jwt()%user_metadata%'
          or qual like '%current_setting(%request.jwt.claims%)%user_metadata%'
          or with_check like '%current_setting(%request.jwt.claims%)%user_metadata%'`,
  },
  {
    name: 'fkey_to_auth_unique',
    level: 'ERROR',
    category: 'SECURITY',
    sql: `
      select format('fkey_to_auth_unique_%s_%s_%s', n.nspname, t.relname, k.conname) as key,
             format('Foreign key %I of %I.%I references a unique constraint of the auth schema (Auth may change it); reference the primary key.', k.conname, n.nspname, t.relname) as detail
        from pg_catalog.pg_constraint k
        join pg_catalog.pg_class t on t.oid = k.conrelid
        join pg_catalog.pg_namespace n on n.oid = t.relnamespace
        join pg_catalog.pg_class ref on ref.oid = k.confrelid
        join pg_catalog.pg_index i on i.indexrelid = k.conindid
       where k.contype = 'f' and ref.relnamespace = 'auth'::regnamespace and i.indisunique and not i.indisprimary`,
  },
  {
    name: 'function_search_path_mutable',
    level: 'WARN',
    category: 'SECURITY',
    sql: `
      select format('function_search_path_mutable_%s_%s_%s', n.nspname, p.proname, md5(p.prosrc)) as key,
             format('Function %I.%I(%s) has no fixed search_path: whoever calls it decides what its unqualified names mean.',
                    n.nspname, p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid)) as detail
        from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       where ${ours('n.nspname')} and n.nspname not like 'pg\\_%' and ${notFromExtension('p.oid')}
         and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) setting where setting like 'search_path=%')`,
  },
  {
    name: 'extension_in_public',
    level: 'WARN',
    category: 'SECURITY',
    sql: `
      select format('extension_in_public_%s', x.extname) as key,
             format('Extension %I is installed in public; install it in the extensions schema.', x.extname) as detail
        from pg_catalog.pg_extension x
       where x.extname <> 'plpgsql' and x.extnamespace = 'public'::regnamespace`,
  },
  {
    name: 'materialized_view_in_api',
    level: 'WARN',
    category: 'SECURITY',
    sql: `
      select format('materialized_view_in_api_%s_%s', n.nspname, c.relname) as key,
             format('Materialized view %I.%I (no RLS possible) is readable by anon or authenticated.', n.nspname, c.relname) as detail
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'm' and ${readableByApi('c.oid')} and ${exposed('n.nspname')} and ${notFromExtension('c.oid')}`,
  },
  {
    name: 'foreign_table_in_api',
    level: 'WARN',
    category: 'SECURITY',
    sql: `
      select format('foreign_table_in_api_%s_%s', n.nspname, c.relname) as key,
             format('Foreign table %I.%I (no RLS possible) is readable by anon or authenticated.', n.nspname, c.relname) as detail
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'f' and ${readableByApi('c.oid')} and ${exposed('n.nspname')} and ${notFromExtension('c.oid')}`,
  },
  {
    name: 'unsupported_reg_types',
    level: 'WARN',
    category: 'SECURITY',
    sql: `
      select format('unsupported_reg_types_%s_%s_%s', n.nspname, c.relname, a.attname) as key,
             format('Column %I.%I.%I has type %s, which pg_upgrade cannot carry over (blocks Postgres upgrades).',
                    n.nspname, c.relname, a.attname, t.typname) as detail
        from pg_catalog.pg_attribute a
        join pg_catalog.pg_class c on c.oid = a.attrelid
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        join pg_catalog.pg_type t on t.oid = a.atttypid
       where a.attnum > 0 and not a.attisdropped and ${ours('n.nspname')}
         and t.typname in ('regcollation', 'regconfig', 'regdictionary', 'regnamespace', 'regoper', 'regoperator', 'regproc', 'regprocedure')`,
  },
  {
    name: 'rls_policy_always_true',
    level: 'WARN',
    category: 'SECURITY',
    sql: `
      with normalised as (
        select *, regexp_replace(lower(coalesce(qual, '')), '\\s', '', 'g') as q,
                  regexp_replace(lower(coalesce(with_check, '')), '\\s', '', 'g') as w
          from (${policies}) policy
         where rls_on and permissive
           and (role_oids = array[0::oid] or exists (select 1 from unnest(role_oids) r where r::regrole::text in ('anon', 'authenticated')))
      )
      select format('rls_policy_always_true_%s_%s_%s', schema_name, table_name, policy_name) as key,
             format('Policy %I on %I.%I lets %s rows through unconditionally.', policy_name, schema_name, table_name, command) as detail
        from normalised
       where (command in ('UPDATE', 'DELETE', 'ALL') and (q in ('true', '(true)', '1=1', '(1=1)') or qual is null))
          or w in ('true', '(true)', '1=1', '(1=1)')
          or (with_check is null and command = 'INSERT')
          or (with_check is null and command in ('UPDATE', 'ALL') and q in ('true', '(true)', '1=1', '(1=1)'))`,
  },
  ...(['anon', 'authenticated'] as const).map((role): AdvisorCheck => ({
    name: `${role}_security_definer_function_executable`,
    level: 'WARN',
    category: 'SECURITY',
    sql: `
        select format('${role}_security_definer_function_executable_%s_%s_%s', n.nspname, p.proname,
                      pg_catalog.pg_get_function_identity_arguments(p.oid)) as key,
               format('SECURITY DEFINER function %I.%I(%s) can be called by ${role} through /rest/v1/rpc.',
                      n.nspname, p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid)) as detail
          from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
         where p.prosecdef and pg_catalog.has_function_privilege('${role}', p.oid, 'EXECUTE') and ${exposed('n.nspname')}`,
  })),
  {
    name: 'rls_enabled_no_policy',
    level: 'INFO',
    category: 'SECURITY',
    sql: `
      select format('rls_enabled_no_policy_%s_%s', n.nspname, c.relname) as key,
             format('Table %I.%I has RLS enabled but no policy: nobody but its owner can use it.', n.nspname, c.relname) as detail
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and c.relrowsecurity and ${ours('n.nspname')} and ${notFromExtension('c.oid')}
         and not exists (select 1 from pg_catalog.pg_policy p where p.polrelid = c.oid)`,
  },
  {
    name: 'unindexed_foreign_keys',
    level: 'INFO',
    category: 'PERFORMANCE',
    sql: `
      select format('unindexed_foreign_keys_%s_%s_%s', n.nspname, c.relname, k.conname) as key,
             format('Foreign key %I of %I.%I has no index starting with its columns.', k.conname, n.nspname, c.relname) as detail
        from pg_catalog.pg_constraint k
        join pg_catalog.pg_class c on c.oid = k.conrelid
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where k.contype = 'f' and ${ours('n.nspname')} and ${notFromExtension('c.oid')}
         and not exists (
           select 1 from pg_catalog.pg_index i
            where i.indrelid = k.conrelid and i.indisvalid
              and (string_to_array(i.indkey::text, ' ')::smallint[])[1:array_length(k.conkey, 1)] = k.conkey)`,
  },
  {
    name: 'auth_rls_initplan',
    level: 'WARN',
    category: 'PERFORMANCE',
    sql: `
      select format('auth_rls_init_plan_%s_%s_%s', schema_name, table_name, policy_name) as key,
             format('Policy %I on %I.%I calls auth.<function>() or current_setting() for every row; wrap the call in (select …).',
                    policy_name, schema_name, table_name) as detail
        from (${policies}) policy
       where rls_on and exists (
         select 1 from unnest(array[qual, with_check]) expression, unnest(array['auth.uid()', 'auth.jwt()', 'auth.role()', 'auth.email()']) call
          where (expression like '%' || call || '%' and lower(expression) not like '%select ' || call || '%')
             or (expression like '%current\\_setting(%)%' and lower(expression) not like '%select current\\_setting(%)%'))`,
  },
  {
    name: 'no_primary_key',
    level: 'INFO',
    category: 'PERFORMANCE',
    sql: `
      select format('no_primary_key_%s_%s', n.nspname, c.relname) as key,
             format('Table %I.%I has no primary key.', n.nspname, c.relname) as detail
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and ${ours('n.nspname')} and ${notFromExtension('c.oid')}
         and not exists (select 1 from pg_catalog.pg_index i where i.indrelid = c.oid and i.indisprimary)`,
  },
  {
    name: 'multiple_permissive_policies',
    level: 'WARN',
    category: 'PERFORMANCE',
    sql: `
      select format('multiple_permissive_policies_%s_%s_%s_%s', n.nspname, c.relname, r.rolname, action) as key,
             format('Table %I.%I has %s permissive policies for role %I and %s (%s): each one runs for every row.',
                    n.nspname, c.relname, count(*), r.rolname, action, string_agg(p.polname, ', ' order by p.polname)) as detail
        from pg_catalog.pg_policy p
        join pg_catalog.pg_class c on c.oid = p.polrelid
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        join pg_catalog.pg_roles r on p.polroles @> array[r.oid] or p.polroles = array[0::oid]
        cross join lateral unnest(case p.polcmd when 'r' then array['SELECT'] when 'a' then array['INSERT']
                                                when 'w' then array['UPDATE'] when 'd' then array['DELETE']
                                                else array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] end) action
       where c.relkind = 'r' and p.polpermissive and ${ours('n.nspname')} and ${notFromExtension('c.oid')}
         and r.rolname not like 'pg\\_%' and r.rolname not like 'supabase%admin' and not r.rolbypassrls
       group by n.nspname, c.relname, r.rolname, action
      having count(*) > 1`,
  },
  {
    name: 'duplicate_index',
    level: 'WARN',
    category: 'PERFORMANCE',
    sql: `
      select format('duplicate_index_%s_%s_%s', i.schemaname, i.tablename, array_agg(i.indexname order by i.indexname)) as key,
             format('Table %I.%I has identical indexes %s: keep one.', i.schemaname, i.tablename,
                    string_agg(i.indexname, ', ' order by i.indexname)) as detail
        from pg_catalog.pg_indexes i
        join pg_catalog.pg_namespace n on n.nspname = i.schemaname
        join pg_catalog.pg_class c on c.relname = i.tablename and c.relnamespace = n.oid
       where c.relkind in ('r', 'm') and ${ours('i.schemaname')} and ${notFromExtension('c.oid')}
       group by i.schemaname, i.tablename, replace(i.indexdef, i.indexname, '')
      having count(*) > 1`,
  },
  {
    // Ours, from Supabase's RLS performance advice: a column a policy compares (user_id = …)
    // should lead an index, or every policy check scans the table. Policies record the columns
    // they read in pg_depend.
    name: 'policy_column_unindexed',
    level: 'WARN',
    category: 'PERFORMANCE',
    sql: `
      select distinct format('policy_column_unindexed_%s_%s_%s', n.nspname, c.relname, a.attname) as key,
             format('Policy %I on %I.%I reads column %I, which leads no index.', p.polname, n.nspname, c.relname, a.attname) as detail
        from pg_catalog.pg_policy p
        join pg_catalog.pg_depend d on d.classid = 'pg_catalog.pg_policy'::regclass and d.objid = p.oid
                                   and d.refclassid = 'pg_catalog.pg_class'::regclass and d.refobjid = p.polrelid and d.refobjsubid > 0
        join pg_catalog.pg_class c on c.oid = p.polrelid
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = d.refobjsubid
       where ${ours('n.nspname')}
         and not exists (select 1 from pg_catalog.pg_index i where i.indrelid = c.oid and i.indkey[0] = a.attnum)`,
  },
];

/** Runs the checks and returns every finding, in check order. */
export async function runAdvisorChecks(
  db: Pick<Database, 'query'>,
  checks: AdvisorCheck[] = advisorChecks,
): Promise<AdvisorFinding[]> {
  const findings: AdvisorFinding[] = [];
  for (const check of checks) {
    const { rows } = await db.query<{ key: string; detail: string }>(check.sql).catch((error: unknown) => {
      throw new Error(
        `Advisor check ${check.name} failed to run: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    findings.push(...rows.map((row) => ({ check: check.name, level: check.level, ...row })));
  }
  return findings;
}
