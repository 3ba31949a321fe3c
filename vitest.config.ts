import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // A JSON report lets .ci/run print one "N passed, N failed" line for every suite.
      reporters: ['default', 'json'],
      outputFile: { json: 'test-results/vitest.json' },
      // expect.poll waits for a condition up to 30 s (Vitest's default is 1 s, which a busy 2-core
      // machine misses); a condition that holds ends the wait at once.
      expect: { poll: { timeout: 30_000 } },
      // web, ui and server reuse a worker process from one test file to the next (isolate: false):
      // a new process, environment and import of the dependencies per file cost more than the
      // tests themselves (the web project took 103 s isolated, 25 s not). Each file still starts
      // from fresh project modules and an empty page (tests/helpers/fresh-modules.ts,
      // fresh-page.ts); the e2e files start their own processes anyway.
      projects: [
        {
          extends: true,
          test: {
            // The app's logic (stores, formatting, parsing, the post check) in Node: no page needed.
            // A test of src/ that needs one (hooks, browser storage, images) is a .test.tsx or a
            // .dom.test.ts and runs in the web project.
            name: 'unit',
            isolate: false,
            environment: 'node',
            include: ['src/**/*.test.ts'],
            exclude: ['src/**/*.dom.test.ts'],
            setupFiles: ['tests/helpers/fresh-modules.ts', 'tests/helpers/setup-unit.ts'],
            globals: true,
          },
        },
        {
          extends: true,
          test: {
            name: 'web',
            isolate: false,
            environment: 'jsdom',
            // user-event types key by key through React: on a busy 2-core machine a form test can
            // take several times its idle time, and a timed-out test would leave its typing running
            // into the next file of the reused worker.
            testTimeout: 20_000,
            environmentOptions: { jsdom: { url: 'http://localhost' } },
            include: ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'],
            setupFiles: ['tests/helpers/fresh-modules.ts', 'tests/helpers/setup-web.ts'],
            globals: true,
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            isolate: false,
            environment: 'node',
            include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'tests/integration/**/*.test.ts'],
            globalSetup: ['tests/helpers/global-setup-database.ts', 'tests/helpers/global-setup-postgres.ts'],
            setupFiles: ['tests/helpers/fresh-modules.ts', 'tests/helpers/setup-node.ts'],
            // Generous: many tests start servers, and the suite must pass on a busy 2-core machine.
            // Tests wait for conditions, never for time, so a passing test takes no longer.
            testTimeout: 120_000,
            hookTimeout: 180_000,
          },
        },
        {
          extends: true,
          test: {
            // Pages and routes rendered in jsdom through the real stores against the embedded backend
            // started in-process (tests/helpers/render-app.tsx); only the AI providers are fakes.
            name: 'ui',
            isolate: false,
            environment: './tests/helpers/jsdom-node-environment.ts',
            environmentOptions: { jsdom: { url: 'http://localhost' } },
            include: ['tests/ui/**/*.test.{ts,tsx}'],
            globalSetup: ['tests/helpers/global-setup-database.ts'],
            setupFiles: ['tests/helpers/fresh-modules.ts', 'tests/helpers/setup-ui.ts'],
            globals: true,
            testTimeout: 120_000,
            hookTimeout: 180_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            environment: 'node',
            // A file's worker is reused by the next file: each file starts its own app and browser
            // anyway, and importing Playwright and the harness again cost about a second a file.
            isolate: false,
            include: ['tests/e2e/**/*.test.ts'],
            globalSetup: ['tests/e2e/support/global-setup-e2e.ts'],
            setupFiles: ['tests/e2e/support/setup-e2e.ts'],
            testTimeout: 180_000,
            hookTimeout: 240_000,
          },
        },
      ],
    },
  }),
);
