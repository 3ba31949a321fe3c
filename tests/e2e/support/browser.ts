import { afterEach } from 'vitest';
import { checkForUnexpectedErrors } from '../../../harness/browser.ts';

export {
  chromiumPath,
  openBrowser,
  serverGoneErrors,
  type BrowserSession,
} from '../../../harness/browser.ts';

// Each e2e test ends by checking every open browser for console errors nobody allowed.
afterEach(checkForUnexpectedErrors);
