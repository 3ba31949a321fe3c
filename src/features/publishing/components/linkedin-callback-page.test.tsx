import { act, cleanup, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initSupabase } from '@/lib/supabase/client';
import { toast } from '@/lib/toast/toast';
import { Toaster } from '@/lib/toast/toaster';
import { useLinkedInStore } from '../linkedin-store';
import { LinkedInCallbackPage } from './linkedin-callback-page';
import { stubMatchMedia } from '../../../../tests/helpers/match-media.ts';
import { storeSession } from '../../../../tests/helpers/stored-session.ts';
import { linkedinConnectedAs } from '../../../../tests/helpers/linkedin-status.ts';

// The /api functions are the network edge here (MSW); the store and the API module are the real ones.
const apiBaseUrl = 'http://localhost/api';
const network = setupServer();
const connected = linkedinConnectedAs('Ada Lovelace');

/** What the page posted to /linkedin/callback, in order. */
const posted: unknown[] = [];

beforeAll(() => {
  network.listen({ onUnhandledRequest: 'error' });
  storeSession('user-a', 'ada@example.com');
  initSupabase('http://localhost', 'anon-key');
  stubMatchMedia();
});
afterEach(() => {
  cleanup();
  act(() => toast.remove());
  network.resetHandlers();
  posted.length = 0;
  useLinkedInStore.getState().reset();
});
afterAll(() => network.close());

function answer(response: () => Response) {
  network.use(
    http.post(`${apiBaseUrl}/linkedin/callback`, async ({ request }) => {
      posted.push(await request.json());
      return response();
    }),
  );
}

/** The page as the app shows it: under StrictMode, which runs its effect twice. */
function renderAt(url: string) {
  render(
    <StrictMode>
      <Toaster />
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/linkedin/callback" element={<LinkedInCallbackPage apiBaseUrl={apiBaseUrl} />} />
          <Route path="/settings" element={<h1>Profile Settings</h1>} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}

describe('LinkedInCallbackPage', () => {
  it('hands the code to the server once, then goes to Settings and says who is connected', async () => {
    answer(() => HttpResponse.json(connected));
    renderAt('/linkedin/callback?code=one-time-code&state=state-1');
    expect(screen.getByRole('status')).toHaveTextContent('Connecting LinkedIn…');
    expect(await screen.findByRole('heading', { name: 'Profile Settings' })).toBeInTheDocument();
    expect(await screen.findByText('LinkedIn connected as Ada Lovelace.')).toBeInTheDocument();
    expect(posted).toEqual([{ state: 'state-1', code: 'one-time-code' }]);
    expect(useLinkedInStore.getState().status).toEqual(connected);
  });

  it('shows why the server refused, with a way back to Settings', async () => {
    const refusal =
      'This LinkedIn sign-in was not started here, has expired or was already used. Start again with Connect LinkedIn.';
    answer(() =>
      HttpResponse.json({ error: { message: refusal, code: 'linkedin_state_invalid' } }, { status: 400 }),
    );
    renderAt('/linkedin/callback?code=one-time-code&state=state-2');
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('link', { name: 'Back to Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.queryByText('Connecting LinkedIn…')).not.toBeInTheDocument();
    expect(posted).toHaveLength(1);
  });

  it('passes on a sign-in the member cancelled at LinkedIn', async () => {
    answer(() =>
      HttpResponse.json(
        {
          error: {
            message: 'You cancelled the LinkedIn sign-in, so LinkedIn is not connected.',
            code: 'linkedin_denied',
          },
        },
        { status: 400 },
      ),
    );
    renderAt(
      '/linkedin/callback?error=user_cancelled_authorize&error_description=The+user+cancelled&state=state-3',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You cancelled the LinkedIn sign-in, so LinkedIn is not connected.',
    );
    expect(posted).toEqual([
      { state: 'state-3', error: 'user_cancelled_authorize', error_description: 'The user cancelled' },
    ]);
  });

  it('opened without a sign-in to finish, says what it is for', () => {
    renderAt('/linkedin/callback');
    expect(screen.getByText('This page is only used while connecting LinkedIn.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Settings' })).toHaveAttribute('href', '/settings');
    expect(posted).toHaveLength(0);
  });
});
