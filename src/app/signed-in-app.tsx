import { Suspense, lazy, useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { AiServiceAlert } from '@/features/ai-service/components/ai-service-alert';
import { useAiService } from '@/features/ai-service/use-ai-service';
import { authMessages } from '@/features/auth/auth-messages';
import { useAuthStore } from '@/features/auth/auth-store';
import { useChatStore } from '@/features/chat/chat-store';
import { readyCatalog } from '@/lib/ai/ai-service-state';
import { useProfileStore } from '@/features/profile/profile-store';
import { flushPostDocument } from '@/entities/post/document/autosave';
import { DuePostsNotice } from './due-posts-notice';
import { ScheduleHealthNotice } from './schedule-health-notice';
import { forgetUserWork } from './forget-user-work';
import { useRuntimeConfig } from './runtime-config-context';
import { Spinner } from '@/components/ui/spinner';

// Pages other than the dashboard load on first visit.
const SettingsPage = lazy(() =>
  import('@/features/profile/components/settings-page').then((m) => ({ default: m.SettingsPage })),
);
const CalendarRoute = lazy(() =>
  import('./routes/calendar-route').then((m) => ({ default: m.CalendarRoute })),
);
const ResultsRoute = lazy(() => import('./routes/results-route').then((m) => ({ default: m.ResultsRoute })));
const IdeasBankPage = lazy(() =>
  import('@/features/ideas/components/ideas-bank-page').then((m) => ({ default: m.IdeasBankPage })),
);
const SavedRoute = lazy(() => import('./routes/saved-route').then((m) => ({ default: m.SavedRoute })));
const ScheduleSection = lazy(() =>
  import('@/features/schedule/components/schedule-section').then((m) => ({ default: m.ScheduleSection })),
);
const LinkedInCard = lazy(() =>
  import('@/features/publishing/components/linkedin-card').then((m) => ({ default: m.LinkedInCard })),
);
const LinkedInCallbackPage = lazy(() =>
  import('@/features/publishing/components/linkedin-callback-page').then((m) => ({
    default: m.LinkedInCallbackPage,
  })),
);
const OnboardingRoute = lazy(() =>
  import('./routes/onboarding-route').then((m) => ({ default: m.OnboardingRoute })),
);
import { DashboardRoute } from './routes/dashboard-route';
import { ChatHost } from './chat-host';
import { AppLayout } from './shell/app-layout';
import { UserMenu } from './shell/user-menu';
import { handOverTopic } from './topic-handover';

const signOutUnsavedQuestion =
  'Your latest changes to the post could not be saved (the server cannot be reached). Sign out anyway and lose them?';

/** The routes behind the gate; new users are sent to /onboarding first. */
export function SignedInApp() {
  const config = useRuntimeConfig();
  const location = useLocation();
  const navigate = useNavigate();
  const isNewUser = useProfileStore((state) => state.isNewUser);
  const profile = useProfileStore((state) => state.profile);
  const modelNotice = useProfileStore((state) => state.modelNotice);
  const dismissModelNotice = useProfileStore((state) => state.dismissModelNotice);
  const reconnecting = useAuthStore((state) => state.reconnecting);
  const realtimeGaveUp = useAuthStore((state) => state.realtimeGaveUp);
  const retryRealtime = useAuthStore((state) => state.retryRealtime);
  const signOut = useAuthStore((state) => state.signOut);
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const upgradeRetiredModel = useProfileStore((state) => state.upgradeRetiredModel);
  // The catalog and the configured engines come from the /api functions, for the signed-in user.
  const aiService = useAiService(config.apiBaseUrl, userId);
  const catalog = readyCatalog(aiService);

  // docs/product.md §2: the chat floats on the dashboard and on Saved Posts, about a post of that page; leaving
  // the page closes it (it would otherwise cover other pages, such as the calendar's last columns).
  const closeChat = useChatStore((state) => state.close);
  useEffect(() => closeChat(), [location.pathname, closeChat]);

  // A retired or missing model is upgraded once the catalog is known; other profile edits do not matter.
  const profileModel = profile && `${profile.id} ${profile.ai_engine} ${profile.ai_model ?? ''}`;
  useEffect(() => {
    if (catalog && profileModel) void upgradeRetiredModel(catalog);
  }, [catalog, profileModel, upgradeRetiredModel]);

  if (isNewUser && location.pathname !== paths.onboarding) return <Navigate to={paths.onboarding} replace />;

  async function handleSignOut() {
    // What the author wrote last is saved before the session ends; if it cannot be, they choose.
    const saved = await flushPostDocument().catch(() => false);
    if (!saved && !window.confirm(signOutUnsavedQuestion)) return;
    try {
      await signOut();
      // An explicit sign-out also forgets the draft (a session that merely expired keeps it for its owner).
      forgetUserWork();
      navigate(paths.dashboard, { replace: true });
    } catch {
      window.alert('Could not sign out. Please try reloading the page.');
    }
  }

  const notice = (
    <>
      {realtimeGaveUp && (
        <Alert tone="warning" className="mx-4 mt-4 flex items-start justify-between gap-4 sm:mx-6">
          <span>{authMessages.realtimeGaveUp}</span>
          <button type="button" onClick={retryRealtime} className="font-medium underline">
            Try again
          </button>
        </Alert>
      )}
      <AiServiceAlert state={aiService} className="mx-4 mt-4 sm:mx-6" />
      <DuePostsNotice apiBaseUrl={config.apiBaseUrl} />
      <ScheduleHealthNotice />
      {modelNotice && (
        <Alert tone="info" className="mx-4 mt-4 flex items-start justify-between gap-4 sm:mx-6">
          <span>{modelNotice}</span>
          <button type="button" onClick={dismissModelNotice} className="font-medium underline">
            Dismiss
          </button>
        </Alert>
      )}
    </>
  );

  // The shell stays on screen while a page's code loads; only the page area waits.
  const pageLoading = (
    <p role="status" className="flex items-center gap-2 text-slate-600">
      <Spinner /> Loading...
    </p>
  );
  const layout = (page: ReactNode, withChat = false) => (
    <AppLayout
      userMenu={<UserMenu fullName={profile?.full_name} role={profile?.role} onSignOut={handleSignOut} />}
      reconnecting={reconnecting}
      notice={notice}
    >
      <Suspense fallback={pageLoading}>{page}</Suspense>
      {withChat && <ChatHost catalog={catalog} />}
    </AppLayout>
  );

  return (
    <Routes>
      <Route
        path={paths.onboarding}
        element={
          <Suspense fallback={pageLoading}>
            <OnboardingRoute
              catalog={catalog}
              configured={aiService.status === 'ready' ? aiService.engines : null}
            />
          </Suspense>
        }
      />
      <Route path={paths.dashboard} element={layout(<DashboardRoute aiService={aiService} />, true)} />
      <Route path={paths.saved} element={layout(<SavedRoute />, true)} />
      <Route path={paths.ideasBank} element={layout(<IdeasBankPage handOverTopic={handOverTopic} />)} />
      <Route path={paths.calendar} element={layout(<CalendarRoute />)} />
      <Route path={paths.results} element={layout(<ResultsRoute />)} />
      <Route
        path={paths.settings}
        element={layout(
          <SettingsPage aiService={aiService}>
            <ScheduleSection />
            <LinkedInCard apiBaseUrl={config.apiBaseUrl} />
          </SettingsPage>,
        )}
      />
      <Route
        path={paths.linkedinCallback}
        element={layout(<LinkedInCallbackPage apiBaseUrl={config.apiBaseUrl} />)}
      />
      <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
    </Routes>
  );
}
