import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { check } from '../check.ts';
import { ensureFreshDist } from '../dist.ts';
import { startNpmStart, stopApp, type StartedApp } from '../npm-start.ts';
import type { BenchCase, BenchResult } from '../report.ts';
import { sampleRows } from '../results.ts';
import { serverRoots, type ServerRoot } from '../server-roots.ts';
import { round } from '../stats.ts';

const existingRuns = 5;
const firstRuns = 3;
const existingTargetMs = 1500;
const firstTargetMs = 6000;

/** One start on `dataDir`, stopped again; a clean shutdown is checked through the next start's log. */
async function startAndStop(root: string, dataDir: string, timeoutMs: number): Promise<StartedApp> {
  const started = await startNpmStart(dataDir, timeoutMs, root);
  await stopApp(started.child);
  check(
    !started.output().includes('did not shut down cleanly'),
    `the previous start did not shut down cleanly:\n${started.output()}`,
  );
  return started;
}

/** A fresh, empty data dir under the temp folder (TMPDIR). */
const emptyDataDir = () => mkdtemp(path.join(os.tmpdir(), 'bench-cold-start-'));

interface Starts {
  samples: number[];
  serverReportedReadyMs: number[];
  rebuilds: number;
}

async function timedStart(root: string, dataDir: string, starts: Starts, label: string) {
  const started = await startAndStop(root, dataDir, 300_000);
  if (started.output().includes('Built the web app')) starts.rebuilds += 1;
  const ready = /ready in (\d+) ms/.exec(started.output());
  if (ready) starts.serverReportedReadyMs.push(Number(ready[1]));
  starts.samples.push(started.firstResponseMs);
  console.log(`  ${label}: ${round(started.firstResponseMs)} ms`);
}

/** First starts, each on a new empty data dir: the cluster is created (initdb) and migrated. */
async function firstStarts(root: string): Promise<Starts> {
  const starts: Starts = { samples: [], serverReportedReadyMs: [], rebuilds: 0 };
  for (let run = 1; run <= firstRuns; run += 1) {
    const dataDir = await emptyDataDir();
    try {
      await timedStart(root, dataDir, starts, `first start ${run}/${firstRuns} (initdb)`);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return starts;
}

/** Starts on one existing data dir, created (and not timed) first. */
async function existingStarts(root: string): Promise<Starts> {
  const starts: Starts = { samples: [], serverReportedReadyMs: [], rebuilds: 0 };
  const dataDir = await emptyDataDir();
  try {
    await startAndStop(root, dataDir, 300_000);
    for (let run = 1; run <= existingRuns; run += 1)
      await timedStart(root, dataDir, starts, `cold start ${run}/${existingRuns}`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return starts;
}

function rows({ suffix }: ServerRoot, existing: Starts, first: Starts): BenchResult[] {
  const command = '`npm start` (node --import tsx server/main.ts) spawn → first 200 of /app-config.json';
  const warning = (starts: Starts) =>
    starts.rebuilds ? `; WARNING: ${starts.rebuilds} run(s) rebuilt dist/` : '';
  return [
    ...sampleRows(`cold start (existing data dir)${suffix}`, existing.samples, ['median', 'max'], {
      target: { median: existingTargetMs },
      note: `n=${existingRuns}, ${command}${warning(existing)}`,
      restNote: `n=${existingRuns}`,
      details: { serverReportedReadyMs: existing.serverReportedReadyMs },
    }),
    ...sampleRows(`first start (empty data dir, initdb)${suffix}`, first.samples, ['median', 'max'], {
      target: { median: firstTargetMs },
      note: `n=${firstRuns}, each on a new data dir: database created and migrated${warning(first)}`,
      restNote: `n=${firstRuns}`,
      details: { serverReportedReadyMs: first.serverReportedReadyMs },
    }),
  ];
}

/**
 * Cold start of `npm start` (what package.json's start script runs, which also checks whether
 * dist/ is stale), spawn to the first served request: on an existing data directory, and on an
 * empty one (the first start of an install: initdb, migrations). A start on a throwaway data dir
 * comes first, untimed, so neither series pays for a dist/ rebuild or a cold page cache.
 * With BENCH_BASELINE_ROOT, that checkout's `npm start` is measured the same way right after.
 */
async function run() {
  await ensureFreshDist();
  const results: BenchResult[] = [];
  for (const each of serverRoots()) {
    if (each.suffix) console.log(`  ${each.root}:`);
    const warmUp = await emptyDataDir();
    try {
      await startAndStop(each.root, warmUp, 600_000);
    } finally {
      await rm(warmUp, { recursive: true, force: true });
    }
    const existing = await existingStarts(each.root);
    const first = await firstStarts(each.root);
    results.push(...rows(each, existing, first));
  }
  return results;
}

export const coldStart: BenchCase = { name: 'cold start', run };
