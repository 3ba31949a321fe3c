import { paths } from '@/config/paths';

let landed: URLSearchParams | null = null;

/**
 * LinkedIn sends the browser back to /linkedin/callback with `?code=…&state=…` (or `?error=…`).
 * Those are LinkedIn's, not Supabase Auth's: supabase-js would take `code` for its own PKCE
 * callback, and the app's email-link handling would strip it. So before supabase-js starts they
 * are kept here and taken out of the address bar (a reload then cannot replay them either).
 */
export function keepLinkedInReturn(): void {
  if (typeof window === 'undefined' || window.location.pathname !== paths.linkedinCallback) return;
  const url = new URL(window.location.href);
  if (!url.searchParams.has('state')) return;
  landed = new URLSearchParams(url.search);
  url.search = '';
  window.history.replaceState(window.history.state, '', url.toString());
}

/** What LinkedIn sent the page back with, when it landed on /linkedin/callback. */
export function linkedinReturnParams(): URLSearchParams | null {
  return landed;
}
