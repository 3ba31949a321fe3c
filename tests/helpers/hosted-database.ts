import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import {
  applyMigrations,
  planMigrations,
  type Migration,
} from '../../server/embedded/db/apply-migrations.ts';
import { migrationsDir, projectRoot } from './database-template.ts';
import { PostgresDatabase } from '../../server/embedded/db/postgres-database.ts';
import type { PgConnection } from '../../server/embedded/postgres/postgres-server.ts';

/** What the global setup tells test files about the real PostgreSQL server (serialisable). */
export interface RealPostgres {
  host: string;
  port: number;
  /** The password of every login role of the test cluster. */
  password: string;
  /** `postgres --version` and where the binaries came from. */
  version: string;
  source: string;
  startupMs: number;
  /** A database with the hosted-like bootstrap and no migrations: new databases copy it. */
  template: string;
}

/** supabase_admin is the platform's superuser; postgres is what a project owner (and `db push`) gets. */
export type HostedRole = 'supabase_admin' | 'postgres';

export interface HostedDatabase {
  name: string;
  connection(user?: HostedRole): PgConnection;
  /** The migrations applied when the database was created (none unless asked). */
  applied: Migration[];
  drop(): Promise<void>;
}

const bootstrapFile = path.join(projectRoot, 'server/embedded/db/bootstrap.sql');
const authSchemaFile = path.join(projectRoot, 'server/embedded/db/auth-schema.sql');
const storageSchemaFile = path.join(projectRoot, 'server/embedded/db/storage-schema.sql');
const hostedDir = path.join(import.meta.dirname, 'hosted');

export function connectionTo(
  server: Pick<RealPostgres, 'host' | 'port' | 'password'>,
  database: string,
  user: HostedRole = 'supabase_admin',
): PgConnection {
  return { host: server.host, port: server.port, password: server.password, user, database };
}

async function withClient<T>(connection: PgConnection, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(connection);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Builds the template database as a new hosted project has it before its first migration: the
 * platform's roles, then the same bootstrap.sql, auth-schema.sql and storage-schema.sql the
 * embedded server runs (as `postgres`, still a superuser, like the platform's init scripts), then
 * the platform's grants, which also demote `postgres` to the non-superuser that migrations run as.
 */
export async function prepareHostedTemplate(
  server: Pick<RealPostgres, 'host' | 'port' | 'password'>,
  template: string,
): Promise<void> {
  await withClient(connectionTo(server, 'postgres'), async (admin) => {
    await admin.query(await readFile(path.join(hostedDir, 'platform-roles.sql'), 'utf8'));
    for (const role of ['postgres', 'authenticator']) {
      await admin.query(`alter role ${role} password ${admin.escapeLiteral(server.password)}`);
    }
    await admin.query(`create database ${template} owner postgres`);
  });
  await withClient(connectionTo(server, template, 'postgres'), async (owner) => {
    await owner.query(await readFile(bootstrapFile, 'utf8'));
    // Supabase Auth's own schema (confirmation, recovery, PKCE), there before any migration.
    await owner.query(await readFile(authSchemaFile, 'utf8'));
    // Supabase Storage's own schema, there before any migration of the project's.
    await owner.query(await readFile(storageSchemaFile, 'utf8'));
  });
  await withClient(connectionTo(server, template), async (admin) => {
    await admin.query(await readFile(path.join(hostedDir, 'platform-grants.sql'), 'utf8'));
  });
}

/**
 * A new database copied from the hosted-like template. With `migrate`, the repository's
 * migrations are applied as the non-superuser `postgres`, each file in its own transaction and
 * recorded in supabase_migrations.schema_migrations, by the same code as the embedded server.
 */
export async function createHostedDatabase(
  server: RealPostgres,
  options: { migrate?: boolean; migrationsDir?: string } = {},
): Promise<HostedDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withClient(connectionTo(server, 'postgres'), (admin) =>
    admin.query(`create database ${name} template ${server.template} owner postgres`),
  );
  const database: HostedDatabase = {
    name,
    connection: (user = 'supabase_admin') => connectionTo(server, name, user),
    applied: [],
    drop: () =>
      withClient(connectionTo(server, 'postgres'), async (admin) => {
        await admin.query(`drop database if exists ${name} with (force)`);
      }),
  };
  if (options.migrate) {
    try {
      database.applied = await applyMigrationsAsPostgres(database, options.migrationsDir);
    } catch (error) {
      await database.drop();
      throw error;
    }
  }
  return database;
}

/** Applies the pending migrations as `postgres`, as `supabase db push` does on a hosted project. */
export async function applyMigrationsAsPostgres(
  database: Pick<HostedDatabase, 'connection'>,
  dir = migrationsDir,
): Promise<Migration[]> {
  const db = await PostgresDatabase.connect({
    connection: database.connection('postgres'),
    maxConnections: 1,
  });
  try {
    const plan = await planMigrations(db, dir);
    await applyMigrations(db, plan.pending);
    return plan.pending;
  } finally {
    await db.close();
  }
}
