/** Summary statistics for a list of timings (milliseconds). */
export interface Summary {
  n: number;
  min: number;
  median: number;
  p95: number;
  max: number;
  mean: number;
}

/** The q-quantile (0..1) with linear interpolation between the closest ranks. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) throw new Error('quantile of an empty sample');
  const sorted = [...samples].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] ?? 0;
  const high = sorted[upper] ?? low;
  return low + (high - low) * (position - lower);
}

export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new Error('summary of an empty sample');
  return {
    n: samples.length,
    min: Math.min(...samples),
    median: quantile(samples, 0.5),
    p95: quantile(samples, 0.95),
    max: Math.max(...samples),
    mean: samples.reduce((sum, value) => sum + value, 0) / samples.length,
  };
}

/** Rounds to a readable precision: two decimals under 10, one under 1000, whole numbers above. */
export function round(value: number): number {
  const digits = Math.abs(value) < 10 ? 2 : Math.abs(value) < 1000 ? 1 : 0;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** `value` with every number in it rounded (the JSON report's details). */
export function roundDeep(value: unknown): unknown {
  if (typeof value === 'number') return round(value);
  if (Array.isArray(value)) return value.map(roundDeep);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, each]) => [key, roundDeep(each)]));
}
