import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { buildSpaIfStale } from '../server/build-spa-if-stale.ts';
import { projectRoot } from './paths.ts';

export const distDir = path.join(projectRoot, 'dist');

/** Fails the whole benchmark: a wrong answer makes its numbers meaningless. */
export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`sanity check failed: ${message}`);
}

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

const postParagraphs = [
  'Five years ago I was the engineer who said yes to every request, and I thought that made me valuable.',
  'It did not. It made me busy, tired and invisible, because nobody could tell which of my twenty projects actually mattered to me or to the business.',
  'The turning point came during a quarterly review. My manager asked a simple question: "If you could only keep three of these, which would they be?" I could not answer.',
  'That night I wrote down everything I was working on and next to each item one sentence about why it mattered. Half of the list had no good sentence.',
  'Here is what I changed over the following year:',
  '1. I started every week by choosing one outcome that would make the week a success, and I protected the hours it needed.',
  '2. I replaced "yes" with "yes, if": yes, if we drop something else, yes, if it can wait two weeks, yes, if someone else owns the follow-up.',
  '3. I wrote short notes after every project: what we shipped, what it changed for customers, what I would do differently next time.',
  '4. I asked for feedback early, when a draft was still rough, instead of polishing alone for weeks and hoping it landed.',
  '5. I made my work visible without bragging: a two-line update in the team channel every Friday, with a link and a number.',
  'The results surprised me. My calendar got lighter, my projects got bigger, and my reviews finally described the work I was proudest of.',
  'The hardest part was not the saying no. It was accepting that some people would be disappointed for a day, and that this was fine.',
  'If you are early in your career, you do not need to do more. You need to be clear about what you are doing and why it matters.',
  'A few questions that helped me and might help you: Which of your projects would you still defend in a year? Who would notice if you stopped doing the rest? What would you build with the time you got back?',
  'Sounds simple. It was not.',
  'Focus is not a personality trait. It is a set of small decisions, made every Monday morning, that add up to a career you actually chose.',
];
const postClosing = [
  'What is one thing you said no to this year that made room for something better?',
  '#CareerGrowth #Leadership #Productivity #SoftwareEngineering #Focus',
];

/**
 * A realistic LinkedIn post of about `targetLength` characters (never more): the paragraphs above
 * repeated with blank lines between them (topped up with whichever still fit), then a closing
 * question and hashtags.
 */
export function buildLongPost(targetLength = 3000): string {
  const closing = postClosing.join('\n\n');
  const parts: string[] = [];
  const fits = (paragraph: string) => [...parts, paragraph, closing].join('\n\n').length <= targetLength;
  // In order, round after round; once one does not fit, top up with any later one that still does.
  for (let index = 0, misses = 0; misses < postParagraphs.length; index += 1) {
    const paragraph = postParagraphs[index % postParagraphs.length] ?? '';
    if (fits(paragraph)) {
      parts.push(paragraph);
      misses = 0;
    } else {
      misses += 1;
    }
  }
  return [...parts, closing].join('\n\n');
}

/**
 * Whether an OpenAI-style event stream holds a content delta with text: complete `data:` lines are
 * parsed, the first chunk's `{"role":"assistant","content":""}` does not count.
 */
export function hasContentToken(buffer: string): boolean {
  for (const line of buffer.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const data = line.slice(5).trim();
    if (data === '' || data === '[DONE]' || !data.endsWith('}')) continue;
    try {
      const chunk = JSON.parse(data) as { choices?: { delta?: { content?: unknown } }[] };
      const content = chunk.choices?.[0]?.delta?.content;
      if (typeof content === 'string' && content.length > 0) return true;
    } catch {
      // A line cut in the middle of a network chunk: the next read completes it.
    }
  }
  return false;
}

/**
 * Milliseconds from the start of the fetch to the first body chunk that completes a content token;
 * the reader is cancelled there (the rest of the stream is never read).
 */
export async function timeToFirstToken(url: string, init: RequestInit): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, init);
  if (!response.ok || !response.body) {
    throw new Error(`POST ${url} returned ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done)
        throw new Error(`the stream of ${url} ended before the first token:\n${buffer.slice(0, 500)}`);
      buffer += decoder.decode(value, { stream: true });
      if (hasContentToken(buffer)) return performance.now() - started;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

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
