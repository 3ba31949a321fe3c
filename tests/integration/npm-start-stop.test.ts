import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { npmStartScript } from '../../harness/npm-start-script.ts';
import { lockFileName } from '../../server/embedded/data-dir/data-dir-lock.ts';
import { projectRoot } from '../helpers/database-template.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** package.json's start script, as `npm start` runs it: through sh, with node_modules/.bin first. */
function spawnNpmStart(dataDir: string): { child: ChildProcess; output: () => string } {
  const child = spawn('sh', ['-c', `${npmStartScript()} --no-build`], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PATH: `${path.join(projectRoot, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, as a terminal or a service manager runs it.
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** The processes of a process group, read from /proc: pid and parent pid. */
function groupMembers(group: number): { pid: number; parent: number }[] {
  const members: { pid: number; parent: number }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // ended while listing
    }
    // pid (comm) state ppid pgrp …: comm may hold spaces, so read after its closing parenthesis.
    const [, parent, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === group) members.push({ pid: Number(name), parent: Number(parent) });
  }
  return members;
}

/** The process that serves: the one in the group with no child in it (tsx's or sh's child, if any). */
function serverPid(group: number): number {
  const members = groupMembers(group);
  const leaves = members.filter((member) => !members.some((other) => other.parent === member.pid));
  expect(leaves).toHaveLength(1);
  return leaves[0]!.pid;
}

/** `npm start` on a new data directory, killed and removed after the tests. */
async function startOnNewDataDir() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'post-writer-stop-'));
  const app = spawnNpmStart(dataDir);
  const group = app.child.pid as number;
  // Ended when every process of the group has let go of the output (sh may end before the server).
  const ended = new Promise<void>((resolve) => app.child.once('close', () => resolve()));
  cleanups.push(async () => {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // the group has ended
    }
    await rm(dataDir, { recursive: true, force: true });
  });
  return { dataDir, app, group, ended };
}

describe('stopping npm start', () => {
  it('shuts down cleanly when Ctrl-C or a service manager stops it while it is busy', async () => {
    const { dataDir, app, group, ended } = await startOnNewDataDir();
    await expect.poll(() => app.output(), { timeout: 180_000, interval: 100 }).toMatch(/is running at/);

    // The server is busy (a long query, a busy machine): it cannot answer anything for a second,
    // and the stop signal reaches the whole group meanwhile.
    const server = serverPid(group);
    process.kill(server, 'SIGSTOP');
    process.kill(-group, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    try {
      process.kill(server, 'SIGCONT');
    } catch {
      // gone already: something killed it while it could not answer
    }
    await ended;

    // It finished its own shutdown: PostgreSQL stopped cleanly (it removes its pid file last) and
    // nothing of the app's process group is left running.
    expect(app.output()).toContain('SIGTERM received: shutting down');
    expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    await expect.poll(() => groupMembers(group)).toEqual([]);
  });

  it('shuts down cleanly when stopped while it is still starting (the database already open)', async () => {
    const { dataDir, app, group, ended } = await startOnNewDataDir();
    // The data directory is locked just before the database opens; the stop comes from then on.
    await expect
      .poll(() => existsSync(path.join(dataDir, lockFileName)), { timeout: 180_000, interval: 5 })
      .toBe(true);
    process.kill(-group, 'SIGTERM');
    await ended;

    expect(app.output()).toContain('SIGTERM received');
    expect(app.output()).toContain('shutting down');
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });
});
