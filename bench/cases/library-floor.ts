import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { check } from '../check.ts';
import { projectRoot } from '../paths.ts';
import type { BenchCase, BenchResult } from '../report.ts';
import { row } from '../results.ts';

/** The issue's target for everything the dashboard loads through a first post (gzip -9, kB = 1,000 bytes). */
const dashboardTargetKb = 150;

/** What each library of the fixed stack weighs, split into a chunk of its own. */
const chunkOf = (id: string): string | undefined => {
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
  if (/[\\/]node_modules[\\/]react-router(-dom)?[\\/]/.test(id)) return 'router';
  if (/[\\/]node_modules[\\/]@supabase[\\/]/.test(id)) return 'supabase';
  if (/[\\/]node_modules[\\/]groq-sdk[\\/]/.test(id)) return 'groq';
  return undefined;
};

/**
 * The least app the product owner's fixed libraries allow (../shared/DESIGN.md: React, react-router-dom,
 * supabase-js, groq-sdk): a root rendered through a router, a Supabase client and the Groq client,
 * nothing of ours. `dataRouter` uses createBrowserRouter (what the app's leave guard needs);
 * otherwise the smaller declarative <BrowserRouter>.
 */
const entry = (dataRouter: boolean) => `
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { ${dataRouter ? 'createBrowserRouter, RouterProvider' : 'BrowserRouter, Route, Routes'} } from 'react-router-dom';
import { createClient } from '@supabase/supabase-js';
import Groq from 'groq-sdk';
const clients = [createClient('http://127.0.0.1', 'key'), new Groq({ apiKey: 'none', dangerouslyAllowBrowser: true })];
const page = createElement('p', null, String(clients.length));
${
  dataRouter
    ? `const router = createBrowserRouter([{ path: '/', element: page }]);
createRoot(document.getElementById('root')).render(createElement(RouterProvider, { router }));`
    : `createRoot(document.getElementById('root')).render(
  createElement(BrowserRouter, null, createElement(Routes, null, createElement(Route, { path: '/', element: page }))),
);`
}
`;

/** Builds the entry with this checkout's Vite and libraries; gzip -9 bytes per chunk name. */
async function buildFloor(dataRouter: boolean): Promise<Record<string, number>> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'bench-library-floor-'));
  try {
    await symlink(path.join(projectRoot, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');
    await writeFile(
      path.join(scratch, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="/main.js"></script></body></html>',
    );
    await writeFile(path.join(scratch, 'main.js'), entry(dataRouter));
    const { build } = await import('vite');
    await build({
      root: scratch,
      configFile: false,
      logLevel: 'error',
      build: { outDir: 'out', rollupOptions: { output: { manualChunks: chunkOf } } },
    });
    const assets = path.join(scratch, 'out', 'assets');
    const sizes: Record<string, number> = {};
    for (const name of await readdir(assets)) {
      if (!name.endsWith('.js')) continue;
      const chunk = name.replace(/-[\w-]{8}\.js$/, '');
      sizes[chunk] =
        (sizes[chunk] ?? 0) + gzipSync(await readFile(path.join(assets, name)), { level: 9 }).length;
    }
    for (const library of ['react', 'router', 'supabase', 'groq'])
      check((sizes[library] ?? 0) > 1000, `the ${library} chunk is missing from the floor build`);
    return sizes;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => Math.round(bytes / 100) / 10;
const total = (sizes: Record<string, number>) => Object.values(sizes).reduce((sum, each) => sum + each, 0);

/**
 * Why the dashboard's 150 kB target cannot be met with the fixed stack: the libraries alone, in
 * the least app that uses them, against the target (docs/decisions/026-javascript-budget.md).
 */
async function runCase(): Promise<BenchResult[]> {
  const data = await buildFloor(true);
  const declarative = await buildFloor(false);
  const parts = (sizes: Record<string, number>) =>
    Object.entries(sizes)
      .sort(([, a], [, b]) => b - a)
      .map(([name, bytes]) => `${name} ${kb(bytes)}`)
      .join(', ');
  console.log(`  data router: ${kb(total(data))} kB (${parts(data)})`);
  console.log(`  declarative router: ${kb(total(declarative))} kB (${parts(declarative)})`);
  return [
    row('fixed libraries alone, data router (kB gz)', kb(total(data)), 'kB', {
      target: dashboardTargetKb,
      note: `React 19 + react-router-dom + supabase-js + groq-sdk, no app code: ${parts(data)}`,
      details: { chunks: data },
    }),
    row('fixed libraries alone, declarative router (kB gz)', kb(total(declarative)), 'kB', {
      target: dashboardTargetKb,
      note: `the same with <BrowserRouter> (no leave guard): ${parts(declarative)}`,
      details: { chunks: declarative },
    }),
  ];
}

export const libraryFloor: BenchCase = { name: 'dashboard JS: library floor', run: runCase };
