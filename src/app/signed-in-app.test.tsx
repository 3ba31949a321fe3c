import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openAiCompatibleEngine, type ModelCatalog } from '@shared/model-catalog';
import type { RuntimeConfig } from '@/config/runtime-config';
import { useAiServiceStore } from '@/features/ai-service/ai-service-store';
import { useAuthStore } from '@/features/auth/auth-store';
import { useGeneratorStore } from '@/features/generator/generator-store';
import { useProfileStore } from '@/features/profile/profile-store';
import { initSupabase, type User } from '@/lib/supabase/client';
import type { LinkedInStatus } from '@/entities/post/publishing/linkedin-api';
import type { Profile } from '@/lib/supabase/database-types';
import type { Post } from '@/entities/post/post';
import { postRow } from '../../tests/helpers/post-row.ts';
import { RuntimeConfigContext } from './runtime-config-context';
import { SignedInApp } from './signed-in-app';
import { storeSession } from '../../tests/helpers/stored-session.ts';
import { linkedinConnectedAs, linkedinNotConnected } from '../../tests/helpers/linkedin-status.ts';
import { columnsOf } from '@/lib/writing-rules/writing-rules';

// The page's origin (jsdom): /api is this server's, as on the embedded backend.
const origin = 'http://localhost';
const config: RuntimeConfig = { supabaseUrl: origin, supabasePublishableKey: 'anon-key', apiBaseUrl: '/api' };
const sessionKey = 'sb-localhost-auth-token';
const userId = '6b1d9f52-3a4c-4d8e-9f00-1a2b3c4d5e6f';

const profile: Profile = {
  id: userId,
  full_name: 'Grace Hopper',
  company: 'Navy Labs',
  website: null,
  about_me: 'Compilers.',
  industry: 'Computing',
  writing_style: 'Technical and detailed',
  role: 'Software Engineer',
  ai_engine: 'groq',
  ai_model: 'server/only-model',
  // No writing rule chosen: each follows the author's posts.
  ...columnsOf({}),
  voice_profile: null,
  // No carousel defaults: a new carousel starts light, portrait, in LinkedIn's blue.
  brand_color: null,
  carousel_theme: null,
  carousel_format: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

/** A catalog only this server has: the page can only know it by asking the function. */
const serverCatalog: ModelCatalog = {
  engines: {
    groq: {
      label: 'Groq',
      description: 'Fast inference with competitive performance',
      models: [{ id: 'server/only-model', label: 'Server Only Model', engine: 'groq', reasoning: false }],
    },
    anthropic: {
      label: 'Anthropic',
      description: 'Advanced capabilities with Claude models',
      models: [
        { id: 'claude-server', label: 'Claude From The Server', engine: 'anthropic', reasoning: false },
      ],
    },
    'openai-compatible': openAiCompatibleEngine(),
  },
  retired: {},
};

let modelsRequests = 0;
/** The user's posts as the REST API returns them (the due-posts reminder reads the planned ones). */
let postRows: Post[] = [];
let linkedinStatus: LinkedInStatus = {
  configured: false,
  missing: ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET'],
  connection: null,
};
// The pages' background reads (LinkedIn's status, the due-posts reminder) answer for the whole
// file: one still on its way when a test ends must not meet a reset network.
const network = setupServer(
  // By default a server without a LinkedIn app (the Settings card says what its owner must set).
  http.get(`${origin}/api/linkedin/status`, () => HttpResponse.json(linkedinStatus)),
  http.get(`${origin}/rest/v1/posts`, () => HttpResponse.json(postRows)),
  // A user who has not set posting times (Settings → Schedule, "Add to queue").
  http.get(`${origin}/rest/v1/posting_schedules`, () => HttpResponse.json([])),
  // Scheduled publishing reaches the server (the failing-schedule notice: tests/ui/scheduled-publishing-health).
  http.post(`${origin}/rest/v1/rpc/scheduled_publishing_last_run`, () =>
    HttpResponse.json(new Date().toISOString()),
  ),
  http.patch(`${origin}/rest/v1/posts`, async ({ request }) => {
    const patch = (await request.json()) as Partial<Post>;
    const id = new URL(request.url).searchParams.get('id')?.replace(/^eq\./, '');
    const row = postRows.find((post) => post.id === id);
    if (!row) return HttpResponse.json({ code: 'PGRST116', message: 'not found' }, { status: 406 });
    const updated: Post = {
      ...row,
      ...patch,
      publish_status: patch.is_published ? 'published' : row.publish_status,
    };
    postRows = postRows.map((post) => (post.id === id ? updated : post));
    return HttpResponse.json(updated);
  }),
);
let modelsAnswer: () => Response | Promise<Response> = () => HttpResponse.error();

beforeAll(() => {
  network.listen({ onUnhandledRequest: 'error' });
  // A stored session, as supabase-js leaves it after a sign-in: the app is signed in.
  storeSession(userId, 'grace@example.com', sessionKey);
  initSupabase(config.supabaseUrl, config.supabasePublishableKey);
});
afterAll(() => network.close());

beforeEach(() => {
  modelsRequests = 0;
  network.use(
    http.get(`${origin}/api/models`, async () => {
      modelsRequests += 1;
      return modelsAnswer();
    }),
  );
  useAuthStore.setState({ status: 'signed-in', user: { id: userId } as User });
  useProfileStore.setState({ profile, loading: false, error: null, isNewUser: false, modelNotice: null });
  useGeneratorStore.setState({ topic: '', status: 'idle', error: null });
});
afterEach(() => {
  postRows = [];
  linkedinStatus = {
    configured: false,
    missing: ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET'],
    connection: null,
  };
  // Unmount before touching the store, so the reset is not a stray update of a mounted page.
  cleanup();
  network.resetHandlers();
  useAiServiceStore.getState().reset();
});

function renderApp(path = '/') {
  const user = userEvent.setup();
  render(
    <RuntimeConfigContext.Provider value={config}>
      <MemoryRouter initialEntries={[path]}>
        <SignedInApp />
      </MemoryRouter>
    </RuntimeConfigContext.Provider>,
  );
  return user;
}

/** The composer's button (the sidebar has a "Generate Post" link-button of its own). */
const generateButton = () =>
  within(screen.getByRole('region', { name: 'Create New Post' })).getByRole('button', {
    name: 'Generate Post',
  });

const ready = () =>
  HttpResponse.json({
    catalog: serverCatalog,
    configured: { groq: true, anthropic: false, perplexity: false, youtube: false },
  });
const notDeployed = () =>
  HttpResponse.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, { status: 404 });

