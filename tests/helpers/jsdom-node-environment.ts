import { builtinEnvironments, type Environment } from 'vitest/runtime';

/**
 * jsdom for the page, with modules transformed as for Node (Vite's "ssr" environment): the
 * embedded backend runs in the same test process, and in the browser transform
 * `new URL('./worker-entry.mjs', import.meta.url)` becomes a page address instead of a file.
 */
export default {
  ...builtinEnvironments.jsdom,
  name: 'jsdom-node',
  viteEnvironment: 'ssr',
} satisfies Environment;
