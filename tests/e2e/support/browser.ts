import { openBrowser, type BrowserSession } from '../../../harness/browser.ts';

export {
  chromiumPath,
  openBrowser,
  serverGoneErrors,
  type BrowserSession,
} from '../../../harness/browser.ts';

/**
 * Chromium launched now and awaited later, so that it starts while the app does (a second or two
 * per file on a busy machine). A failed launch is reported where the promise is awaited.
 */
export function openBrowserEarly(): Promise<BrowserSession> {
  const opening = openBrowser();
  opening.catch(() => {});
  return opening;
}
