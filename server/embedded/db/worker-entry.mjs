// The database worker's first module. Node 20 does not apply loaders passed in a worker's
// execArgv to its entry file, so this plain-JavaScript entry registers tsx in the worker's own
// thread and then imports the TypeScript worker (works under `npm start` and under Vitest alike).
import { register } from 'tsx/esm/api';

register();
await import('./db-worker.ts');
