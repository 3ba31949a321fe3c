import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BenchResult } from './report.ts';
import { projectRoot } from './paths.ts';
import { round, summarize } from './stats.ts';

const runs = 5;
const pollIntervalMs = 20;
const targetMs = 3000;

/** A port that was free a moment ago (the kernel picks it, then we release it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

interface StartedServer {
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 of GET /app-config.json. */
  firstResponseMs: number;
  output: () => string;
}

/** Spawns `npm start`'s entry point and polls /app-config.json every 20 ms until it answers 200. */
async function startServer(dataDir: string, timeoutMs: number): Promise<StartedServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/app-config.json`;
  let output = '';
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: number | string | null = null;
  child.once('exit', (code, signal) => {
    exited = code ?? signal ?? 'unknown';
  });

  for (;;) {
    if (exited !== null) throw new Error(`server exited (${exited}) before answering:\n${output}`);
    if (performance.now() - spawnedAt > timeoutMs) {
      await stopServer(child);
      throw new Error(`server did not answer ${url} within ${timeoutMs} ms:\n${output}`);
    }
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) }).catch(() => null);
    if (response?.status === 200) {
      const firstResponseMs = performance.now() - spawnedAt;
      await response.arrayBuffer();
      return { child, firstResponseMs, output: () => output };
    }
    await response?.arrayBuffer().catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, pollIntervalMs));
  }
}

/** SIGTERM (the server shuts down cleanly and releases its data-dir lock); SIGKILL after 15 s. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

function ensureBuiltSpa(): void {
  if (existsSync(path.join(projectRoot, 'dist/index.html'))) return;
  console.log('  dist/index.html is missing: running vite build once');
  const result = spawnSync('npx', ['vite', 'build'], { cwd: projectRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
}

/**
 * Cold start of `npm start` on an existing data directory: spawn to the first served request.
 * The first start creates the data dir (initdb, migrations) and, if dist/ is stale, rebuilds the
 * SPA; it is not measured. Then N starts on that data dir are timed.
 */
export async function coldStartBench(): Promise<BenchResult[]> {
  ensureBuiltSpa();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-cold-start-'));
  try {
    const first = await startServer(dataDir, 300_000);
    const rebuiltOnFirst = first.output().includes('Built the web app');
    await stopServer(first.child);
    console.log(
      `  first start (creates the data dir${rebuiltOnFirst ? ', rebuilt dist/' : ''}): ${round(first.firstResponseMs)} ms`,
    );

    const samples: number[] = [];
    const serverReported: number[] = [];
    let rebuilds = 0;
    for (let run = 1; run <= runs; run += 1) {
      const started = await startServer(dataDir, 60_000);
      await stopServer(started.child);
      const output = started.output();
      if (output.includes('Built the web app')) rebuilds += 1;
      const ready = /ready in (\d+) ms/.exec(output);
      if (ready) serverReported.push(Number(ready[1]));
      samples.push(started.firstResponseMs);
      console.log(`  cold start ${run}/${runs}: ${round(started.firstResponseMs)} ms`);
    }
    const summary = summarize(samples);
    const details = {
      samplesMs: samples.map(round),
      summary,
      serverReportedReadyMs: serverReported,
      firstStartMs: round(first.firstResponseMs),
      rebuiltSpaDuringMeasuredRuns: rebuilds,
    };
    const note = `n=${runs}, spawn → first 200 of /app-config.json${rebuilds ? `; WARNING: ${rebuilds} run(s) rebuilt dist/` : ''}`;
    return [
      {
        name: 'cold start (existing data dir), median',
        value: summary.median,
        unit: 'ms',
        target: targetMs,
        note,
        details,
      },
      {
        name: 'cold start (existing data dir), max',
        value: summary.max,
        unit: 'ms',
        target: targetMs,
        note: `n=${runs}`,
      },
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
