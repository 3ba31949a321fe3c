import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './paths.ts';

/** package.json's start script: the command `npm start` runs. */
export function npmStartScript(): string {
  const manifest = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
    scripts?: { start?: string };
  };
  return manifest.scripts?.start ?? '';
}
