import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** Files whose change means the SPA must be rebuilt before it is served. */
const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'tailwind.config.ts', 'package-lock.json'];

async function newestMtime(target: string): Promise<number> {
  const info = await stat(target).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(target, { withFileTypes: true });
  const times = await Promise.all(
    entries
      .filter((entry) => !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.test.tsx'))
      .map((entry) => newestMtime(path.join(target, entry.name))),
  );
  return Math.max(info.mtimeMs, ...times);
}

/** Runs `vite build` when dist/ is missing or older than its sources; returns whether it built. */
export async function buildSpaIfStale(root: string, distDir: string): Promise<boolean> {
  const built = (await stat(path.join(distDir, 'index.html')).catch(() => null))?.mtimeMs ?? 0;
  const sources = Math.max(
    ...(await Promise.all(inputs.map((input) => newestMtime(path.join(root, input))))),
  );
  if (built > sources) return false;
  const { build } = await import('vite');
  // Vite keeps an existing NODE_ENV: under a test runner (NODE_ENV=test) it would bundle React's
  // development build, and that dist/ would then be served as fresh. Always build for production.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      mode: 'production',
      logLevel: 'warn',
      configFile: path.join(root, 'vite.config.ts'),
    });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
  return true;
}
