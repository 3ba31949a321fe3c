import path from 'node:path';

/**
 * A data directory written by the previous release (PGlite), packed with `tar -czf`, and what is
 * known to be in it. Made by scripts/make-previous-release-fixture.ts; tests/fixtures/README.md
 * says how to make it again.
 */
export const fixturesDir = path.resolve(import.meta.dirname, '../../fixtures');
export const previousReleaseArchive = path.join(fixturesDir, 'previous-release-data-dir.tar.gz');
export const previousReleaseFacts = path.join(fixturesDir, 'previous-release-data-dir.json');

/** One table of the old database: its rows, summed up so that another engine can recompute it. */
export interface TableFacts {
  rows: number;
  /** The columns the digest covers, in order (generated columns are left out: they are recomputed). */
  columns: string[];
  /** tableDigestSql over `columns`; '' for an empty table. */
  md5: string;
}

export interface UserFacts {
  id: string;
  email: string;
  password: string;
  /** auth.users.encrypted_password as the old server wrote it. */
  encryptedPassword: string;
}

/** What the fixture's JSON records (see the script for how each value came about). */
export interface PreviousReleaseFacts {
  /** The commit of the release that wrote the data directory. */
  release: string;
  madeAt: string;
  pgliteVersion: string;
  /** Versions in supabase_migrations.schema_migrations, in order. */
  migrations: string[];
  users: { author: UserFacts; other: UserFacts };
  profile: { userId: string; fullName: string; company: string; role: string; hasVoiceProfile: boolean };
  /** The author's newest session, signed in just before the server stopped; its token is unused. */
  refreshToken: { userId: string; token: string };
  posts: {
    saved: { id: string; userId: string; topic: string; imagePath: string; imageAlt: string };
    scheduled: { id: string; userId: string; plannedAt: string; publishStatus: string };
  };
  image: { bucket: string; path: string; sha256: string; bytes: number; contentType: string };
  ideas: { id: string; userId: string; topic: string }[];
  voiceSamples: { id: string; userId: string }[];
  linkedinConnection: {
    userId: string;
    memberId: string;
    memberName: string;
    /** As stored: sealed with the install's key (token-cipher.ts); the plain token is a made-up one. */
    accessToken: string;
    scopes: string;
    expiresAt: string;
  };
  /** Every ordinary table outside the system schemas, by "schema.table". */
  tables: Record<string, TableFacts>;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The session settings tableDigestSql is run with, so both engines print values alike. */
export const digestSettings = [
  `timezone = 'UTC'`,
  `datestyle = 'ISO'`,
  `intervalstyle = 'postgres'`,
  'extra_float_digits = 3',
];

/**
 * One row with the table's row count and an MD5 over its rows (each a JSON array of the text of
 * `columns`, so a jsonb 'null' differs from an SQL NULL; sorted bytewise). The same on PGlite and
 * on PostgreSQL in a session with digestSettings.
 */
export function tableDigestSql(schema: string, table: string, columns: readonly string[]): string {
  const texts = columns.map((column) => `${quote(column)}::text`).join(', ');
  return `select count(*)::int as rows,
                 coalesce(md5(string_agg(r, E'\\n' order by r collate "C")), '') as md5
            from (select array_to_json(array[${texts}]::text[])::text as r
                    from ${quote(schema)}.${quote(table)}) rows`;
}

/** Columns of every ordinary table outside the system schemas (generated ones left out), in order. */
export const tableColumnsSql = `
  select n.nspname as schema, c.relname as table, a.attname as column
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
   where c.relkind = 'r' and c.relpersistence <> 't' and a.attgenerated = ''
     and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'
   order by n.nspname, c.relname, a.attnum`;
