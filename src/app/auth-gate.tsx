import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LoadingScreen } from '@/components/ui/spinner';
import { useAiServiceStore } from '@/features/ai-service/ai-service-store';
import { authMessages } from '@/features/auth/auth-messages';
import { useAuthStore } from '@/features/auth/auth-store';
import { ErrorScreen } from '@/features/auth/components/error-screen';
import { useIdeasStore } from '@/features/ideas/ideas-store';
import { useLinkedInStore } from '@/features/publishing/linkedin-store';
import { usePostsStore } from '@/features/posts/posts-store';
import { useScheduleStore } from '@/entities/post/queue/schedule-store';
import { useProfileStore } from '@/features/profile/profile-store';
import { paths } from '@/config/paths';
import { getSupabase } from '@/lib/supabase/client';
import { forgetUserWork } from './forget-user-work';
import { useRuntimeConfig } from './runtime-config-context';
import { SignedInApp } from './signed-in-app';

// The forms of a signed-out visitor load only for one: a signed-in start never downloads them.
const SignInCard = lazy(() =>
  import('@/features/auth/components/sign-in-card').then((m) => ({ default: m.SignInCard })),
);
const SetNewPasswordCard = lazy(() =>
  import('@/features/auth/components/set-new-password-card').then((m) => ({
    default: m.SetNewPasswordCard,
  })),
);
const PublicOnboardingRoute = lazy(() =>
  import('./routes/public-onboarding-route').then((m) => ({ default: m.PublicOnboardingRoute })),
);
/** While a lazy screen's code loads: the same full-screen state as the session's loading. */
const screenLoading = <LoadingScreen message="Loading..." />;

/** docs/product.md §12 "Auth gate": loading, then error, signed-out (sign in / sign up) or signed-in. */
export function AuthGate() {
  const config = useRuntimeConfig();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const status = useAuthStore((state) => state.status);
  const authError = useAuthStore((state) => state.error);
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const connectionLost = useAuthStore((state) => state.connectionLost);
  const initialize = useAuthStore((state) => state.initialize);
  const recheckConnection = useAuthStore((state) => state.recheckConnection);
  const profileLoading = useProfileStore((state) => state.loading);
  const profileError = useProfileStore((state) => state.error);
  const hasProfile = useProfileStore((state) => state.profile !== null || state.isNewUser);
  const fetchProfile = useProfileStore((state) => state.fetchProfile);
  const resetProfile = useProfileStore((state) => state.reset);
  const [retrying, setRetrying] = useState(false);
  const previousUserId = useRef<string | null>(null);
  // Once the app has been on screen, a profile that loads again (another account signed in from
  // another tab) shows the pages' own "Loading profile...", not the whole-screen loading.
  const [appShown, setAppShown] = useState(false);
  const showingApp = status === 'signed-in' && (hasProfile || appShown);
  // Adjusted while rendering (React's pattern for state that follows other state).
  if (status === 'signed-out' && appShown) setAppShown(false);
  if (showingApp && !appShown) setAppShown(true);
  const backend = { url: config.supabaseUrl, publishableKey: config.supabasePublishableKey };

  useEffect(() => {
    void initialize({ url: config.supabaseUrl, publishableKey: config.supabasePublishableKey });
  }, [initialize, config.supabaseUrl, config.supabasePublishableKey]);

  // Auth state changes re-fetch the profile; signing out forgets everything of the previous user.
  // (A retired model is upgraded once the AI service's catalog is known: SignedInApp.)
  useEffect(() => {
    if (userId) {
      // Another account signed in from another tab: the previous one's lists go first.
      if (previousUserId.current && previousUserId.current !== userId) {
        usePostsStore.getState().reset();
        useIdeasStore.getState().reset();
        useLinkedInStore.getState().reset();
        useScheduleStore.getState().reset();
      }
      previousUserId.current = userId;
      // A read sent while another tab was switching accounts can go out with the old session's
      // token and be refused: read once more if this account is still the one signed in.
      void fetchProfile(userId).catch(() =>
        useAuthStore.getState().user?.id === userId ? fetchProfile(userId).catch(() => {}) : undefined,
      );
      return;
    }
    previousUserId.current = null;
    resetProfile();
    usePostsStore.getState().reset();
    useIdeasStore.getState().reset();
    useLinkedInStore.getState().reset();
    useScheduleStore.getState().reset();
    useAiServiceStore.getState().reset();
  }, [userId, fetchProfile, resetProfile]);

  async function signOutAndRestart() {
    // A sign-out like the menu's: the draft goes too, before the reload could show it to anyone.
    forgetUserWork();
    await getSupabase()
      .auth.signOut({ scope: 'local' })
      .catch(() => {});
    window.location.assign('/');
  }

  if (status === 'loading') return <LoadingScreen message="Loading your profile..." />;
  if (status === 'error') {
    return (
      <ErrorScreen
        message={authError ?? authMessages.initFailed}
        onRetry={() => void initialize(backend)}
        onSignOutRestart={() => void signOutAndRestart()}
      />
    );
  }
  if (status === 'signed-out') {
    // docs/product.md §2: /onboarding is open to everyone; every other page asks to sign in.
    return (
      <Suspense fallback={screenLoading}>
        {pathname === paths.onboarding ? <PublicOnboardingRoute /> : <SignInCard />}
      </Suspense>
    );
  }

  // The landing page of a password-reset link, signed in by it: the new password comes first.
  if (pathname === paths.resetPassword) {
    return (
      <Suspense fallback={screenLoading}>
        <SetNewPasswordCard onDone={() => navigate(paths.dashboard, { replace: true })} />
      </Suspense>
    );
  }

  if (profileError && !hasProfile) {
    return (
      <ErrorScreen
        message={authMessages.profileFailed}
        onRetry={() => userId && void fetchProfile(userId).catch(() => {})}
        onSignOutRestart={() => void signOutAndRestart()}
      />
    );
  }
  if (profileLoading && !hasProfile && !appShown) return <LoadingScreen message="Loading your profile..." />;

  return (
    <>
      <SignedInApp />
      {connectionLost && (
        <ErrorScreen
          overlay
          message={authError ?? authMessages.noConnection}
          retrying={retrying}
          onRetry={async () => {
            setRetrying(true);
            const back = await recheckConnection();
            // The live connection may have given up while the server was away: it starts again too.
            if (back && useAuthStore.getState().realtimeGaveUp) useAuthStore.getState().retryRealtime();
            setRetrying(false);
          }}
          onSignOutRestart={() => void signOutAndRestart()}
        />
      )}
    </>
  );
}
