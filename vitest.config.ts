import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const ci = process.env.CI === 'true';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // A JSON report lets .ci/run print one "N passed, N failed" line for every suite.
      reporters: ['default', 'json'],
      outputFile: { json: 'test-results/vitest.json' },
      onConsoleLog: () => !ci || undefined,
      projects: [
        {
          extends: true,
          test: {
            name: 'web',
            environment: 'jsdom',
            environmentOptions: { jsdom: { url: 'http://localhost' } },
            include: ['src/**/*.test.{ts,tsx}'],
            setupFiles: ['tests/helpers/setup-web.ts'],
            globals: true,
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
            globalSetup: ['tests/helpers/global-setup-database.ts'],
            setupFiles: ['tests/helpers/setup-node.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['tests/e2e/**/*.test.ts'],
            globalSetup: ['tests/e2e/support/global-setup-e2e.ts'],
            testTimeout: 90_000,
            hookTimeout: 90_000,
          },
        },
      ],
    },
  }),
);
