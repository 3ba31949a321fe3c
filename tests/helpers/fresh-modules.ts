import { afterAll, vi } from 'vitest';

// The web, UI and server projects run their files one after another in a reused worker
// (isolate: false): a process, an environment and the dependencies' import are paid once per
// worker instead of once per file. This setup file runs first for every test file and gives it
// what a fresh worker would: the project's own modules evaluated anew (module-level stores,
// caches and clients start empty; dependencies in node_modules stay loaded), and, in the page
// projects, empty browser storage at `/` on a blank page (tests/helpers/fresh-page.ts).
vi.resetModules();

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
