import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSupabase } from '@/lib/supabase/client';
import { connectLinkedIn } from '../helpers/linkedin-api-server.ts';
import { setupApp } from '../helpers/render-app.tsx';

// A schedule that no longer reaches the server (on hosted: a wrong secret key in
// supabase/schedule-publishing.sql, refused with a 401 every minute where nobody looks) shows in
// the app once a planned post is late, through the real backend: runs recorded by
// /linkedin/publish-due, read back by the signed-in user. The test server has no timer of its
// own, so runs happen only when a test calls publish-due as the schedule would.
const app = setupApp({ linkedin: true });

const failing = /^Scheduled publishing is failing: no scheduled run has reached the server/;

/** A signed-in user with LinkedIn connected and a post planned `minutesAgo` minutes ago. */
async function connectedWithLatePost(minutesAgo: number) {
  const writer = await app.signUp();
  const { data } = await getSupabase().auth.getSession();
  const connected = await connectLinkedIn(app.config().apiBaseUrl, data.session?.access_token ?? '');
  expect(connected.status).toBe(200);
  await writer.buildPost({
    topic: 'Late post',
    planned_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  });
  return writer;
}

/** What the schedule sends each minute, with the project's secret key. */
async function scheduledRun() {
  const response = await fetch(`${app.config().apiBaseUrl}/linkedin/publish-due`, {
    method: 'POST',
    headers: { apikey: app.server().keys.secretKey, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
}

describe('scheduled publishing that stops reaching the server', () => {
  it('says scheduled publishing is failing when a planned post is late and no run has come', async () => {
    await connectedWithLatePost(10);
    app.renderApp('/');
    expect(await screen.findByText(failing)).toHaveTextContent(
      'Scheduled publishing is failing: no scheduled run has reached the server yet, so planned posts ' +
        'are not going out to LinkedIn. Check the schedule (supabase/schedule-publishing.sql) and its secret key.',
    );
  });

  it('says nothing while runs reach the server, and says so once they have stopped', async () => {
    await scheduledRun();
    // Late, but a run has just come: the next one takes it.
    await connectedWithLatePost(10);
    app.renderApp('/');
    await screen.findByRole('heading', { name: 'Create New Post' });
    // Nothing to wait for when all is well: give the notice's first look time to answer.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(screen.queryByText(failing)).not.toBeInTheDocument();

    // The same post and page, the last run now 12 minutes back (the key was changed since).
    await app
      .server()
      .db.exec(`update private.scheduled_publishing_runs set last_run_at = now() - interval '12 minutes'`);
    await app.reloadApp('/');
    expect(await screen.findByText(failing)).toHaveTextContent(
      'Scheduled publishing is failing: no scheduled run has reached the server in 12 minutes,',
    );
  });
});
