// `npm test`: unit, UI and integration suites first (in parallel), then the end-to-end suite on its
// own (each e2e file runs a server and a browser, so they get the machine to themselves).
// Both always run; the exit code is non-zero if either failed. Extra arguments go to both runs.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const extra = process.argv.slice(2);
const vitest = (args) =>
  spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args, ...extra], {
    stdio: 'inherit',
  }).status ?? 1;

rmSync('test-results', { recursive: true, force: true });
const fast = vitest([
  '--project',
  'web',
  '--project',
  'ui',
  '--project',
  'server',
  '--outputFile.json=test-results/unit-and-integration.json',
]);
const e2e = vitest(['--project', 'e2e', '--no-file-parallelism', '--outputFile.json=test-results/e2e.json']);
process.exit(fast || e2e);
