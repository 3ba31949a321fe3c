import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LinkedInStatus } from '@/entities/post/publishing/linkedin-api';
import { initSupabase } from '@/lib/supabase/client';
import { useLinkedInStore } from '../linkedin-store';
import { LinkedInCard } from './linkedin-card';
import { storeSession } from '../../../../tests/helpers/stored-session.ts';
import { linkedinConnectedAs, linkedinNotConnected } from '../../../../tests/helpers/linkedin-status.ts';

// The /api functions are the network edge here (MSW); the store and the API module are the real ones.
const apiBaseUrl = 'http://localhost/api';
const network = setupServer();

const connection = linkedinConnectedAs('Ada Lovelace').connection!;
const notConnected = linkedinNotConnected;

beforeAll(() => {
  network.listen({ onUnhandledRequest: 'error' });
  storeSession('user-a', 'ada@example.com');
  initSupabase('http://localhost', 'anon-key');
});
afterEach(() => {
  // Unmount before touching the store, so the reset is not a stray update of a mounted card.
  cleanup();
  network.resetHandlers();
  useLinkedInStore.getState().reset();
});
afterAll(() => network.close());

function answerStatus(status: LinkedInStatus) {
  network.use(http.get(`${apiBaseUrl}/linkedin/status`, () => HttpResponse.json(status)));
}

function renderCard() {
  const user = userEvent.setup();
  render(<LinkedInCard apiBaseUrl={apiBaseUrl} />);
  return { user, card: screen.getByRole('region', { name: 'LinkedIn' }) };
}

describe('LinkedInCard', () => {
  it('says what the server owner has to set when publishing is not set up, and offers nothing', async () => {
    answerStatus({
      configured: false,
      missing: ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET'],
      connection: null,
    });
    const { card } = renderCard();
    expect(within(card).getByText('Checking your LinkedIn connection...')).toBeInTheDocument();
    expect(
      await within(card).findByText("Publishing to LinkedIn isn't set up on this server yet."),
    ).toBeInTheDocument();
    expect(
      within(card).getByText(
        'The server owner sets LINKEDIN_CLIENT_ID, LINKEDIN_CLIENT_SECRET (see the README).',
      ),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('sends the browser to the LinkedIn sign-in page the server gives', async () => {
    answerStatus(notConnected);
    const signIn = 'https://www.linkedin.com/oauth/v2/authorization?response_type=code&state=abc';
    let authorization: string | null = null;
    network.use(
      http.post(`${apiBaseUrl}/linkedin/connect`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ url: signIn });
      }),
    );
    const assign = vi.fn();
    const location = window.location;
    const spy = vi.spyOn(window, 'location', 'get').mockReturnValue({ ...location, assign });
    const { user, card } = renderCard();
    expect(
      await within(card).findByText(
        'Connect your LinkedIn account to publish posts from here, now or at their planned time.',
      ),
    ).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Connect LinkedIn' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith(signIn));
    expect(authorization).toBe('Bearer the-users-access-token');
    spy.mockRestore();
  });

  it('says why connecting could not start', async () => {
    answerStatus(notConnected);
    network.use(
      http.post(`${apiBaseUrl}/linkedin/connect`, () =>
        HttpResponse.json(
          {
            error: {
              message: 'Publishing to LinkedIn is not set up on this server.',
              code: 'linkedin_not_configured',
            },
          },
          { status: 503 },
        ),
      ),
    );
    const { user, card } = renderCard();
    await user.click(await within(card).findByRole('button', { name: 'Connect LinkedIn' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Publishing to LinkedIn is not set up on this server.',
    );
    expect(within(card).getByRole('button', { name: 'Connect LinkedIn' })).toBeEnabled();
  });

  it('shows whom it is connected as and until when', async () => {
    answerStatus({ configured: true, missing: [], connection });
    const { card } = renderCard();
    expect(await within(card).findByText('Connected as Ada Lovelace')).toBeInTheDocument();
    expect(within(card).getByText('LinkedIn keeps you signed in until 26 Jan 2027.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Connect LinkedIn/ })).not.toBeInTheDocument();
  });

  it('asks before disconnecting, then disconnects', async () => {
    answerStatus({ configured: true, missing: [], connection });
    let disconnects = 0;
    network.use(
      http.delete(`${apiBaseUrl}/linkedin/connection`, () => {
        disconnects += 1;
        return HttpResponse.json(notConnected);
      }),
    );
    const { user, card } = renderCard();
    await user.click(await within(card).findByRole('button', { name: 'Disconnect' }));
    const question = screen.getByRole('alertdialog', { name: 'Disconnect LinkedIn?' });
    expect(question).toHaveAccessibleDescription(
      'Planned posts stay planned; you will get a reminder instead.',
    );
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(disconnects).toBe(0);

    await user.click(within(card).getByRole('button', { name: 'Disconnect' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Disconnect LinkedIn?' })).getByRole('button', {
        name: 'Disconnect',
      }),
    );
    expect(await within(card).findByRole('button', { name: 'Connect LinkedIn' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(card).queryByText(/Connected as/)).not.toBeInTheDocument();
    expect(disconnects).toBe(1);
  });

  it('asks to reconnect when LinkedIn signed the app out', async () => {
    answerStatus({ configured: true, missing: [], connection: { ...connection, needsReconnect: true } });
    const { card } = renderCard();
    expect(
      await within(card).findByText('LinkedIn signed you out of this app. Reconnect to keep publishing.'),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Reconnect LinkedIn' })).toBeEnabled();
  });

  it('says why the connection could not be checked, and checks again', async () => {
    answerStatus(notConnected);
    // Handlers added later answer first: the first check finds no connection at all.
    network.use(http.get(`${apiBaseUrl}/linkedin/status`, () => HttpResponse.error(), { once: true }));
    const { user, card } = renderCard();
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Unable to connect to the database. Please check your internet connection and try again.',
    );
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByRole('button', { name: 'Connect LinkedIn' })).toBeInTheDocument();
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });
});
