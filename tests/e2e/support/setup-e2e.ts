import { afterEach } from 'vitest';
import { checkForUnexpectedErrors } from '../../../harness/browser.ts';

// Each e2e test ends by checking every open browser for console errors nobody allowed. A setup
// file runs for every test file, also in a worker that ran another file before (isolate: false).
afterEach(checkForUnexpectedErrors);
