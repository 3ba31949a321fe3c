import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { check } from '../check.ts';
import { ensureFreshDist } from '../dist.ts';
import { startNpmStart, stopApp, type StartedApp } from '../npm-start.ts';
import type { BenchCase } from '../report.ts';
import { sampleRows } from '../results.ts';
import { round } from '../stats.ts';

const runs = 5;
const targetMs = 3000;

/** One start on `dataDir`, stopped again; a clean shutdown is checked through the next start's log. */
async function startAndStop(dataDir: string, timeoutMs: number): Promise<StartedApp> {
  const started = await startNpmStart(dataDir, timeoutMs);
  await stopApp(started.child);
  check(
    !started.output().includes('did not shut down cleanly'),
    `the previous start did not shut down cleanly:\n${started.output()}`,
  );
  return started;
}

/** The measured starts: ms to the first 200, the server's own "ready in" and whether it rebuilt dist/. */
async function measuredStarts(dataDir: string) {
  const samples: number[] = [];
  const serverReportedReadyMs: number[] = [];
  let rebuilds = 0;
  for (let run = 1; run <= runs; run += 1) {
    const started = await startAndStop(dataDir, 60_000);
    if (started.output().includes('Built the web app')) rebuilds += 1;
    const ready = /ready in (\d+) ms/.exec(started.output());
    if (ready) serverReportedReadyMs.push(Number(ready[1]));
    samples.push(started.firstResponseMs);
    console.log(`  cold start ${run}/${runs}: ${round(started.firstResponseMs)} ms`);
  }
  return { samples, serverReportedReadyMs, rebuilds };
}

/**
 * Cold start of `npm start` on an existing data directory: what package.json's start script runs
 * (node --import tsx server/main.ts, which also checks whether dist/ is stale), spawn to the first served request.
 * The first start creates the data dir (initdb, migrations) and is not measured.
 */
async function run() {
  await ensureFreshDist();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-cold-start-'));
  try {
    const first = await startAndStop(dataDir, 300_000);
    console.log(`  first start (creates the data dir): ${round(first.firstResponseMs)} ms`);
    const { samples, serverReportedReadyMs, rebuilds } = await measuredStarts(dataDir);
    const warning = rebuilds ? `; WARNING: ${rebuilds} run(s) rebuilt dist/` : '';
    return sampleRows('cold start (existing data dir)', samples, ['median', 'max'], {
      target: targetMs,
      note: `n=${runs}, \`npm start\` (node --import tsx server/main.ts) spawn → first 200 of /app-config.json${warning}`,
      restNote: `n=${runs}`,
      details: {
        serverReportedReadyMs,
        firstStartMs: round(first.firstResponseMs),
        rebuiltSpaDuringMeasuredRuns: rebuilds,
      },
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export const coldStart: BenchCase = { name: 'cold start', run };
