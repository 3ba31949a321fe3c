import {
  createClient,
  type RealtimeChannel,
  type Session,
  type SupabaseClient as UntypedSupabaseClient,
  type User,
} from '@supabase/supabase-js';
import { rememberLandingUrl } from './auth-redirect';
import type { Database } from './database.types';
import { limitedReconnectSchedule } from './realtime-reconnect';

/**
 * The one Supabase client of the app (the only module that imports supabase-js). It is created
 * once the runtime config is known; everything else calls getSupabase().
 */
let client: SupabaseClient | null = null;
let storageKey = '';
const gaveUpListeners = new Set<() => void>();

/** The app's client, typed by the schema of supabase/migrations (database.types.ts, `npm run gen:types`). */
export type SupabaseClient = UntypedSupabaseClient<Database>;

export type { RealtimeChannel, Session, User };

/**
 * docs/product.md §16: the PKCE flow. A sign-up keeps a code verifier in this browser; the confirmation link
 * comes back to the app with `?code=`, which supabase-js exchanges (detectSessionInUrl) while it
 * starts, so the user lands signed in.
 */
export function initSupabase(url: string, publishableKey: string): SupabaseClient {
  storageKey = `sb-${new URL(url).hostname.split('.')[0]}-auth-token`;
  // Read before supabase-js starts, which removes a `code` it has exchanged from the address.
  rememberLandingUrl();
  client = createClient<Database>(url, publishableKey, {
    auth: {
      flowType: 'pkce',
      detectSessionInUrl: true,
      persistSession: true,
      autoRefreshToken: true,
      storageKey,
    },
    global: {
      fetch: async (input, init) => {
        // Requests sent while the page is going away (the last autosave) outlive it.
        const response = await fetch(input, leaving ? { ...init, keepalive: true } : init);
        if (response.status === 401) void noticeEndedSession(response.clone());
        else if (response.status === 400) {
          const refreshToken = refreshTokenSent(input, init);
          if (refreshToken) void noticeRefusedRefresh(response.clone(), refreshToken);
        }
        return response;
      },
    },
    realtime: {
      params: { eventsPerSecond: 1 },
      heartbeatIntervalMs: 5000,
      // docs/product.md §16: at most 5 reconnect attempts, 1 s doubling, capped at 10 s; then it stops and says so.
      reconnectAfterMs: limitedReconnectSchedule(() => {
        client?.realtime.disconnect();
        for (const listener of gaveUpListeners) listener();
      }),
    },
  });
  return client;
}

let leaving = false;
const endedListeners = new Set<() => void>();

/**
 * The database refuses the writes of a session that was signed out elsewhere (`session_not_found`,
 * docs/decisions/019) while its token is still validly signed. This browser then ends its own copy
 * of the session too, so the author is asked to sign in again instead of seeing saves fail.
 */
async function noticeEndedSession(response: Response): Promise<void> {
  const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
  if (body?.code === 'session_not_found') await endSessionHere();
}

/** GoTrue's answers to a refresh whose session is over on the server (signed out, revoked or ended there). */
const sessionOverCodes = new Set([
  'refresh_token_not_found',
  'refresh_token_already_used',
  'session_expired',
  'session_not_found',
]);

/** The refresh token a request sent to the auth server's refresh grant, or null for any other request. */
function refreshTokenSent(input: RequestInfo | URL, init: RequestInit | undefined): string | null {
  if (typeof init?.body !== 'string') return null;
  try {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!url.pathname.endsWith('/auth/v1/token') || url.searchParams.get('grant_type') !== 'refresh_token')
      return null;
    const token = (JSON.parse(init.body) as { refresh_token?: unknown }).refresh_token;
    return typeof token === 'string' && token !== '' ? token : null;
  } catch {
    return null;
  }
}

/**
 * The auth server refused to refresh this browser's session because the session is over (signed
 * out everywhere from another device, for example). supabase-js ends the session itself only if
 * the access token has already expired. If the refusal comes earlier, from a refresh made ahead of
 * time (any getSession() in the last 90 s of a token, such as realtime's heartbeat), it keeps the
 * session. It then answers every refresh with that token from a one-minute cache, and the cached
 * refusal never ends the session, not even signOut({ scope: 'local' }). So the page would stay
 * signed in, with no usable session, for up to a minute after the token expired. This ends it at
 * once instead.
 */
async function noticeRefusedRefresh(response: Response, refreshToken: string): Promise<void> {
  const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
  if (typeof body?.code === 'string' && sessionOverCodes.has(body.code)) await endSessionHere(refreshToken);
}

/**
 * Ends the session in this browser only (the server has already forgotten it) and tells the
 * listeners why; what the author typed stays in this browser's storage. With `refusedRefreshToken`,
 * only the session that holds that refresh token: a newer sign-in (in another tab) stays.
 */
export async function endSessionHere(refusedRefreshToken?: string): Promise<void> {
  if (!client) return;
  const { data } = await client.auth.getSession();
  if (!data.session) return;
  if (refusedRefreshToken !== undefined && data.session.refresh_token !== refusedRefreshToken) return;
  for (const listener of endedListeners) listener();
  await client.auth.signOut({ scope: 'local' });
}

/** Called when this browser's session is ended because it was signed out elsewhere; returns an unsubscribe. */
export function onSessionEndedElsewhere(listener: () => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

/**
 * The page is being hidden or closed: requests from now on are sent with `keepalive`, so the browser
 * finishes them after the page is gone (small bodies only, which a post's row is). `false` when the
 * page is shown again.
 */
export function markPageLeaving(value: boolean): void {
  leaving = value;
}

/** Called when the realtime connection has used up its reconnect attempts; returns an unsubscribe. */
export function onRealtimeGaveUp(listener: () => void): () => void {
  gaveUpListeners.add(listener);
  return () => gaveUpListeners.delete(listener);
}

export function getSupabase(): SupabaseClient {
  if (!client) throw new Error('Supabase is not initialised yet');
  return client;
}

/** Where supabase-js keeps the session in localStorage (removed again on a sign-out event). */
export function sessionStorageKey(): string {
  return storageKey;
}

/** The signed-in user's id from the stored session (no network), or null. */
export async function currentUserId(): Promise<string | null> {
  const { data } = await getSupabase().auth.getSession();
  return data.session?.user.id ?? null;
}

/** The signed-in user's id; saving anything needs one (docs/product.md §14: "No authenticated user"). */
export async function requireUserId(): Promise<string> {
  const userId = await currentUserId();
  if (!userId) throw new Error('No authenticated user');
  return userId;
}

/** A current access token for calls to /api (supabase-js refreshes it when it is about to expire). */
export async function currentAccessToken(): Promise<string | null> {
  const { data } = await getSupabase().auth.getSession();
  return data.session?.access_token ?? null;
}
