import { create } from 'zustand';
import { paths } from '@/config/paths';
import { timers } from '@/config/timers';
import { retryWithBackoff } from '@/lib/async/retry-with-backoff';
import { ConnectionError, checkConnection } from '@/lib/supabase/check-connection';
import { authSendsEmail } from '@/lib/supabase/auth-email-delivery';
import { isUnreachableAuthError } from '@/lib/supabase/auth-failure';
import { authRedirectUrl, settleAuthRedirect } from '@/lib/supabase/auth-redirect';
import {
  getSupabase,
  onRealtimeGaveUp,
  onSessionEndedElsewhere,
  sessionStorageKey,
  type RealtimeChannel,
  type Session,
  type User,
} from '@/lib/supabase/client';
import { authMessages } from './auth-messages';

export type AuthStatus = 'loading' | 'error' | 'signed-out' | 'signed-in';

/** What a sign-in, sign-up or password form shows for an auth call's error. */
const formMessage = (error: Error): string =>
  isUnreachableAuthError(error) ? authMessages.network : error.message;

interface AuthState {
  status: AuthStatus;
  session: Session | null;
  user: User | null;
  error: string | null;
  /** The backend stopped answering while the app was open (the app stays mounted underneath). */
  connectionLost: boolean;
  /** The realtime connection dropped and is reconnecting. */
  reconnecting: boolean;
  /** The realtime connection used up its reconnect attempts (docs/product.md §16) and waits for retryRealtime. */
  realtimeGaveUp: boolean;
  /** What became of the email link the page was opened from, for the sign-in card to say. */
  redirectNotice: { tone: 'success' | 'danger'; text: string } | null;
  initialize: (backend: { url: string; publishableKey: string }) => Promise<void>;
  recheckConnection: () => Promise<boolean>;
  /** Connects the realtime channel again after it gave up. */
  retryRealtime: () => void;
  signIn: (email: string, password: string) => Promise<string | null>;
  signUp: (email: string, password: string) => Promise<{ error: string | null; needsConfirmation: boolean }>;
  signOut: () => Promise<void>;
  /** Whether the auth server sends email (reset links); null until asked. */
  sendsEmail: boolean | null;
  loadEmailDelivery: () => Promise<void>;
  /** Asks for a password-reset email; the error to show, or null once it is on its way. */
  requestPasswordReset: (email: string) => Promise<string | null>;
  /** Sets the signed-in user's new password (after a reset link); the error to show, or null. */
  updatePassword: (password: string) => Promise<string | null>;
}

let backend: { url: string; publishableKey: string } | null = null;
let subscribed = false;

function describeInitFailure(error: unknown): string {
  if (error instanceof ConnectionError) return error.message;
  const message = error instanceof Error ? error.message : '';
  if (/fetch|network/i.test(message)) return authMessages.network;
  if (/jwt|token/i.test(message)) return authMessages.tokenError;
  return authMessages.initFailed;
}

export const useAuthStore = create<AuthState>()((set, get) => ({
  status: 'loading',
  session: null,
  user: null,
  error: null,
  connectionLost: false,
  reconnecting: false,
  realtimeGaveUp: false,
  redirectNotice: null,
  sendsEmail: null,

  initialize: async (target) => {
    backend = target;
    set({ status: 'loading', error: null, connectionLost: false });
    try {
      const session = await retryWithBackoff(
        async () => {
          await checkConnection(target.url, target.publishableKey);
          const { data, error } = await getSupabase().auth.getSession();
          if (error) throw error;
          return data.session;
        },
        { retries: timers.authRetryAttempts, baseMs: timers.authRetryBaseMs, maxMs: timers.authRetryMaxMs },
      );
      const outcome = await settleAuthRedirect(getSupabase());
      const onResetPage = typeof window !== 'undefined' && window.location.pathname === paths.resetPassword;
      const redirectNotice =
        outcome.kind === 'confirmed'
          ? onResetPage
            ? ({ tone: 'danger', text: authMessages.resetLinkUnusable } as const)
            : ({ tone: 'success', text: authMessages.confirmedSignIn } as const)
          : outcome.kind === 'failed'
            ? ({ tone: 'danger', text: outcome.message } as const)
            : null;
      set({
        session,
        user: session?.user ?? null,
        status: session ? 'signed-in' : 'signed-out',
        ...(redirectNotice ? { redirectNotice } : {}),
      });
      subscribeOnce(set, get);
    } catch (error) {
      set({ status: 'error', error: describeInitFailure(error) });
    }
  },

  recheckConnection: async () => {
    if (!backend) return false;
    try {
      await checkConnection(backend.url, backend.publishableKey);
      set({ connectionLost: false });
      return true;
    } catch (error) {
      set({ connectionLost: true, error: describeInitFailure(error) });
      return false;
    }
  },

  retryRealtime: () => {
    if (!subscribed) return;
    set({ realtimeGaveUp: false, reconnecting: true });
    watchRealtime(set, get);
  },

  signIn: async (email, password) => {
    // Said before asking the server, whose own words ("missing email or phone") are not the spec's.
    if (email.trim() === '' || password === '') return authMessages.missingCredentials;
    const { error } = await getSupabase().auth.signInWithPassword({ email: email.trim(), password });
    return error ? formMessage(error) : null;
  },

  signUp: async (email, password) => {
    // The confirmation link leads back into the app, which finishes the PKCE sign-in (docs/product.md §16).
    if (email.trim() === '' || password === '')
      return { error: authMessages.missingCredentials, needsConfirmation: false };
    const redirectTo = authRedirectUrl();
    const { data, error } = await getSupabase().auth.signUp({
      email: email.trim(),
      password,
      options: redirectTo ? { emailRedirectTo: redirectTo } : {},
    });
    if (error) return { error: formMessage(error), needsConfirmation: false };
    return { error: null, needsConfirmation: !data.session };
  },

  loadEmailDelivery: async () => {
    if (!backend || get().sendsEmail !== null) return;
    set({ sendsEmail: await authSendsEmail(backend.url, backend.publishableKey) });
  },

  requestPasswordReset: async (email) => {
    if (email.trim() === '') return authMessages.resetNeedsEmail;
    // The link comes back to the page where the new password is set (as on hosted Supabase).
    const redirectTo = authRedirectUrl(paths.resetPassword);
    const { error } = await getSupabase().auth.resetPasswordForEmail(
      email.trim(),
      redirectTo ? { redirectTo } : {},
    );
    return error ? formMessage(error) : null;
  },

  updatePassword: async (password) => {
    if (password === '') return authMessages.resetNeedsPassword;
    const { error } = await getSupabase().auth.updateUser({ password });
    return error ? formMessage(error) : null;
  },

  signOut: async () => {
    const { error } = await getSupabase().auth.signOut();
    if (error) throw new Error(authMessages.signOutFailed);
    set({ session: null, user: null, status: 'signed-out' });
  },
}));

