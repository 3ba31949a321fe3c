import path from 'node:path';
import { projectRoot } from './paths.ts';

/** A checkout whose server a case measures: this one, or the release it is compared with. */
export interface ServerRoot {
  root: string;
  /** Added to the name of each of its rows ('' for this checkout). */
  suffix: string;
}

/**
 * This checkout, then the one named by BENCH_BASELINE_ROOT if set (a worktree of the previous
 * release with node_modules): the cases that run `npm start` as a process measure both in the same
 * run, back to back, so the figures share the machine's load.
 */
export function serverRoots(): ServerRoot[] {
  const baseline = process.env.BENCH_BASELINE_ROOT;
  const roots: ServerRoot[] = [{ root: projectRoot, suffix: '' }];
  if (baseline) roots.push({ root: path.resolve(baseline), suffix: ' (baseline)' });
  return roots;
}
