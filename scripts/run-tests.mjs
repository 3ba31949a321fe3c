// `npm test`: the unit, web, UI and server suites first, then the end-to-end suite. Measured on the
// 2-core machine, the two side by side took no less time than one after the other (each is
// CPU-bound on its own) and made timing-sensitive tests flaky, so they take turns.
// - unit, web, ui, server: cores + 1 workers (server and UI tests wait on PostgreSQL in another
//   process), each reusing its process from file to file (isolate: false, see vitest.config.ts);
// - e2e: two workers; each file runs the app as `npm start` does and a browser, and mostly waits.
// Both always run; the exit code is non-zero if either failed. Extra arguments go to both runs.
// TEST_WORKERS and E2E_WORKERS override the worker counts.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const extra = process.argv.slice(2);
const fastWorkers = process.env.TEST_WORKERS ?? String(availableParallelism() + 1);
const e2eWorkers = process.env.E2E_WORKERS ?? '2';

const vitest = (name, args) => {
  const started = Date.now();
  const status =
    spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args, ...extra], {
      stdio: 'inherit',
    }).status ?? 1;
  console.log(`${name}: ${Math.round((Date.now() - started) / 1000)} s`);
  return status;
};

rmSync('test-results', { recursive: true, force: true });
const fast = vitest('unit, web, ui and server', [
  '--project',
  'unit',
  '--project',
  'web',
  '--project',
  'ui',
  '--project',
  'server',
  `--maxWorkers=${fastWorkers}`,
  '--outputFile.json=test-results/unit-and-integration.json',
]);
const e2e = vitest('e2e', [
  '--project',
  'e2e',
  `--maxWorkers=${e2eWorkers}`,
  '--outputFile.json=test-results/e2e.json',
]);
process.exit(fast || e2e);
