import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Memory of the server's whole process tree, in MB. */
export interface TreeMemory {
  /** Node's RSS plus every PostgreSQL process's (shared memory is counted once per process). */
  rss: number;
  /** The same processes' PSS (shared pages split between them): what the tree really costs. */
  pss: number;
  node: number;
  postgres: number;
  /** The postmaster and its children (backends, checkpointer, WAL writer…); 0 before PostgreSQL 17. */
  postgresProcesses: number;
}

const kilobytesIn = (text: string, field: string) =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);

function read(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    // The process ended between listing and reading (a pool connection closed).
    return '';
  }
}

/** RSS and PSS of one process in kB (PSS from smaps_rollup; its RSS when that cannot be read). */
function processKilobytes(pid: number): { rss: number; pss: number } {
  const rss = kilobytesIn(read(`/proc/${pid}/status`), 'VmRSS');
  const rollup = read(`/proc/${pid}/smaps_rollup`);
  return { rss, pss: rollup ? kilobytesIn(rollup, 'Pss') : rss };
}

/** The parent of every process, from /proc/<pid>/stat (the field after the command's closing paren). */
function parents(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!ppid) continue;
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  return children;
}

/**
 * The PostgreSQL processes of the cluster in `dataDir`: the postmaster (first line of
 * DATA_DIR/postgres/postmaster.pid) and its children. None for a data dir without one (PGlite).
 */
export function postgresPids(dataDir: string): number[] {
  const postmaster = Number(read(path.join(dataDir, 'postgres', 'postmaster.pid')).split('\n')[0]);
  if (!Number.isInteger(postmaster) || postmaster <= 0) return [];
  return [postmaster, ...(parents().get(postmaster) ?? [])];
}

/** Node (`nodePid`, all its threads) and the cluster's processes, now. */
export function treeMemory(nodePid: number, dataDir: string): TreeMemory {
  const node = processKilobytes(nodePid);
  const pids = postgresPids(dataDir);
  const postgres = pids.map(processKilobytes);
  const sum = (key: 'rss' | 'pss') => postgres.reduce((total, each) => total + each[key], 0);
  const mb = (kilobytes: number) => kilobytes / 1024;
  return {
    rss: mb(node.rss + sum('rss')),
    pss: mb(node.pss + sum('pss')),
    node: mb(node.rss),
    postgres: mb(sum('rss')),
    postgresProcesses: pids.length,
  };
}

/** The tree's memory once its RSS has settled: sampled every half second until two agree within 2% (at most 20). */
export async function settledTreeMemory(nodePid: number, dataDir: string): Promise<TreeMemory> {
  let previous = treeMemory(nodePid, dataDir);
  for (let sample = 0; sample < 20; sample += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const current = treeMemory(nodePid, dataDir);
    if (Math.abs(current.rss - previous.rss) <= previous.rss * 0.02) return current;
    previous = current;
  }
  return previous;
}
