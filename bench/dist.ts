import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildSpaIfStale } from '../server/build-spa-if-stale.ts';
import { check } from './check.ts';
import { distDir, projectRoot } from './paths.ts';

export interface DistState {
  /** Why dist/ may not match the working tree (the build failed and the previous dist/ is measured). */
  staleReason?: string;
  /** dist/ held React's development build (see ensureFreshDist) and was rebuilt for production. */
  replacedDevelopmentBuild?: boolean;
}

/**
 * Whether dist/ holds a development build of React: `vite build` follows NODE_ENV, so a build made
 * under vitest (NODE_ENV=test, e.g. by the e2e global setup) bundles react's development runtime
 * (a jsx-dev-runtime chunk, owner stacks through console.createTask) and is several times slower.
 */
export async function distIsDevelopmentBuild(): Promise<boolean> {
  const assets = path.join(distDir, 'assets');
  if (!existsSync(assets)) return false;
  const entries = await readdir(assets, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    if (entry.name.startsWith('jsx-dev-runtime')) return true;
    if ((await readFile(path.join(entry.parentPath, entry.name), 'utf8')).includes('console.createTask'))
      return true;
  }
  return false;
}

/** Runs `fn` with NODE_ENV=production, so whatever vite builds meanwhile is a production build. */
async function withProductionEnv<T>(fn: () => Promise<T>): Promise<T> {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return await fn();
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}

/**
 * Makes dist/ match the working tree with the server's own rule (vite build when dist/index.html is
 * missing or older than src/, public/, index.html, the configs or the lockfile), and always as a
 * production build: a fresh dist/ that holds React's development build (built under NODE_ENV=test)
 * is rebuilt too. The app servers of these benchmarks run with --no-build and serve whatever dist/
 * holds. When the build fails (a working tree caught mid-edit) but a previous dist/ exists, that one
 * is measured and flagged.
 */
export async function ensureFreshDist(): Promise<DistState> {
  const started = performance.now();
  let replacedDevelopmentBuild = false;
  try {
    await withProductionEnv(async () => {
      if (await distIsDevelopmentBuild()) {
        const { build } = await import('vite');
        await build({
          root: projectRoot,
          logLevel: 'warn',
          configFile: path.join(projectRoot, 'vite.config.ts'),
        });
        replacedDevelopmentBuild = true;
        console.log(
          `  WARNING: dist/ held a development build of React (built with NODE_ENV != production): rebuilt for production in ${Math.round(performance.now() - started)} ms`,
        );
      } else if (await buildSpaIfStale(projectRoot, distDir)) {
        console.log(`  dist/ was stale: rebuilt with vite in ${Math.round(performance.now() - started)} ms`);
      }
    });
  } catch (error) {
    // eslint-disable-next-line no-control-regex -- vite's message carries ANSI colour codes
    const message = (error instanceof Error ? error.message : String(error)).replace(/\u001b\[[0-9;]*m/g, '');
    if (!existsSync(path.join(distDir, 'index.html'))) throw error;
    console.warn(
      `  WARNING: vite build failed, measuring the previous (stale) dist/:\n${message.slice(0, 500)}`,
    );
    return { staleReason: `vite build failed: ${message.split('\n')[0] ?? ''}` };
  }
  check(existsSync(path.join(distDir, 'index.html')), 'dist/index.html is missing after the build');
  check(!(await distIsDevelopmentBuild()), 'dist/ still holds a development build of React after the build');
  return replacedDevelopmentBuild ? { replacedDevelopmentBuild } : {};
}
