import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { round, roundDeep } from './stats.ts';

/** One measured number. Targets are reported, never enforced. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  /** The value should be at most this (at least, with `atLeast`); omitted means report only. */
  target?: number;
  /** The target is a floor (throughput), not a ceiling. */
  atLeast?: boolean;
  /** Short human note (sample size, what was measured). */
  note?: string;
  /** Anything else worth keeping in the JSON (full summaries, plans…). */
  details?: Record<string, unknown>;
}

export type BenchStatus = 'ok' | 'over' | 'report';

/** One benchmark of the table in run.ts: selected by words of its name. */
export interface BenchCase {
  name: string;
  run: () => Promise<BenchResult[]>;
}

export interface BenchFailure {
  benchmark: string;
  error: string;
}

export function statusOf(result: BenchResult): BenchStatus {
  if (result.target === undefined) return 'report';
  const met = result.atLeast ? result.value >= result.target : result.value <= result.target;
  // 'over' reads as "past the target" for a floor as well: the value is on the wrong side of it.
  return met ? 'ok' : 'over';
}

function formatValue(value: number, unit: string): string {
  return `${round(value)} ${unit}`;
}

/** A plain-text table: name, value, target, status, note. */
export function formatTable(results: readonly BenchResult[]): string {
  const header = ['Benchmark', 'Value', 'Target', 'Status', 'Note'];
  const rows = results.map((result) => [
    result.name,
    formatValue(result.value, result.unit),
    result.target === undefined
      ? '-'
      : `${result.atLeast ? '>=' : '<='} ${formatValue(result.target, result.unit)}`,
    statusOf(result),
    result.note ?? '',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const rightAligned = new Set([1, 2]);
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        rightAligned.has(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** Writes bench-results/latest.json with the machine, the results and any failed benchmarks. */
export async function writeJsonReport(
  file: string,
  results: readonly BenchResult[],
  failures: readonly BenchFailure[],
  startedAt: Date,
): Promise<void> {
  const report = {
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    environment: {
      node: process.version,
      platform: `${process.platform} ${os.release()} ${process.arch}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      totalMemoryMb: Math.round(os.totalmem() / 2 ** 20),
    },
    // Details are for reading: their numbers are rounded (the values are kept as measured).
    results: results.map((result) => ({
      ...result,
      ...(result.details ? { details: roundDeep(result.details) } : {}),
      status: statusOf(result),
    })),
    failures,
  };
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
}
