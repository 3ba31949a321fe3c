import type { TestProject } from 'vitest/node';
import { prepareDatabaseTemplate, type EmbeddedPostgres } from './database-template.ts';
import { startPostgresCluster } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    embeddedPostgres: EmbeddedPostgres;
  }
}

/**
 * One PostgreSQL 17 server (the same binaries and start-up code as `npm start`) for the test
 * servers of this run, with a migrated template database that each test server copies.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPostgresCluster('postgres');
  const server: EmbeddedPostgres = {
    host: cluster.host,
    port: cluster.port,
    password: cluster.password,
    template: 'embedded_template',
  };
  try {
    await prepareDatabaseTemplate(server);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  project.provide('embeddedPostgres', server);
  return () => cluster.stop();
}
