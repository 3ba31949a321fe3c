import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/** The server's pure modules in the mutation run, with their own unit tests (no server started). */
export const serverLogicTests = [
  'server/embedded/rest/*.test.ts',
  'server/api/linkedin/{little-text,sent-or-not,publish-failure,first-comment-failure}.test.ts',
  'server/api/{openai-stream-guard,sse-event-parser,redact-secrets}.test.ts',
];

/**
 * The unit tests alone, for the mutation check (stryker.config.mjs): Stryker runs them once per
 * mutant of the logic modules, so nothing here starts a server or a browser. Two projects, as in
 * vitest.config.ts: the logic in Node, the page-level tests (.test.tsx, .dom.test.ts) in jsdom.
 */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // A busy machine (Stryker runs two of these at once) can take longer than Vitest's 5 s.
      testTimeout: 30_000,
      projects: [
        {
          extends: true,
          test: {
            name: 'logic',
            environment: 'node',
            include: ['src/**/*.test.ts', 'shared/**/*.test.ts', ...serverLogicTests],
            // Stryker runs tests in worker threads, where changing TZ does not change the zone: the
            // calendar's time-zone tests (and so month-grid.ts) are left to the normal run.
            exclude: ['src/**/*.dom.test.ts', 'src/features/calendar/month-grid.test.ts'],
            setupFiles: ['tests/helpers/setup-unit.ts'],
            globals: true,
          },
        },
        {
          extends: true,
          test: {
            name: 'page',
            environment: 'jsdom',
            environmentOptions: { jsdom: { url: 'http://localhost' } },
            include: ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'],
            setupFiles: ['tests/helpers/setup-web.ts'],
            globals: true,
          },
        },
      ],
    },
  }),
);
