// `npm run size`: after `vite build`, the JavaScript budget of bundle-budget.json, checked without
// a browser (docs/decisions/026-javascript-budget.md). Every JS file of dist/ is gzipped (level 9,
// as `npm run bench` does) and held against its chunk's limit; the "dashboard total" (the entry, its
// static imports, and the lazy modules the signed-in dashboard loads up to a first generated post,
// with their static imports) against the dashboard's. Exits 1, naming the chunk and by how much
// it grew, when one is over; 2 when it cannot measure (no build, a budget that names a module the
// build no longer has).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's `.vite/manifest.json` (the fields this check reads). */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  assets?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface Budget {
  /** kB = 1,000 bytes of gzip -9, as the bench reports. */
  dashboard: {
    /** The enforced ceiling of the dashboard total. */
    maxKb: number;
    /** Where the dashboard total should get to (reported, not enforced while it is above maxKb). */
    targetKb?: number;
    /**
     * Manifest keys (source paths) of the lazy modules the dashboard loads on its way to a first
     * generated post; each is counted with its static imports.
     */
    lazyOnPath: string[];
  };
  chunks: {
    /** The limit of a chunk the budget does not name. */
    defaultMaxKb: number;
    /** Limits by chunk name (the file name without its hash: `index`, `client`, `markdown`). */
    maxKb: Record<string, number>;
  };
}

export interface ChunkSize {
  file: string;
  name: string;
  gzipBytes: number;
  limitKb: number;
}

export interface BudgetReport {
  chunks: ChunkSize[];
  dashboard: { files: string[]; gzipBytes: number; maxKb: number; targetKb?: number };
  /** One sentence per broken limit; empty when everything fits. */
  failures: string[];
}

const kb = (bytes: number) => bytes / 1000;
const formatKb = (bytes: number) => `${kb(bytes).toFixed(1)} kB`;

/** A chunk's name: the manifest's, else its file name without the directory, hash and extension. */
export function chunkName(file: string, manifestName?: string): string {
  if (manifestName) return manifestName;
  return path
    .basename(file)
    .replace(/\.js$/, '')
    .replace(/-[\w-]{8}$/, '');
}

/** Every JS file the build emitted, by file, with its chunk name (a worker is an asset of its chunk). */
export function jsFiles(manifest: Manifest): Map<string, string> {
  const files = new Map<string, string>();
  for (const chunk of Object.values(manifest)) {
    if (chunk.file.endsWith('.js')) files.set(chunk.file, chunkName(chunk.file, chunk.name));
    for (const asset of chunk.assets ?? []) if (asset.endsWith('.js')) files.set(asset, chunkName(asset));
  }
  return files;
}

/**
 * The JS files the signed-in dashboard loads up to a first generated post: the entry chunk with
 * its static imports, and each module of `lazyOnPath` with its static imports. Throws when a module
 * of `lazyOnPath` is not a chunk of the build (renamed or no longer lazy: the budget must follow).
 */
export function dashboardFiles(manifest: Manifest, lazyOnPath: readonly string[]): string[] {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1)
    throw new Error(`expected one entry chunk in the manifest, found ${entries.length}`);
  const missing = lazyOnPath.filter((key) => !manifest[key]);
  if (missing.length > 0) {
    throw new Error(
      `bundle-budget.json names lazy modules the build does not have as chunks: ${missing.join(', ')} ` +
        '(renamed, or no longer loaded with import()): update dashboard.lazyOnPath',
    );
  }
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key] of entries) visit(key);
  for (const key of lazyOnPath) visit(key);
  return [...new Set([...seen].map((key) => (manifest[key] as ManifestChunk).file))]
    .filter((file) => file.endsWith('.js'))
    .sort();
}

