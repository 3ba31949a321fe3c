// The mutation check of `npm run validate` (`npm run mutate`): Stryker changes the logic modules one
// small edit at a time (a condition flipped, a boundary moved, a string emptied) and runs the unit
// tests against each change; a change no test notices is a surviving mutant. Target: 80% killed.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'src/lib/**/*.ts',
    '!src/lib/**/*.test.ts',
    // Wiring to libraries, exercised by the integration and end-to-end suites rather than unit tests.
    '!src/lib/supabase/**',
    '!src/lib/toast/**',
    '!src/lib/clipboard/**',
    'shared/**/*.ts',
    '!shared/**/*.test.ts',
    'src/features/auth/auth-messages.ts',
    'src/features/generator/build-post-prompt.ts',
    'src/features/generator/linkedin-text.ts',
    'src/features/ideas/filter-ideas.ts',
    'src/features/research/research-requests.ts',
    'src/features/research/research-schemas.ts',
    'src/features/research/research-target.ts',
    'src/features/research/website-target.ts',
    'src/features/research/youtube-video-id.ts',
  ],
  thresholds: { high: 90, low: 80, break: 80 },
  incremental: true,
  incrementalFile: 'test-results/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'test-results/mutation.json' },
  tempDirName: '.stryker-tmp',
  concurrency: 2,
  timeoutMS: 20_000,
};
