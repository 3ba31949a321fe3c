import type { BenchResult } from './report.ts';
import { summarize, type Summary } from './stats.ts';

export type Stat = 'median' | 'p95' | 'max';

export interface RowsOptions {
  /** Default ms. */
  unit?: string;
  /** One target for every row, or a target per statistic (the others report only). */
  target?: number | Partial<Record<Stat, number>>;
  note: string;
  /** The note of the rows after the first (default: `note`). */
  restNote?: string;
  /** Kept in the JSON of the first row, next to the summary. */
  details?: Record<string, unknown>;
}

/** One row per statistic, named "<name>, <stat>": the first one carries the summary and details. */
export function summaryRows(
  name: string,
  summary: Summary,
  stats: readonly Stat[],
  options: RowsOptions,
): BenchResult[] {
  const targetOf = (stat: Stat) =>
    typeof options.target === 'number' ? options.target : options.target?.[stat];
  return stats.map((stat, index) => ({
    name: `${name}, ${stat}`,
    value: summary[stat],
    unit: options.unit ?? 'ms',
    ...(targetOf(stat) === undefined ? {} : { target: targetOf(stat) }),
    note: index === 0 ? options.note : (options.restNote ?? options.note),
    ...(index === 0 ? { details: { summary, ...options.details } } : {}),
  }));
}

/** summaryRows() of raw samples, which are kept in the first row's details. */
export function sampleRows(
  name: string,
  samples: readonly number[],
  stats: readonly Stat[],
  options: RowsOptions,
): BenchResult[] {
  const details = { samplesMs: samples, ...options.details };
  return summaryRows(name, summarize(samples), stats, { ...options, details });
}

/** A single measured value. */
export function row(
  name: string,
  value: number,
  unit: string,
  extra: Pick<BenchResult, 'target' | 'atLeast' | 'note' | 'details'> = {},
): BenchResult {
  return { name, value, unit, ...extra };
}
