import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { AppServer } from '../../../harness/app-server.ts';
import { chromiumPath } from '../../../harness/chromium-path.ts';
import { buildSpaIfStale } from '../../../server/build-spa-if-stale.ts';
import { projectRoot } from '../../helpers/database-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data dir whose database `npm start` created and migrated, then stopped cleanly. */
    appDataTemplate: string;
  }
}

/**
 * Once for every end-to-end file: builds dist/ (the files start the server with --no-build), and
 * starts the app once on a new data dir, which the files' servers then start on copies of
 * (tests/e2e/support/app.ts). Creating a database is seconds of initdb and migrations; a copy
 * is a fraction of one. The first start itself is covered by tests/integration/npm-start-stop.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  chromiumPath();
  await buildSpaIfStale(projectRoot, path.join(projectRoot, 'dist'));
  const template = await AppServer.start();
  await template.stop();
  if (existsSync(path.join(template.dataDir, 'postgres-location'))) {
    await template.dispose();
    throw new Error('The e2e data dir template keeps its database outside it: it cannot be copied.');
  }
  project.provide('appDataTemplate', template.dataDir);
  return () => rm(template.dataDir, { recursive: true, force: true });
}
