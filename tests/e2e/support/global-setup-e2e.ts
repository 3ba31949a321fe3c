import path from 'node:path';
import { buildSpaIfStale } from '../../../server/build-spa-if-stale.ts';
import { projectRoot } from '../../helpers/database-template.ts';
import { chromiumPath } from '../../../harness/chromium-path.ts';

/** Builds dist/ once for every end-to-end file (they start the server with --no-build). */
export default async function setup(): Promise<void> {
  chromiumPath();
  await buildSpaIfStale(projectRoot, path.join(projectRoot, 'dist'));
}
