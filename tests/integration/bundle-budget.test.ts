import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkBudget,
  checkBuild,
  dashboardFiles,
  parseBudget,
  type Budget,
  type Manifest,
} from '../../scripts/check-bundle-size.ts';
import { projectRoot } from '../helpers/database-template.ts';

// The JavaScript budget's check (scripts/check-bundle-size.ts, docs/decisions/026) on a synthetic
// build: a manifest and its files in a temp dir, no vite build. A deliberately oversized import (a
// chunk of random, incompressible bytes the dashboard loads) must fail it, naming the chunk and
// its growth; the same build with small files must pass.

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-AbCd1234.js',
    name: 'index',
    src: 'index.html',
    isEntry: true,
    imports: ['_client-EfGh5678.js'],
    dynamicImports: ['src/lib/ai/groq-completion.ts', 'src/lib/markdown/markdown.tsx'],
  },
  '_client-EfGh5678.js': { file: 'assets/client-EfGh5678.js', name: 'client' },
  'src/lib/ai/groq-completion.ts': {
    file: 'assets/groq-completion-IjKl9012.js',
    name: 'groq-completion',
    isDynamicEntry: true,
    imports: ['_client-EfGh5678.js'],
  },
  'src/lib/markdown/markdown.tsx': {
    file: 'assets/markdown-MnOp3456.js',
    name: 'markdown',
    isDynamicEntry: true,
    assets: ['assets/render.worker-QrSt7890.js'],
  },
};

const budget: Budget = {
  dashboard: { maxKb: 20, targetKb: 15, lazyOnPath: ['src/lib/ai/groq-completion.ts'] },
  chunks: { defaultMaxKb: 6, maxKb: { index: 12 } },
};

/** Random bytes do not compress: `kb` kB of them (in base64) gzip to about 1.01 × `kb` kB. */
const incompressible = (kb: number) => `/*${randomBytes(kb * 1000).toString('base64')}*/`;
const tiny = 'export const x = 1;\n';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = '';
});

/** A build dir with the manifest and one file per chunk, some of them replaced by `content`. */
async function fakeBuild(
  content: Record<string, string> = {},
): Promise<{ dist: string; budgetFile: string }> {
  dir = await mkdtemp(path.join(tmpdir(), 'bundle-budget-'));
  const dist = path.join(dir, 'dist');
  await mkdir(path.join(dist, '.vite'), { recursive: true });
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  const files = Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.assets ?? [])]);
  for (const file of files) await writeFile(path.join(dist, file), content[file] ?? tiny);
  const budgetFile = path.join(dir, 'bundle-budget.json');
  await writeFile(budgetFile, JSON.stringify(budget));
  return { dist, budgetFile };
}

describe('the JavaScript budget check', () => {
  it('passes a build where every chunk and the dashboard total fit', async () => {
    const { dist, budgetFile } = await fakeBuild();
    const report = await checkBuild(dist, budgetFile);
    expect(report.failures).toEqual([]);
    // The entry, its static import, and the generation chunk the first post loads; not markdown.
    expect(report.dashboard.files).toEqual([
      'assets/client-EfGh5678.js',
      'assets/groq-completion-IjKl9012.js',
      'assets/index-AbCd1234.js',
    ]);
    // A worker emitted as an asset is measured too, under its own name.
    expect(report.chunks.map((chunk) => chunk.name).sort()).toEqual([
      'client',
      'groq-completion',
      'index',
      'markdown',
      'render.worker',
    ]);
  });

  it('fails when a chunk the dashboard loads grows past its limit, naming it and by how much', async () => {
    const { dist, budgetFile } = await fakeBuild({ 'assets/groq-completion-IjKl9012.js': incompressible(8) });
    const report = await checkBuild(dist, budgetFile);
    const [chunkFailure, totalFailure] = report.failures;
    expect(report.failures).toHaveLength(1);
    expect(chunkFailure).toMatch(
      /^chunk "groq-completion" \(assets\/groq-completion-IjKl9012\.js\) is \d+\.\d kB gzipped: it grew \d+\.\d kB past its 6 kB limit$/,
    );
    const size = report.chunks.find((chunk) => chunk.name === 'groq-completion')?.gzipBytes ?? 0;
    expect(size).toBeGreaterThan(8000);
    expect(chunkFailure).toContain(`grew ${((size - 6000) / 1000).toFixed(1)} kB`);
    // The dashboard's total (about 8 kB) is still under its 20 kB.
    expect(totalFailure).toBeUndefined();
  });

  it('fails on the dashboard total when chunks that each fit add up past it', async () => {
    const { dist, budgetFile } = await fakeBuild({
      'assets/index-AbCd1234.js': incompressible(11),
      'assets/client-EfGh5678.js': incompressible(5),
      'assets/groq-completion-IjKl9012.js': incompressible(5),
      // Not on the dashboard's path: its size must not count.
      'assets/markdown-MnOp3456.js': incompressible(5),
    });
    const report = await checkBuild(dist, budgetFile);
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]).toMatch(
      /^the dashboard total is \d+\.\d kB gzipped: it grew \d+\.\d kB past its 20 kB limit \(largest: index /,
    );
  });

  it('refuses a budget that names a lazy module the build does not have', () => {
    expect(() => dashboardFiles(manifest, ['src/features/chat/components/chat-panel.tsx'])).toThrow(
      /chat-panel\.tsx.*update dashboard\.lazyOnPath/,
    );
    expect(() => parseBudget({ dashboard: { maxKb: 150 } })).toThrow(/bundle-budget\.json/);
  });

  it('holds sizes against the limits, a named limit before the default', () => {
    const sizes = new Map(
      Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.assets ?? [])].map((f) => [f, 1000])),
    );
    sizes.set('assets/index-AbCd1234.js', 9_999);
    sizes.set('assets/markdown-MnOp3456.js', 6_400);
    const report = checkBudget(manifest, sizes, budget);
    expect(report.failures).toEqual([
      'chunk "markdown" (assets/markdown-MnOp3456.js) is 6.4 kB gzipped: it grew 0.4 kB past its 6 kB limit',
    ]);
    expect(report.dashboard.gzipBytes).toBe(9_999 + 1000 + 1000);
  });

  it('as a command: exits 1 and prints the chunk over its limit; writes the verdict with --json', async () => {
    const { dist, budgetFile } = await fakeBuild({ 'assets/client-EfGh5678.js': incompressible(8) });
    const json = path.join(dir, 'results', 'bundle-size.json');
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/check-bundle-size.ts', dist, budgetFile, '--json', json],
      { cwd: projectRoot, encoding: 'utf8' },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('JavaScript budget EXCEEDED');
    expect(run.stderr).toMatch(/chunk "client" \(assets\/client-EfGh5678\.js\) is .* past its 6 kB limit/);
    expect(JSON.parse(await readFile(json, 'utf8'))).toMatchObject({ numFailedTests: 1, success: false });
  });

  it('the committed budget parses and names modules of the source tree', async () => {
    const committed = parseBudget(
      JSON.parse(await readFile(path.join(projectRoot, 'bundle-budget.json'), 'utf8')),
    );
    for (const key of committed.dashboard.lazyOnPath)
      expect(existsSync(path.join(projectRoot, key))).toBe(true);
  });
});
