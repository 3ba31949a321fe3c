import path from 'node:path';
import pg from 'pg';
import { PostgresDatabase } from '../../server/embedded/db/postgres-database.ts';
import { prepareSchema } from '../../server/embedded/db/prepare-schema.ts';
import type { PgConnection } from '../../server/embedded/postgres/postgres-server.ts';
import { projectRoot } from '../../harness/paths.ts';

export { projectRoot };
export const migrationsDir = path.join(projectRoot, 'supabase/migrations');

/** The test run's PostgreSQL server for embedded test servers, and its migrated template database. */
export interface EmbeddedPostgres {
  host: string;
  port: number;
  password: string;
  /** A database laid out as `npm start` lays its own out (bootstrap, Storage schema, migrations). */
  template: string;
}

export function embeddedConnection(server: EmbeddedPostgres, database: string): PgConnection {
  return { host: server.host, port: server.port, user: 'postgres', password: server.password, database };
}

/**
 * Creates `template` on the server and brings it up to the repository's migrations, the way
 * `npm start` prepares its own database: each test server then starts on a copy of it
 * (CREATE DATABASE … TEMPLATE), which costs a fraction of a second instead of a migration run.
 */
export async function prepareDatabaseTemplate(server: EmbeddedPostgres, dir = migrationsDir): Promise<void> {
  const admin = new pg.Client(embeddedConnection(server, 'postgres'));
  await admin.connect();
  try {
    await admin.query(`create database ${server.template}`);
  } finally {
    await admin.end();
  }
  const db = await PostgresDatabase.connect({ connection: embeddedConnection(server, server.template) });
  try {
    await prepareSchema(db, { dataDir: '', migrationsDir: dir, backup: null, log: () => {} });
  } finally {
    await db.close();
  }
}

/** A new database copied from the template; drop() removes it (and ends its connections). */
export async function copyOfTemplate(
  server: EmbeddedPostgres,
  name: string,
): Promise<{ connection: PgConnection; drop(): Promise<void> }> {
  const quoted = `"${name.replaceAll('"', '')}"`;
  await withAdmin(server, async (admin) => {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${quoted} template ${server.template}`);
  });
  return {
    connection: embeddedConnection(server, name),
    drop: () =>
      withAdmin(server, (admin) => admin.query(`drop database if exists ${quoted} with (force)`)).then(
        () => {},
      ),
  };
}

async function withAdmin<T>(server: EmbeddedPostgres, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client(embeddedConnection(server, 'postgres'));
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
