import { readFileSync } from 'node:fs';

/** Resident memory of a process (all its threads: the HTTP side and the database worker). */
export function rssMegabytes(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) / 1024;
}

/** RSS once it has settled: sampled every half second until two samples agree within 2% (at most 20). */
export async function settledRss(pid: number): Promise<number> {
  let previous = rssMegabytes(pid);
  for (let sample = 0; sample < 20; sample += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const current = rssMegabytes(pid);
    if (Math.abs(current - previous) <= previous * 0.02) return current;
    previous = current;
  }
  return previous;
}