type Setter = (partial: Partial<AuthState>) => void;

/** One auth-state subscription and one realtime system channel for the life of the page. */
function subscribeOnce(set: Setter, get: () => AuthState): void {
  if (subscribed) return;
  subscribed = true;
  const supabase = getSupabase();
  supabase.auth.onAuthStateChange((event, session) => {
    if (event === 'SIGNED_OUT') {
      // docs/product.md §12: a sign-out event removes the stored session token.
      if (typeof localStorage !== 'undefined') localStorage.removeItem(sessionStorageKey());
      set({ session: null, user: null, status: 'signed-out' });
      return;
    }
    // Keep the same user object when only the token changed, so listeners do not refetch needlessly.
    const sameUser = get().user?.id === session?.user.id;
    set({
      session,
      user: sameUser ? get().user : (session?.user ?? null),
      status: session ? 'signed-in' : 'signed-out',
      // Signed in again: a later sign-out is not "ended elsewhere".
      ...(session && get().redirectNotice?.text === authMessages.sessionEnded
        ? { redirectNotice: null }
        : {}),
    });
  });
  // The sign-in card says why the author is asked to sign in again.
  onSessionEndedElsewhere(() => set({ redirectNotice: { tone: 'danger', text: authMessages.sessionEnded } }));
  onRealtimeGaveUp(() => set({ realtimeGaveUp: true, reconnecting: false }));
  watchRealtime(set, get);
}

let systemChannel: RealtimeChannel | null = null;

/**
 * docs/wire-formats.md §6: the realtime system channel tells connect, disconnect and error (a new one on each retry).
 * The previous channel is removed first: supabase-js hands back a channel of the same name while it
 * still exists, so a retry that did not wait would subscribe the channel being torn down and never
 * hear "subscribed" (the status then stayed at "Reconnecting..." after Retry on a busy machine).
 */
function watchRealtime(set: Setter, get: () => AuthState): void {
  const supabase = getSupabase();
  const previous = systemChannel;
  systemChannel = null;
  const removed = previous ? supabase.removeChannel(previous).catch(() => 'error') : Promise.resolve('ok');
  void removed.then(() => {
    if (systemChannel) return; // a later call has subscribed already
    subscribeSystemChannel(set, get);
  });
}

function subscribeSystemChannel(set: Setter, get: () => AuthState): void {
  const channel = getSupabase().channel('system');
  systemChannel = channel;
  channel
    .on('system', {}, () => {})
    .subscribe((state) => {
      if (channel !== systemChannel) return;
      if (state === 'SUBSCRIBED') {
        set({ reconnecting: false, connectionLost: false, realtimeGaveUp: false });
      } else if (state === 'CHANNEL_ERROR' || state === 'TIMED_OUT' || state === 'CLOSED') {
        // Once the attempts are used up, the status stays "gave up" until the user retries.
        if (!get().realtimeGaveUp) set({ reconnecting: true });
        void get().recheckConnection();
      }
    });
}
