import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * Where an email link sends the user back: a page of the app on this origin (by default its home
 * page; the app is served from the root). Hosted Supabase must list it under Auth → URL
 * Configuration (README).
 */
export function authRedirectUrl(path = '/'): string | undefined {
  // Outside a browser (Node tests of the stores) there is no page to come back to.
  if (typeof window === 'undefined') return undefined;
  return new URL(path, window.location.origin).href;
}

// What Supabase Auth adds to the app's address on the way back from an email link.
const callbackParams = ['code', 'error', 'error_code', 'error_description', 'sb', 'sb_flow_id'] as const;

let landing: URLSearchParams | null = null;
let settled = false;

function paramsOf(href: string): URLSearchParams {
  const url = new URL(href);
  const params = new URLSearchParams(url.hash.startsWith('#') ? url.hash.slice(1) : '');
  // The query wins over the fragment, as supabase-js reads them.
  url.searchParams.forEach((value, name) => params.set(name, value));
  return params;
}

/** Called once before supabase-js starts: which callback parameters the page was opened with. */
export function rememberLandingUrl(): void {
  if (typeof window === 'undefined') return;
  const params = paramsOf(window.location.href);
  settled = false;
  landing = callbackParams.some((name) => params.has(name)) ? params : null;
}

export type AuthRedirectOutcome =
  | { kind: 'none' }
  /** The link confirmed the address, but this browser could not finish signing in. */
  | { kind: 'confirmed' }
  /** Supabase Auth sent the user back with an error (a used or expired link). */
  | { kind: 'failed'; message: string };

/** Takes the callback parameters out of the address bar, so a reload does not replay them. */
function cleanAddress(): void {
  const url = new URL(window.location.href);
  for (const name of callbackParams) url.searchParams.delete(name);
  const hash = new URLSearchParams(url.hash.slice(1));
  if (callbackParams.some((name) => hash.has(name))) url.hash = '';
  window.history.replaceState(window.history.state, '', url.toString());
}

/**
 * What became of an email link the page was opened from, once supabase-js has started. A `code`
 * means the address is confirmed (Supabase Auth checks the link before it redirects); when no
 * session came of it (the link opened in another browser, or the code had expired), the user is
 * told to sign in. An `error_description` is Supabase Auth's own word on the link. Once per page.
 */
export async function settleAuthRedirect(supabase: SupabaseClient): Promise<AuthRedirectOutcome> {
  if (settled || !landing) return { kind: 'none' };
  settled = true;
  const params = landing;
  const { error } = await supabase.auth.initialize();
  const { data } = await supabase.auth.getSession();
  cleanAddress();
  const description = params.get('error_description');
  if (description) return { kind: 'failed', message: description };
  if (data.session) return { kind: 'none' };
  if (params.has('code')) return { kind: 'confirmed' };
  if (error) return { kind: 'failed', message: error.message };
  return { kind: 'none' };
}
