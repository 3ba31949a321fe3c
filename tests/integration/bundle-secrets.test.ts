import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/database-template.ts';

// Shaped like real keys, so the pattern check below would also catch them.
const planted = {
  GROQ_API_KEY: `gsk_${'A1b2C3d4'.repeat(6)}`,
  ANTHROPIC_API_KEY: `sk-ant-api03-${'Zy9Xw8'.repeat(8)}`,
  PERPLEXITY_API_KEY: `pplx-${'q1W2e3R4'.repeat(6)}`,
  YOUTUBE_API_KEY: `AIza${'S'.repeat(35)}`,
};
const keyShaped =
  /(gsk_[A-Za-z0-9]{20,}|sk-ant-[A-Za-z0-9_-]{20,}|pplx-[A-Za-z0-9]{20,}|AIza[0-9A-Za-z_-]{35})/;

let outDir: string;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'dist-secrets-'));
  // The keys sit in the environment, also under VITE_ names a careless change might expose.
  for (const [name, value] of Object.entries(planted)) {
    for (const variable of [name, `VITE_${name}`]) {
      saved[variable] = process.env[variable];
      process.env[variable] = value;
    }
  }
  await build({
    root: projectRoot,
    configFile: path.join(projectRoot, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  });
}, 120_000);

afterAll(async () => {
  for (const [variable, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[variable];
    else process.env[variable] = value;
  }
  await rm(outDir, { recursive: true, force: true });
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe('the built browser bundle', () => {
  it('contains no provider key and nothing shaped like one', async () => {
    const files = await filesUnder(outDir);
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      for (const value of Object.values(planted))
        expect(text.includes(value), `${path.basename(file)} contains a planted key`).toBe(false);
      expect(
        keyShaped.exec(text)?.[0],
        `${path.basename(file)} contains a key-shaped string`,
      ).toBeUndefined();
    }
  });
});