describe('the AI service, asked at run time', () => {
  it('shows "Loading AI models..." and keeps Generate disabled until the function answers', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    modelsAnswer = async () => {
      await answered;
      return ready();
    };
    const user = renderApp();
    await user.type(screen.getByLabelText('What would you like to post about?'), 'Shipping compilers');
    expect(await screen.findByText('Loading AI models...')).toHaveAttribute('role', 'status');
    expect(generateButton()).toBeDisabled();
    await act(async () => release());
    await waitFor(() => expect(generateButton()).toBeEnabled());
    expect(screen.queryByText('Loading AI models...')).not.toBeInTheDocument();
  });

  it("lists the function's models and engines in Settings, not the ones built into the page", async () => {
    modelsAnswer = ready;
    renderApp('/settings');
    const model = await screen.findByLabelText('Model');
    expect(model).toHaveValue('server/only-model');
    expect(
      within(model)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Server Only Model']);
    expect(screen.getByRole('radio', { name: /^Anthropic/ })).toHaveAccessibleName(
      expect.stringContaining('Not configured on this server yet'),
    );
    expect(screen.getByRole('radio', { name: /^Groq/ })).not.toHaveAccessibleName(
      expect.stringContaining('Not configured'),
    );
    expect(modelsRequests).toBe(1);
  });

  it('adds the LinkedIn card to Settings, saying what the server owner must set up', async () => {
    modelsAnswer = ready;
    renderApp('/settings');
    // The card itself is tested in features/publishing; here, that Settings shows it, below the profile.
    const card = await screen.findByRole('region', { name: 'LinkedIn' });
    expect(await within(card).findByText(/^The server owner sets LINKEDIN_CLIENT_ID/)).toBeInTheDocument();
  });
});

