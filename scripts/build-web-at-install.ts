// Runs at the end of `npm install` (package.json "postinstall"): builds the web app into dist/ so
// the first `npm start` on a fresh clone serves its first page at once instead of building it
// then. The build is skipped when dist/ is newer than its sources (the same check `npm start`
// makes), and never fails the install: `npm start` builds it, and says why, if this could not.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (process.env.SKIP_WEB_BUILD === 'true') {
  console.log('SKIP_WEB_BUILD=true: the web app is built by the first npm start instead.');
} else {
  try {
    const { buildSpaIfStale } = await import('../server/build-spa-if-stale.ts');
    const started = performance.now();
    if (await buildSpaIfStale(root, path.join(root, 'dist'))) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`Built the web app into dist/ in ${seconds} s: npm start serves it at once.`);
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`Could not build the web app now (${reason}); npm start will build it.`);
  }
}