/** Holds every chunk and the dashboard total against the budget; `gzipBytes` maps a dist/ file to its size. */
export function checkBudget(
  manifest: Manifest,
  gzipBytes: ReadonlyMap<string, number>,
  budget: Budget,
): BudgetReport {
  const sizeOf = (file: string) => {
    const size = gzipBytes.get(file);
    if (size === undefined) throw new Error(`no size for ${file}`);
    return size;
  };
  const failures: string[] = [];
  const chunks = [...jsFiles(manifest)]
    .map(([file, name]) => ({
      file,
      name,
      gzipBytes: sizeOf(file),
      limitKb: budget.chunks.maxKb[name] ?? budget.chunks.defaultMaxKb,
    }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  for (const chunk of chunks) {
    const over = chunk.gzipBytes - chunk.limitKb * 1000;
    if (over > 0) {
      failures.push(
        `chunk "${chunk.name}" (${chunk.file}) is ${formatKb(chunk.gzipBytes)} gzipped: it grew ${formatKb(over)} ` +
          `past its ${chunk.limitKb} kB limit`,
      );
    }
  }
  const files = dashboardFiles(manifest, budget.dashboard.lazyOnPath);
  const total = files.reduce((sum, file) => sum + sizeOf(file), 0);
  const over = total - budget.dashboard.maxKb * 1000;
  if (over > 0) {
    const biggest = files
      .map((file) => ({ file, size: sizeOf(file) }))
      .sort((a, b) => b.size - a.size)
      .slice(0, 3)
      .map(({ file, size }) => `${chunkName(file)} ${formatKb(size)}`)
      .join(', ');
    failures.push(
      `the dashboard total is ${formatKb(total)} gzipped: it grew ${formatKb(over)} past its ` +
        `${budget.dashboard.maxKb} kB limit (largest: ${biggest})`,
    );
  }
  return {
    chunks,
    dashboard: {
      files,
      gzipBytes: total,
      maxKb: budget.dashboard.maxKb,
      targetKb: budget.dashboard.targetKb,
    },
    failures,
  };
}

/** The report as lines for the terminal: the dashboard's files, every chunk, then the verdict. */
export function formatReport(report: BudgetReport): string {
  const { dashboard } = report;
  const onDashboard = new Set(dashboard.files);
  const target =
    dashboard.targetKb === undefined
      ? ''
      : kb(dashboard.gzipBytes) <= dashboard.targetKb
        ? `, target ${dashboard.targetKb} kB met`
        : `, target ${dashboard.targetKb} kB not met yet`;
  const lines = [
    `Dashboard through a first generated post: ${formatKb(dashboard.gzipBytes)} gzipped in ${dashboard.files.length} file(s), ` +
      `limit ${dashboard.maxKb} kB${target}`,
    '',
    'chunk (gzip -9)                          size       limit   dashboard',
    ...report.chunks.map(
      (chunk) =>
        `${chunk.name.padEnd(38)} ${formatKb(chunk.gzipBytes).padStart(9)} ${`${chunk.limitKb} kB`.padStart(10)}   ` +
        (onDashboard.has(chunk.file) ? 'yes' : ''),
    ),
    '',
  ];
  if (report.failures.length === 0) lines.push('JavaScript budget: every chunk and the dashboard total fit.');
  else {
    lines.push(`JavaScript budget EXCEEDED (bundle-budget.json, docs/decisions/026-javascript-budget.md):`);
    for (const failure of report.failures) lines.push(`  ✖ ${failure}`);
  }
  return lines.join('\n');
}

/** Checks that a parsed bundle-budget.json has the fields this check reads. */
export function parseBudget(value: unknown): Budget {
  const budget = value as Budget;
  const isKb = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n > 0;
  if (
    !budget ||
    !isKb(budget.dashboard?.maxKb) ||
    !Array.isArray(budget.dashboard.lazyOnPath) ||
    !budget.dashboard.lazyOnPath.every((key) => typeof key === 'string') ||
    !isKb(budget.chunks?.defaultMaxKb) ||
    typeof budget.chunks.maxKb !== 'object' ||
    !Object.values(budget.chunks.maxKb ?? {}).every(isKb)
  ) {
    throw new Error(
      'bundle-budget.json: expected { dashboard: { maxKb, lazyOnPath[] }, chunks: { defaultMaxKb, maxKb{} } }',
    );
  }
  return budget;
}

/** Reads a build's manifest and gzips each of its JS files. */
export async function measureBuild(
  distDir: string,
): Promise<{ manifest: Manifest; gzipBytes: Map<string, number> }> {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(
    await readFile(manifestFile, 'utf8').catch(() => {
      throw new Error(
        `${manifestFile} is missing: run \`vite build\` first (build.manifest is on in vite.config.ts)`,
      );
    }),
  ) as Manifest;
  const gzipBytes = new Map<string, number>();
  for (const file of jsFiles(manifest).keys()) {
    gzipBytes.set(file, gzipSync(await readFile(path.join(distDir, file)), { level: 9 }).length);
  }
  return { manifest, gzipBytes };
}

/** The whole check on a build directory and a budget file; returns the report. */
export async function checkBuild(distDir: string, budgetFile: string): Promise<BudgetReport> {
  const budget = parseBudget(JSON.parse(await readFile(budgetFile, 'utf8')));
  const { manifest, gzipBytes } = await measureBuild(distDir);
  return checkBudget(manifest, gzipBytes, budget);
}

/**
 * `tsx scripts/check-bundle-size.ts [dist dir] [budget file] [--json <file>]`; `--json` also writes
 * the verdict as a one-test report in the shape of vitest's (what .ci/run's summary line counts).
 */
async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { values, positionals } = parseArgs({
    options: { json: { type: 'string' } },
    allowPositionals: true,
  });
  const distDir = path.resolve(positionals[0] ?? path.join(root, 'dist'));
  const budgetFile = path.resolve(positionals[1] ?? path.join(root, 'bundle-budget.json'));
  let passed = false;
  try {
    const report = await checkBuild(distDir, budgetFile);
    passed = report.failures.length === 0;
    if (passed) console.log(formatReport(report));
    else console.error(formatReport(report));
    process.exitCode = passed ? 0 : 1;
  } catch (error) {
    console.error(
      `JavaScript budget: cannot check: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 2;
  }
  if (values.json) {
    await mkdir(path.dirname(path.resolve(values.json)), { recursive: true });
    const verdict = { numPassedTests: passed ? 1 : 0, numFailedTests: passed ? 0 : 1, success: passed };
    await writeFile(
      path.resolve(values.json),
      `${JSON.stringify({ name: 'JavaScript budget', ...verdict })}\n`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
