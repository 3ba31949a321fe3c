// The mutation check of `npm run validate` (`npm run mutate`, docs/decisions/013-mutation-check.md):
// Stryker changes the logic modules one small edit at a time (a condition flipped, a boundary
// moved, a string emptied) and runs the unit tests against each change; a change no test notices
// is a surviving mutant. Target: 80% killed.
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
    // Network clients: requests and streams against /api, tested end to end against the fake
    // providers (server and e2e projects), which are too slow to run once per mutant.
    '!src/lib/ai/api-base.ts',
    '!src/lib/ai/claude-stream.ts',
    '!src/lib/ai/complete.ts',
    '!src/lib/ai/fetch-ai-service.ts',
    '!src/lib/ai/groq-completion.ts',
    '!src/lib/ai/perplexity-agent.ts',
    '!src/lib/ai/youtube-videos.ts',
    '!src/entities/post/publishing/linkedin-api.ts',
    'shared/**/*.ts',
    '!shared/**/*.test.ts',
    'src/features/auth/auth-messages.ts',
    'src/features/generator/build-post-prompt.ts',
    'src/features/generator/author-input.ts',
    'src/features/profile/plan-voice-sample-changes.ts',
    'src/features/profile/voice-profile-form.ts',
    'src/features/ideas/filter-ideas.ts',
    'src/features/calendar/plan-move.ts',
    'src/features/research/research-schemas.ts',
    'src/features/research/research-target.ts',
    'src/features/research/website-target.ts',
    'src/features/research/youtube-video-id.ts',
    // The post check: finding the places, grouping them by kind, and the edits of their fixes. (It
    // left the run when it moved from src/lib to src/entities.)
    'src/entities/post/check/*.ts',
    '!src/entities/post/check/*.test.ts',
    // The post's images in the browser and its publishing logic (they were in the run as src/lib).
    'src/entities/post/image/{image-attachment,image-bytes,image-file-name,prepare-image,use-image-edit,use-pasted-images}.ts',
    'src/entities/post/publishing/{linkedin-return,use-live-refresh,linkedin-connected,schedule-health}.ts',
    // The post being written: its undo history and what a row holds.
    'src/entities/post/document/{edit-history,post-document}.ts',
    // The stores whose logic has unit tests (the others are driven by the ui and server projects,
    // against the embedded backend: too slow to run once per mutant).
    'src/features/generator/generator-store.ts',
    'src/entities/post/document/post-document-store.ts',
    // The server's pure modules: the REST parser and SQL builder, LinkedIn's little text and how a
    // failed publish is classified, the guard on provider streams.
    'server/embedded/rest/{parse-query,parse-filter,parse-prefer,range,media-type,build-clauses,fuzzy-match,pg-error-status,split-top-level}.ts',
    'server/api/linkedin/{little-text,sent-or-not,publish-failure,first-comment-failure}.ts',
    'server/api/{openai-stream-guard,sse-event-parser,redact-secrets}.ts',
  ],
  thresholds: { high: 90, low: 80, break: 80 },
  // Module-level mutants (constant tables) re-run every test file and took 86% of the time; the
  // tables themselves are checked by the tests that read them.
  ignoreStatic: true,
  incremental: true,
  // Outside test-results/, which every `npm test` empties: the next run tests only what changed.
  incrementalFile: '.cache/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'test-results/mutation.json' },
  tempDirName: '.stryker-tmp',
  concurrency: 2,
  timeoutMS: 20_000,
};
