// Generates src/lib/supabase/database.types.ts from supabase/migrations, in the format of
// `supabase gen types typescript --local` (docs/architecture.md, "Database types"):
//
//   npm run gen:types             writes the file
//   npm run gen:types -- --check  fails when the file differs from the migrations (npm run typecheck)
//
// It starts a throwaway PostgreSQL 17 with the code the server and the tests use
// (server/embedded/postgres), lays the database out as `npm start` does (bootstrap, Storage schema,
// the migrations in order), reads the `public` schema's catalog and writes its types.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import * as prettier from 'prettier';
import { projectRoot } from '../harness/paths.ts';
import {
  embeddedConnection,
  migrationsDir,
  prepareDatabaseTemplate,
  type EmbeddedPostgres,
} from '../tests/helpers/database-template.ts';
import { startPostgresCluster } from '../tests/helpers/postgres-cluster.ts';
import { introspectSchema, type SchemaFacts } from './database-types/introspect.ts';
import { renderDatabaseTypes } from './database-types/render.ts';

export const typesFile = path.join(projectRoot, 'src/lib/supabase/database.types.ts');

/** The catalog facts of `public` after the migrations in `dir`, read from a new PostgreSQL. */
export async function readMigratedSchema(dir = migrationsDir): Promise<SchemaFacts> {
  const cluster = await startPostgresCluster('postgres');
  try {
    const server: EmbeddedPostgres = { ...cluster, template: 'database_types' };
    await prepareDatabaseTemplate(server, dir);
    const client = new pg.Client(embeddedConnection(server, server.template));
    await client.connect();
    try {
      return await introspectSchema(client, 'public');
    } finally {
      await client.end();
    }
  } finally {
    await cluster.stop();
  }
}

/**
 * The file's text: formatted as the CLI formats it (prettier's defaults without semicolons), then
 * as this repository formats TypeScript (.prettierrc). So the CLI's output after `npm run format`
 * is this text, byte for byte, when the schema is the same.
 */
export async function generateDatabaseTypes(dir = migrationsDir): Promise<string> {
  const facts = await readMigratedSchema(dir);
  if (facts.relations.some((relation) => relation.kind === 'v' || relation.kind === 'm')) {
    console.warn(
      'public has views: their relationships (through the foreign keys of the tables they read) are not ' +
        'generated, which `supabase gen types` does (scripts/database-types/render.ts).',
    );
  }
  const source = renderDatabaseTypes(facts);
  const asTheCliWritesIt = await prettier.format(source, { parser: 'typescript', semi: false });
  const options = await prettier.resolveConfig(typesFile);
  return prettier.format(asTheCliWritesIt, { ...options, filepath: typesFile });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
  const started = Date.now();
  const generated = await generateDatabaseTypes();
  const relative = path.relative(projectRoot, typesFile);
  if (values.check) {
    const committed = await readFile(typesFile, 'utf8').catch(() => null);
    if (committed !== generated) {
      console.error(`${relative} is stale: run npm run gen:types`);
      process.exitCode = 1;
      return;
    }
    console.log(`${relative} matches supabase/migrations (${Date.now() - started} ms)`);
    return;
  }
  await writeFile(typesFile, generated);
  console.log(`Wrote ${relative} (${Date.now() - started} ms)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
