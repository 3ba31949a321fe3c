import { backendBench } from './backend-bench.ts';
import { coldStartBench } from './cold-start-bench.ts';
import { streamingBrowserBench, ttftBench } from './generation-bench.ts';
import { libraryBench } from './library-bench.ts';
import { loadBench } from './load-bench.ts';
import { resultsFile } from './paths.ts';
import {
  formatTable,
  writeJsonReport,
  type BenchFailure,
  type BenchResult,
  type Benchmark,
} from './report.ts';

/**
 * `npm run bench`: runs each benchmark in turn, prints a table and writes bench-results/latest.json.
 * Targets are reported, not enforced: the exit code is 0 even when a value is over its target, and
 * non-zero only when a benchmark fails (an error or a failed sanity check). Arguments select
 * benchmarks by part of their name.
 */
const benchmarks: Benchmark[] = [
  { name: 'cold start', run: coldStartBench },
  { name: 'backend REST latency', run: backendBench },
  { name: 'server under load: concurrency, fairness, memory', run: loadBench },
  { name: 'post generation: /api time to first token', run: ttftBench },
  { name: 'post generation: streaming and dashboard JS in Chromium', run: streamingBrowserBench },
  { name: 'library with 10,000 posts and 10,000 ideas', run: libraryBench },
];

const startedAt = new Date();
const results: BenchResult[] = [];
const failures: BenchFailure[] = [];

// `npm run bench -- library` runs only the benchmarks whose name contains "library".
const only = process.argv.slice(2).map((word) => word.toLowerCase());
const selected = only.length
  ? benchmarks.filter((benchmark) => only.some((word) => benchmark.name.toLowerCase().includes(word)))
  : benchmarks;

for (const benchmark of selected) {
  console.log(`\n▶ ${benchmark.name}`);
  try {
    results.push(...(await benchmark.run()));
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`✖ ${benchmark.name} failed:\n${message}`);
    failures.push({ benchmark: benchmark.name, error: message });
  }
}

console.log(`\n${formatTable(results)}`);
await writeJsonReport(resultsFile, results, failures, startedAt);
console.log(`\nResults written to ${resultsFile}`);
if (failures.length > 0) {
  console.error(
    `\n${failures.length} benchmark(s) FAILED: ${failures.map((failure) => failure.benchmark).join(', ')}`,
  );
  process.exitCode = 1;
}
