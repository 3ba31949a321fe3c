import { spawn } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { check } from '../check.ts';
import { startNpmStart, stopApp } from '../npm-start.ts';
import { projectRoot } from '../paths.ts';
import type { BenchCase, BenchResult } from '../report.ts';
import { row } from '../results.ts';
import { round } from '../stats.ts';

const firstPageTargetMs = 5000;
const previous = '37 s before the web app was built at install';

/** Runs `command` in `cwd` to its end; its output when it fails. */
function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}

/**
 * The first `npm start` on a fresh clone, after `npm install`: the committed tree cloned into a
 * temporary folder, its node_modules this checkout's (what `npm install` would download), then
 * what `npm install` runs at its end (the postinstall script, timed on its own), then `npm start`
 * on an empty data dir, spawn → first served request. The start must not build the web app.
 */
async function runCase(): Promise<BenchResult[]> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'bench-fresh-clone-'));
  const clone = path.join(scratch, 'app');
  try {
    await run('git', ['clone', '--quiet', projectRoot, clone], scratch);
    await symlink(path.join(projectRoot, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
    const installStarted = performance.now();
    await run(process.execPath, ['--import', 'tsx', 'scripts/build-web-at-install.ts'], clone);
    const installBuildMs = performance.now() - installStarted;
    console.log(`  postinstall (web app build): ${round(installBuildMs)} ms`);

    const dataDir = path.join(scratch, 'data');
    const started = await startNpmStart(dataDir, 300_000, clone);
    await stopApp(started.child);
    check(
      !started.output().includes('Built the web app'),
      `the first npm start built the web app again:\n${started.output()}`,
    );
    console.log(`  first npm start: ${round(started.firstResponseMs)} ms to the first page`);
    return [
      row('first npm start on a fresh clone after npm install', started.firstResponseMs, 'ms', {
        target: firstPageTargetMs,
        note: `spawn → first 200 of /app-config.json on an empty data dir (initdb, migrations); previous: ${previous}`,
      }),
      row('web app build at npm install (postinstall)', installBuildMs, 'ms', {
        note: 'part of npm install on a fresh clone; skipped when dist/ is newer than its sources',
      }),
    ];
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export const freshCloneStart: BenchCase = { name: 'fresh clone: first npm start', run: runCase };
