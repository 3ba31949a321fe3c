import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Post } from '@/entities/post/post';
import { initSupabase } from '@/lib/supabase/client';
import { toast } from '@/lib/toast/toast';
import { Toaster } from '@/lib/toast/toaster';
import { expectConsole } from '../../../../tests/helpers/console-guard.ts';
import { stubMatchMedia } from '../../../../tests/helpers/match-media.ts';
import { postRow } from '../../../../tests/helpers/post-row.ts';
import { storeSession } from '../../../../tests/helpers/stored-session.ts';
import { usePostsStore } from '../posts-store';
import { SavedPostsPage } from './saved-posts-page';

// Saved Posts through the real posts store and supabase-js; only the REST API is answered here, at
// the network edge, so a failure can carry a database message no user should see ("patch down").

const origin = 'http://localhost';
const userId = '7c2e0a63-4b5d-4e9f-8a11-2b3c4d5e6f70';
const statusFailed = "Couldn't change the post's status. Check your connection and try again.";
const deleteFailed = "Couldn't delete the post. Check your connection and try again.";
const planFailed = "Couldn't save the post's plan. Check your connection and try again.";

let rows: Post[] = [];
/** How the next list read answers; by default the rows. */
let listAnswer: () => Response = () => HttpResponse.json(rows);

const network = setupServer(
  http.get(`${origin}/rest/v1/posts`, () => listAnswer()),
  // No posting times set ("Add to queue" reads the schedule).
  http.get(`${origin}/rest/v1/posting_schedules`, () => HttpResponse.json([])),
  // A database error the mapping has no words for: its text must never reach the page.
  http.patch(`${origin}/rest/v1/posts`, () =>
    HttpResponse.json({ code: 'XX000', message: 'patch down', details: null, hint: null }, { status: 500 }),
  ),
  http.delete(`${origin}/rest/v1/posts`, () =>
    HttpResponse.json({ code: 'XX000', message: 'delete down', details: null, hint: null }, { status: 500 }),
  ),
  // The unused-images sweep after a load: nothing stored.
  http.post(`${origin}/storage/v1/object/list/:bucket`, () => HttpResponse.json([])),
);

beforeAll(() => {
  stubMatchMedia();
  network.listen({ onUnhandledRequest: 'error' });
  storeSession(userId, 'ada@example.com');
  initSupabase(origin, 'anon-key');
});
afterAll(() => network.close());
beforeEach(() => {
  rows = [
    postRow({
      id: '0f1e2d3c-0000-4000-8000-000000000001',
      user_id: userId,
      topic: 'Remote work',
      content: 'Write things down.',
      is_published: false,
      created_at: '2026-03-09T10:15:00Z',
      planned_at: new Date(Date.now() + 3 * 24 * 3600_000).toISOString(),
    }),
  ];
  listAnswer = () => HttpResponse.json(rows);
});
afterEach(() => {
  // Unmount first, so resetting the store is not a stray update of a mounted page.
  cleanup();
  act(() => toast.remove());
  usePostsStore.getState().reset();
});

function renderPage({ publishing = false } = {}) {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <Toaster />
      <SavedPostsPage
        author={{ fullName: 'Ada Lovelace', role: 'Data Scientist', company: 'Engines' }}
        onChat={() => {}}
        publishing={
          publishing
            ? {
                linkedin: null,
                onPublish: () => Promise.reject(new Error('unused')),
                onRetryFirstComment: () => Promise.reject(new Error('unused')),
              }
            : undefined
        }
      />
    </MemoryRouter>,
  );
  return user;
}

const page = () =>
  within(screen.getByRole('heading', { level: 1, name: 'Saved Posts' }).parentElement as HTMLElement);

// Each test waits for the page (up to 10 s on a busy machine), so it gets more than Vitest's 5 s.
describe('Saved Posts: a failed change to one post', { timeout: 30_000 }, () => {
  it('says once, in words, that the status did not change, and the post keeps its status', async () => {
    const logged = expectConsole('error');
    const user = renderPage();
    const post = await screen.findByRole('article', { name: 'Remote work' });
    await user.click(within(post).getByRole('button', { name: 'Draft — mark as published' }));

    expect(await screen.findByText(statusFailed)).toBeInTheDocument();
    expect(screen.getAllByText(statusFailed)).toHaveLength(1);
    expect(screen.queryByText(/patch down/)).not.toBeInTheDocument();
    // The banner with "Try again" is for a list that failed to load, not for one post.
    expect(page().queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(within(post).getByRole('button', { name: 'Draft — mark as published' })).toBeEnabled();
    expect(within(post).getByText('Write things down.')).toBeInTheDocument();
    // The database's own words go to the console, for whoever investigates.
    expect(logged).toHaveBeenCalled();
  });

  it('says once, in words, that a delete failed, and keeps the post', async () => {
    expectConsole('error');
    const user = renderPage();
    const post = await screen.findByRole('article', { name: 'Remote work' });
    await user.click(within(post).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete post' }));

    expect(await screen.findByText(deleteFailed)).toBeInTheDocument();
    expect(screen.getAllByText(deleteFailed)).toHaveLength(1);
    expect(screen.queryByText(/delete down/)).not.toBeInTheDocument();
    expect(page().queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Remote work' })).toBeInTheDocument();
  });

  it('says once, in words, that the plan was not saved, beside the plan', async () => {
    const user = renderPage({ publishing: true });
    const post = await screen.findByRole('article', { name: 'Remote work' });
    await user.click(within(post).getByRole('button', { name: 'Remove plan' }));

    expect(await within(post).findByRole('alert')).toHaveTextContent(planFailed);
    expect(screen.getAllByText(planFailed)).toHaveLength(1);
    expect(screen.queryByText(/patch down/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(within(post).getByRole('button', { name: 'Remove plan' })).toBeEnabled();
  });
});

describe('Saved Posts: a failed load', { timeout: 30_000 }, () => {
  it('shows the banner with "Try again", which loads the list again', async () => {
    listAnswer = () => HttpResponse.json({ message: 'Failed to fetch' }, { status: 503 });
    const user = renderPage();
    const banner = await page().findByRole('alert');
    expect(banner).toHaveTextContent(
      'Unable to connect to the database. Please check your internet connection and try again.',
    );
    listAnswer = () => HttpResponse.json(rows);
    await user.click(within(banner).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Remote work' })).toBeInTheDocument();
    expect(page().queryByRole('alert')).not.toBeInTheDocument();
  });
});
