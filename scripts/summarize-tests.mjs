// Prints "N passed, N failed" from the JSON reports in the given folder (vitest's json reporter).
// A missing or unreadable report counts as one failure, so a crashed run never looks green.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const dir = process.argv[2] ?? 'test-results';
let passed = 0;
let failed = 0;
let reports = 0;
for (const file of await readdir(dir).catch(() => [])) {
  if (!file.endsWith('.json')) continue;
  try {
    const report = JSON.parse(await readFile(path.join(dir, file), 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
    if (report.success === false && (report.numFailedTests ?? 0) === 0) failed += 1;
    reports += 1;
  } catch {
    failed += 1;
  }
}
if (reports === 0) failed += 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