describe('when the AI service cannot be reached', () => {
  it.each([
    ['the Edge Function is not deployed (404)', notDeployed],
    ['the network fails', () => HttpResponse.error()],
    ['the function is down (503)', () => new HttpResponse(null, { status: 503 })],
  ])(
    'says so when %s, keeps the user signed in and the topic typed, and recovers with Try Again',
    async (_case, failure) => {
      modelsAnswer = failure;
      useGeneratorStore.setState({ topic: 'My half-written topic' });
      const user = renderApp();

      const alert = await screen.findByRole('alert', { name: 'AI features are unavailable' });
      expect(alert).toHaveTextContent("We can't reach the AI service right now");
      expect(alert).toHaveTextContent('nothing you typed is lost');
      expect(generateButton()).toBeDisabled();
      expect(screen.getByText(/Generating posts needs the AI service/)).toBeInTheDocument();
      expect(screen.getByLabelText('What would you like to post about?')).toHaveValue(
        'My half-written topic',
      );
      expect(useAuthStore.getState().status).toBe('signed-in');
      expect(localStorage.getItem(sessionKey)).not.toBeNull();

      modelsAnswer = ready;
      await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
      await waitFor(() => expect(generateButton()).toBeEnabled());
      expect(screen.queryByRole('alert', { name: 'AI features are unavailable' })).not.toBeInTheDocument();
      expect(screen.getByLabelText('What would you like to post about?')).toHaveValue(
        'My half-written topic',
      );
    },
  );

  it('keeps the failure on screen while trying again, and says what Settings can still do', async () => {
    modelsAnswer = notDeployed;
    const user = renderApp('/settings');
    const alert = await screen.findByRole('alert', { name: 'AI features are unavailable' });
    expect(screen.getByText(/The AI models can.t be listed/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Model')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Grace Hopper');

    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    modelsAnswer = async () => {
      await answered;
      return notDeployed();
    };
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(within(alert).getByRole('button', { name: 'Trying...' })).toBeDisabled();
    await act(async () => release());
    expect(await within(alert).findByRole('button', { name: 'Try Again' })).toBeEnabled();
    expect(useAuthStore.getState().status).toBe('signed-in');
  });
});

describe('when the realtime connection has used up its reconnect attempts (docs/product.md §16)', () => {
  const retryRealtime = useAuthStore.getState().retryRealtime;
  afterEach(() => {
    // Unmount first: resetting the store under a mounted page would be an update outside act().
    cleanup();
    useAuthStore.setState({ realtimeGaveUp: false, reconnecting: false, retryRealtime });
  });

  it('says so instead of "Reconnecting...", with a retry', async () => {
    modelsAnswer = ready;
    let retried = 0;
    useAuthStore.setState({ realtimeGaveUp: true, reconnecting: false, retryRealtime: () => (retried += 1) });
    const user = renderApp('/');
    const status = await screen.findByText('Connection lost. Reconnecting stopped after 5 attempts.');
    expect(screen.queryByText('Connection interrupted. Reconnecting...')).not.toBeInTheDocument();
    await user.click(
      within(status.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    expect(retried).toBe(1);
  });
});

describe('the reminder of a planned post whose time has come', () => {
  const due = () =>
    postRow({
      id: 'b0c1d2e3-0000-4000-8000-000000000001',
      user_id: userId,
      topic: 'Friday tips',
      content: 'Five things I learned this week.',
      is_published: false,
      created_at: '2026-11-20T08:00:00.000Z',
      planned_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    });
  const reminder =
    "It's time to post “Friday tips”. LinkedIn isn't connected, so copy the text and post it yourself.";

  it('shows on every page while LinkedIn cannot publish it, and Later puts it off', async () => {
    modelsAnswer = ready;
    postRows = [due()];
    const user = renderApp('/settings');
    const notice = await screen.findByRole('group', { name: 'A planned post is due' });
    expect(notice).toHaveTextContent(reminder);
    expect(within(notice).getByRole('button', { name: 'Copy text' })).toBeInTheDocument();
    // No LinkedIn app on this server: there is nothing to connect.
    expect(within(notice).queryByRole('link', { name: 'Connect LinkedIn' })).not.toBeInTheDocument();

    await user.click(within(notice).getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('group', { name: 'A planned post is due' })).not.toBeInTheDocument();
  });

  it('marks the post published from the reminder', async () => {
    modelsAnswer = ready;
    postRows = [{ ...due(), id: 'b0c1d2e3-0000-4000-8000-000000000002' }];
    linkedinStatus = linkedinNotConnected;
    const user = renderApp('/settings');
    const notice = await screen.findByRole('group', { name: 'A planned post is due' });
    expect(within(notice).getByRole('link', { name: 'Connect LinkedIn' })).toHaveAttribute(
      'href',
      '/settings',
    );
    await user.click(within(notice).getByRole('button', { name: 'Mark as published' }));
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'A planned post is due' })).not.toBeInTheDocument(),
    );
    expect(postRows[0]?.is_published).toBe(true);
  });

  it('says nothing when LinkedIn is connected: the server publishes it', async () => {
    modelsAnswer = ready;
    postRows = [{ ...due(), id: 'b0c1d2e3-0000-4000-8000-000000000003' }];
    linkedinStatus = linkedinConnectedAs('Grace');
    renderApp('/settings');
    await screen.findByText('Connected as Grace');
    expect(screen.queryByRole('group', { name: 'A planned post is due' })).not.toBeInTheDocument();
  });
});
