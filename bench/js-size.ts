import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { check } from './check.ts';
import { distDir } from './paths.ts';

export interface GzipSize {
  file: string;
  rawBytes: number;
  gzipBytes: number;
}

/** The size of a dist/ file, raw and gzipped at level 9. */
export async function gzipSizeOf(file: string): Promise<GzipSize> {
  const content = await readFile(file);
  return {
    file: path.relative(distDir, file).split(path.sep).join('/'),
    rawBytes: content.length,
    gzipBytes: gzipSync(content, { level: 9 }).length,
  };
}

/** The dist/ file a same-origin URL serves (`/assets/index-abc.js` → dist/assets/index-abc.js). */
export function distFileOf(url: string): string {
  const pathname = decodeURIComponent(new URL(url).pathname);
  const file = path.join(distDir, pathname);
  check(file.startsWith(distDir + path.sep) && existsSync(file), `${url} is not a file of dist/`);
  return file;
}

/** Every .js file under dist/assets. */
export async function distScripts(): Promise<string[]> {
  const assets = path.join(distDir, 'assets');
  const entries = await readdir(assets, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

export const totalGzipBytes = (sizes: readonly GzipSize[]) =>
  sizes.reduce((sum, size) => sum + size.gzipBytes, 0);
