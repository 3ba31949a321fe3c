import { inject } from 'vitest';
import { AppServer } from '../../../harness/app-server.ts';

/**
 * The app as `npm start` runs it, on a data dir of its own that starts as a copy of the run's
 * migrated template (global-setup-e2e.ts): what every start after the first looks like.
 */
export function startApp(env: Record<string, string> = {}): Promise<AppServer> {
  return AppServer.start(env, inject('appDataTemplate'));
}
