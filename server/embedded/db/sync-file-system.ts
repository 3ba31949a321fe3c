import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Flushes every file of the file system that holds `dir` to disk (syncfs, through coreutils'
 * `sync -f`). Run before a database engine opens `dir`, it makes whatever a previous engine
 * wrote durable in one call. False when `dir` does not exist yet or `sync -f` is unavailable
 * (for example on macOS): the engine then fsyncs every file itself, as Postgres normally does.
 */
export function syncFileSystem(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return Promise.resolve(false);
  return new Promise((resolve) => {
    execFile('sync', ['-f', dir], { timeout: 60_000 }, (error) => resolve(error === null));
  });
}
