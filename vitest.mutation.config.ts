import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * The web unit tests alone, for the mutation check (stryker.config.mjs): Stryker runs them once
 * per mutant of the logic modules, so nothing here starts a server or a browser.
 */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      environmentOptions: { jsdom: { url: 'http://localhost' } },
      include: ['src/**/*.test.{ts,tsx}', 'shared/**/*.test.ts'],
      // Stryker runs tests in worker threads, where changing TZ does not change the zone: the
      // calendar's time-zone tests (and so month-grid.ts) are left to the normal run.
      exclude: ['src/features/calendar/month-grid.test.ts'],
      setupFiles: ['tests/helpers/setup-web.ts'],
      globals: true,
    },
  }),
);
