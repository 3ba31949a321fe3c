import type { TestProject } from 'vitest/node';
import { prepareHostedTemplate, type RealPostgres } from './hosted-database.ts';
import { startPostgresCluster } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    realPostgres: RealPostgres;
  }
}

const template = 'hosted_template';

/**
 * One real PostgreSQL server for the whole test run (tests/helpers/postgres-cluster.ts), with a
 * template database laid out as a new hosted Supabase project; test files copy it
 * (hosted-database.ts). Stopped and removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPostgresCluster();
  try {
    await prepareHostedTemplate(cluster, template);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  const { host, port, password, binaries, startupMs } = cluster;
  // One line in the run's output: which server the real-PostgreSQL tests ran on.
  process.stdout.write(
    `Real PostgreSQL for the tests: ${binaries.version} (${binaries.source}), ready in ${startupMs} ms\n`,
  );
  project.provide('realPostgres', {
    host,
    port,
    password,
    version: binaries.version,
    source: binaries.source,
    startupMs,
    template,
  });
  return () => cluster.stop();
}
