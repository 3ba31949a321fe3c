import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../harness/free-port.ts';
import { check } from './check.ts';
import { projectRoot } from './paths.ts';

/**
 * What `npm start` runs in the checkout at `root`, read from its package.json's start script
 * ("node --import tsx server/main.ts"): this Node and the script's arguments.
 */
export function npmStartCommand(root = projectRoot): { command: string; args: string[] } {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts?: { start?: string };
  };
  const script = manifest.scripts?.start ?? '';
  const [bin, ...args] = script.split(/\s+/).filter(Boolean);
  check(bin === 'node' && args.at(-1) === 'server/main.ts', `unexpected start script "${script}"`);
  return { command: process.execPath, args };
}

export interface StartedApp {
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 of GET /app-config.json. */
  firstResponseMs: number;
  output: () => string;
}

/** Polls `url` every 20 ms until it answers 200; fails when the process exits or time runs out. */
async function firstResponse(url: string, child: ChildProcess, spawnedAt: number, timeoutMs: number) {
  for (;;) {
    check(
      child.exitCode === null && child.signalCode === null,
      `the server exited (${child.exitCode ?? child.signalCode})`,
    );
    check(
      performance.now() - spawnedAt <= timeoutMs,
      `the server did not answer ${url} within ${timeoutMs} ms`,
    );
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) }).catch(() => null);
    if (response?.status === 200) {
      const ms = performance.now() - spawnedAt;
      await response.arrayBuffer();
      return ms;
    }
    await response?.arrayBuffer().catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Spawns `npm start`'s command of the checkout at `root` on `dataDir`, timed to the first served request. */
export async function startNpmStart(
  dataDir: string,
  timeoutMs: number,
  root = projectRoot,
): Promise<StartedApp> {
  const port = await freePort();
  const { command, args } = npmStartCommand(root);
  let output = '';
  const spawnedAt = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, stopped as a terminal's Ctrl-C or a service manager stops it (stopApp).
    detached: true,
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    const firstResponseMs = await firstResponse(
      `http://127.0.0.1:${port}/app-config.json`,
      child,
      spawnedAt,
      timeoutMs,
    );
    return { child, firstResponseMs, output: () => output };
  } catch (error) {
    await stopApp(child);
    throw new Error(`${error instanceof Error ? error.message : String(error)}:\n${output}`, {
      cause: error,
    });
  }
}

/**
 * SIGTERM to the whole process group, as Ctrl-C in a terminal or a service manager sends it;
 * SIGKILL after 15 s. (The server handles the signal itself: no tsx parent stands between, whose
 * relay would SIGKILL a server too busy to answer within 30 ms; tests/integration/npm-start-stop.)
 */
export async function stopApp(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const group = -child.pid;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(group, 'SIGTERM');
  const timer = setTimeout(() => process.kill(group, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
