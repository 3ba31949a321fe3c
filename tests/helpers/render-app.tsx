// The app's modules read import.meta.env (Vite's types), which the Node test config does not load by itself.
/// <reference types="vite/client" />
import { rm } from 'node:fs/promises';
import { createClient } from '@supabase/supabase-js';
import { act, cleanup, render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { App, createAppRouter, type AppRouter } from '@/app/app';
import { bindDraftToUser } from '@/app/bind-draft-to-user';
import type { RuntimeConfig } from '@/config/runtime-config';
import { useAiServiceStore } from '@/features/ai-service/ai-service-store';
import { useAuthStore } from '@/features/auth/auth-store';
import { useChatStore } from '@/features/chat/chat-store';
import { useVariantsStore } from '@/features/generator/variants-store';
import { useGeneratorStore } from '@/features/generator/generator-store';
import { startAutosave } from '@/entities/post/document/autosave';
import { usePostDocumentStore } from '@/entities/post/document/post-document-store';
import { useIdeasStore } from '@/features/ideas/ideas-store';
import { usePostsStore } from '@/features/posts/posts-store';
import { useLinkedInStore } from '@/features/publishing/linkedin-store';
import { useProfileStore } from '@/features/profile/profile-store';
import { useResearchStore } from '@/features/research/research-store';
import { getSupabase, initSupabase } from '@/lib/supabase/client';
import type { Database, ProfileFields } from '@/lib/supabase/database-types';
import { toast } from '@/lib/toast/toast';
import { configuredProviders, type ProviderConfig } from '../../server/api/provider-config.ts';
import { mountApi } from '../../server/embedded/mount-api.ts';
import type { EmbeddedServer, EmbeddedServerOptions } from '../../server/embedded/start-embedded-server.ts';
import { defaultModelCatalog } from '../../shared/model-catalog.ts';
import { startFakeProviders, type FakeProviders } from '../../harness/fakes/fake-providers.ts';
import * as factories from './factories.ts';
import { copyTemplateDataDir, startTestServer, testAuthOptions } from './test-server.ts';

/**
 * Renders the real app in jsdom against the real embedded backend, started in-process on a copy of
 * the migrated template. Only the AI providers are fakes (harness/fakes, real HTTP servers speaking
 * their wire formats) behind the real /api: the stores, supabase-js, auth, REST and Postgres are
 * the ones the app ships with, so a broken data path fails the test.
 *
 *   const app = setupApp();                       // one backend per test file (hooks)
 *   const writer = await app.signUp();            // a new user with a profile, signed in
 *   await writer.buildIdea({ topic: 'Hiring' });  // real rows, inserted as that user
 *   const { user } = app.renderApp('/ideas-bank');
 */

/** The page's origin in jsdom (vitest.config.ts); the backend allows it as CORS_ALLOWED_ORIGINS would. */
const pageOrigin = 'http://localhost';

let accounts = 0;

export interface TestUser extends factories.Author {
  email: string;
  password: string;
  buildProfile: (overrides?: Partial<ProfileFields>) => ReturnType<typeof factories.buildProfile>;
  buildPost: (
    overrides?: Parameters<typeof factories.buildPost>[1],
  ) => ReturnType<typeof factories.buildPost>;
  buildPosts: (
    overrides: Parameters<typeof factories.buildPosts>[1],
  ) => ReturnType<typeof factories.buildPosts>;
  buildIdea: (
    overrides?: Parameters<typeof factories.buildIdea>[1],
  ) => ReturnType<typeof factories.buildIdea>;
  buildIdeas: (
    overrides: Parameters<typeof factories.buildIdeas>[1],
  ) => ReturnType<typeof factories.buildIdeas>;
}

export interface SignUpOptions {
  /** The profile row to create (overrides of the defaults), or null for a user who has not onboarded. */
  profile?: Partial<ProfileFields> | null;
  /** Whether the app's client signs in as the new user (default true); false leaves the page signed out. */
  signIn?: boolean;
}

export interface AppHarness {
  server: () => EmbeddedServer;
  /** The fake AI providers behind /api: set a scenario, read the requests they received. */
  providers: () => FakeProviders;
  config: () => RuntimeConfig;
  /** Signs a new user up through the real auth API and signs the app's client in as them. */
  signUp: (options?: SignUpOptions) => Promise<TestUser>;
  /** Renders the whole app (auth gate, shell, routes, toasts) at `url`. */
  renderApp: (url?: string) => { user: UserEvent; unmount: () => void };
  /**
   * What a page reload does: the page goes away, every store starts from nothing and reads back
   * what this browser stored (the session, the persisted drafts), then the app renders at `url`.
   */
  reloadApp: (url?: string) => Promise<{ user: UserEvent; unmount: () => void }>;
  /** Stops the backend (the page's requests fail as with a lost connection) until `startServer`. */
  stopServer: () => Promise<void>;
  /** Starts it again on the same port and data: the session stays valid. */
  startServer: () => Promise<void>;
}

/** Stores that keep something in this browser across reloads. */
const persistedStores = () => [usePostDocumentStore, useGeneratorStore];

const resetStores = () => {
  for (const store of [
    useAuthStore,
    useProfileStore,
    usePostsStore,
    useIdeasStore,
    useGeneratorStore,
    usePostDocumentStore,
    useVariantsStore,
    useResearchStore,
    useChatStore,
  ]) {
    (store as { setState: (state: unknown, replace: true) => void }).setState(store.getInitialState(), true);
  }
  useAiServiceStore.getState().reset();
  useLinkedInStore.getState().reset();
  for (const store of persistedStores()) store.persist.clearStorage();
};

export interface SetupAppOptions {
  /** Auth settings of the backend on top of the tests' own (e.g. `emailConfirmation`). */
  auth?: Partial<NonNullable<EmbeddedServerOptions['auth']>>;
  /** Whether the backend has a LinkedIn app (pointed at the fake LinkedIn), so users can connect. */
  linkedin?: boolean;
}

/** Registers the hooks of a test file: one backend and fake providers for the file, a clean app per test. */
export function setupApp(options: SetupAppOptions = {}): AppHarness {
  let dataDir = '';
  let port = 0;
  let server: EmbeddedServer | null = null;
  let fake: FakeProviders | null = null;
  let config: RuntimeConfig | null = null;
  let stopAutosave = () => {};
  let unbindDraft = () => {};
  const routers: AppRouter[] = [];

  const start = async () => {
    if (!fake) throw new Error('setupApp: the fake providers are not running');
    const providers: ProviderConfig = {
      GROQ_API_KEY: 'gsk_ui_test_key',
      GROQ_BASE_URL: fake.url,
      ANTHROPIC_API_KEY: 'sk-ant-ui-test-key',
      ANTHROPIC_BASE_URL: fake.url,
      PERPLEXITY_API_KEY: 'pplx-ui-test-key',
      PERPLEXITY_BASE_URL: fake.url,
      YOUTUBE_API_KEY: 'yt-ui-test-key',
      YOUTUBE_BASE_URL: `${fake.url}/youtube/v3`,
    };
    server = await startTestServer({
      ...(options.auth ? { auth: { ...testAuthOptions, ...options.auth } } : {}),
      dataDir,
      port,
      corsAllowedOrigins: [pageOrigin],
      appConfig: () => ({ engines: configuredProviders(providers), modelCatalog: defaultModelCatalog }),
      createApi: mountApi({
        providers,
        catalog: defaultModelCatalog,
        quota: { requests: 1000, windowSeconds: 60 },
        ...(options.linkedin
          ? {
              linkedinEnv: {
                LINKEDIN_CLIENT_ID: 'ui-test-client-id',
                LINKEDIN_CLIENT_SECRET: 'ui-test-client-secret',
                LINKEDIN_AUTH_BASE_URL: `${fake.url}/oauth/v2`,
                LINKEDIN_API_BASE_URL: fake.url,
              },
              linkedinRedirectUrl: `${pageOrigin}/linkedin/callback`,
            }
          : {}),
      }),
    });
    port = server.port;
  };

  const need = <T,>(value: T | null, what: string): T => {
    if (value === null) throw new Error(`setupApp: ${what} is not available (outside a test?)`);
    return value;
  };

  beforeAll(async () => {
    fake = await startFakeProviders();
    dataDir = await copyTemplateDataDir();
    await start();
    const running = need(server, 'the server');
    config = {
      supabaseUrl: running.url,
      supabasePublishableKey: running.keys.publishableKey,
      apiBaseUrl: `${running.url}/api`,
    };
    initSupabase(running.url, running.keys.publishableKey);
    stopAutosave = startAutosave();
    // As main.tsx does: the post being written follows the signed-in user.
    unbindDraft = bindDraftToUser();
  });

  afterEach(async () => {
    // Unmount first, so nothing below is a stray update of a mounted page.
    cleanup();
    // Then the routers stop listening to the history (a later test starts its own).
    for (const router of routers.splice(0)) router.dispose();
    act(() => toast.remove());
    if (!server) await start();
    await getSupabase()
      .auth.signOut({ scope: 'local' })
      .catch(() => {});
    resetStores();
    localStorage.clear();
    sessionStorage.clear();
    fake?.reset();
  });

  afterAll(async () => {
    stopAutosave();
    unbindDraft();
    if (config) getSupabase().realtime.disconnect();
    await server?.close();
    await fake?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const render_ = (url: string) => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', url);
    const router = createAppRouter();
    routers.push(router);
    const { unmount } = render(<App config={need(config, 'the runtime config')} router={router} />);
    return {
      user,
      unmount: () => {
        unmount();
        router.dispose();
      },
    };
  };

  return {
    server: () => need(server, 'the server'),
    providers: () => need(fake, 'the fake providers'),
    config: () => need(config, 'the runtime config'),

    signUp: async (options = {}) => {
      const running = need(server, 'the server');
      accounts += 1;
      const email = `ui-user${accounts}-${Date.now()}@example.com`;
      const password = 'correct horse battery';
      // The factories' own client, with a storage key of its own (the app's client owns the page's).
      const client = createClient<Database>(running.url, running.keys.publishableKey, {
        auth: {
          persistSession: false,
          autoRefreshToken: false,
          detectSessionInUrl: false,
          storageKey: `test-factories-${accounts}`,
        },
      });
      const { data, error: signUpError } = await client.auth.signUp({ email, password });
      if (signUpError || !data.user) throw new Error(`sign-up failed: ${signUpError?.message}`);
      const author = { client, id: data.user.id };
      if (options.profile !== null) await factories.buildProfile(author, options.profile ?? {});
      if (options.signIn !== false) {
        // The app's own client signs in as the user, as the sign-in card would.
        const { error } = await getSupabase().auth.signInWithPassword({ email, password });
        if (error) throw new Error(`sign-in failed: ${error.message}`);
      }
      return {
        ...author,
        email,
        password,
        buildProfile: (overrides) => factories.buildProfile(author, overrides),
        buildPost: (overrides) => factories.buildPost(author, overrides),
        buildPosts: (overrides) => factories.buildPosts(author, overrides),
        buildIdea: (overrides) => factories.buildIdea(author, overrides),
        buildIdeas: (overrides) => factories.buildIdeas(author, overrides),
      };
    },

    renderApp: (url = '/') => render_(url),

    reloadApp: async (url = '/') => {
      cleanup();
      act(() => toast.remove());
      for (const router of routers.splice(0)) router.dispose();
      const stored = { ...localStorage };
      resetStores();
      for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
      for (const store of persistedStores()) await store.persist.rehydrate();
      return render_(url);
    },

    stopServer: async () => {
      const running = need(server, 'the server');
      server = null;
      await running.close();
    },

    startServer: async () => {
      if (!server) await start();
    },
  };
}
