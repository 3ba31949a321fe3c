import { describe, expect, it } from 'vitest';
import type { Post } from '@/entities/post/post';
import { accessTokenOf } from '../../harness/journeys.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { fakeLinkedInEnv, useSignedInSession } from './support/signed-in-session.ts';

// Planning and publishing in Chromium, on the app as `npm start` runs it, with LinkedIn played by
// the fake providers (OAuth, userinfo, posts) and the publisher running every second.

const session = useSignedInSession('Ada Lovelace', fakeLinkedInEnv);

/** Saves a post as the signed-in user through the REST API, as another tab would. */
async function savePost(fields: Record<string, unknown>): Promise<Post> {
  const config = (await (await fetch(`${session.server.url}/app-config.json`)).json()) as {
    supabasePublishableKey: string;
  };
  const response = await fetch(`${session.server.url}/rest/v1/posts?select=*`, {
    method: 'POST',
    headers: {
      apikey: config.supabasePublishableKey,
      authorization: `Bearer ${await accessTokenOf(session.page)}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    body: JSON.stringify(fields),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as Post[])[0]!;
}

describe('publishing to LinkedIn', () => {
  it('connects LinkedIn from Settings through its sign-in page and shows the member', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/settings`);
    const card = page.getByRole('region', { name: 'LinkedIn' });
    await card.getByRole('button', { name: 'Connect LinkedIn' }).click();
    // LinkedIn (the fake) sends the browser back to the app's callback page, which finishes it.
    await page.getByText('LinkedIn connected as Ada Lovelace.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings');
    await card.getByText('Connected as Ada Lovelace').waitFor();
    const authorize = session.fake.requests.find((entry) => entry.path === '/oauth/v2/authorization');
    expect(authorize?.query).toMatchObject({
      response_type: 'code',
      client_id: 'e2e-client-id',
      redirect_uri: `${server.url}/linkedin/callback`,
      scope: 'openid profile w_member_social',
    });
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('publishes a saved post now, after a confirmation that shows exactly what goes out', async () => {
    const { page, server } = session;
    const text =
      'Three things we stopped doing (and why):\n\n* status meetings\n* "quick" fixes on Fridays\n* replying @all\n\n#engineering';
    await savePost({ topic: 'What we stopped doing', content: text });
    await page.goto(`${server.url}/saved`);
    const item = page.getByRole('article', { name: 'What we stopped doing' });
    await item.getByRole('button', { name: 'Publish now' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Publish to LinkedIn?' });
    await dialog.getByText('As Ada Lovelace').waitFor();
    expect(await dialog.getByText('Three things we stopped doing', { exact: false }).innerText()).toBe(text);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Publish now' }).click();

    const link = item.getByRole('link', { name: 'View on LinkedIn' });
    await link.waitFor();
    const [sent] = session.fake.linkedin.posts;
    expect(await link.getAttribute('href')).toBe(`https://www.linkedin.com/feed/update/${sent?.urn}/`);
    // What LinkedIn shows is the text as written: brackets, asterisks, quotes and @ included.
    expect(sent?.shownText).toBe(text);
    await item.getByText(/^Published on LinkedIn on /).waitFor();
  });

  it('posts the first comment under the post; when it fails, Retry posts the comment alone', async () => {
    const { page, server, fake } = session;
    const comment = 'The numbers (and the method): https://example.com/report_2026';
    await savePost({ topic: 'With a first comment', content: 'Our report is out.', first_comment: comment });
    fake.setScenario('linkedin', { failComments: { times: 1, status: 500 } });
    await page.goto(`${server.url}/saved`);
    const item = page.getByRole('article', { name: 'With a first comment' });
    await item.getByRole('button', { name: 'Publish now' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Publish to LinkedIn?' });
    expect(await dialog.getByRole('figure', { name: 'First comment' }).innerText()).toContain(comment);
    await dialog.getByRole('button', { name: 'Publish now' }).click();

    await item.getByText('Published; the first comment could not be posted', { exact: true }).waitFor();
    await item
      .getByText(
        'LinkedIn did not confirm the first comment, so it may already be under your post. Check LinkedIn before you retry.',
        { exact: true },
      )
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const sent = fake.linkedin.posts.find((post) => post.shownText === 'Our report is out.');
    expect(sent?.comments).toEqual([]);

    await item.getByRole('button', { name: 'Retry' }).click();
    // Exactly: the panel's screen-reader status also says "First comment posted.".
    await item.getByText('First comment posted', { exact: true }).waitFor();
    expect(sent?.comments.map((posted) => posted.shownText)).toEqual([comment]);
    expect(fake.linkedin.posts.filter((post) => post.shownText === 'Our report is out.')).toHaveLength(1);
    fake.setScenario('linkedin', {});
  });

  it('plans a post on the calendar, moves it by dragging, and shows it published by the scheduler without a reload', async () => {
    const { page, server } = session;
    const today = new Date();
    // A day with a next day in the same month, so both are on one month grid.
    let day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1, 10, 0);
    if (day.getMonth() !== today.getMonth() || day.getDate() > 27) {
      day = new Date(today.getFullYear(), today.getMonth() + 1, 2, 10, 0);
    }
    const planned = await savePost({
      topic: 'Our hiring loop',
      content: 'How we hire in two weeks.',
      planned_at: day.toISOString(),
    });
    expect(planned.publish_status).toBe('scheduled');

    await page.goto(`${server.url}/calendar`);
    if (day.getMonth() !== today.getMonth()) await page.getByRole('button', { name: 'Next month' }).click();
    const cell = (date: Date) =>
      page.locator('td').filter({ has: page.locator(`time[datetime="${dateKey(date)}"]`) });
    const chip = cell(day).getByRole('button', { name: /Our hiring loop, Scheduled$/ });
    await chip.waitFor();

    const next = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1, 10, 0);
    await chip.dragTo(cell(next));
    await cell(next)
      .getByRole('button', { name: /Our hiring loop, Scheduled$/ })
      .waitFor();
    await page.getByRole('button', { name: 'Undo' }).waitFor();
    const rows = await fetchPlanned(planned.id);
    expect(Date.parse(rows.planned_at ?? '')).toBe(next.getTime());

    // A post whose time comes while the calendar is open goes out, and turns Published by itself.
    await savePost({
      topic: 'Due in a moment',
      content: 'This one goes out at once.',
      planned_at: new Date(Date.now() + 8_000).toISOString(),
    });
    await page.goto(`${server.url}/calendar`);
    // The chip on the grid (the Upcoming list names the day first).
    const dueChip = (status: string) =>
      page.getByRole('button', { name: new RegExp(`^\\d{1,2}:\\d{2} [AP]M Due in a moment, ${status}$`) });
    await dueChip('Scheduled').waitFor();
    // Polled while the post is due: no reload.
    await dueChip('Published').waitFor({ timeout: 60_000 });
    expect(session.fake.linkedin.posts.map((post) => post.shownText)).toContain('This one goes out at once.');

    // Saved Posts follows too.
    await savePost({
      topic: 'Due on Saved Posts',
      content: 'Out while the list is open.',
      planned_at: new Date(Date.now() + 8_000).toISOString(),
    });
    await page.goto(`${server.url}/saved`);
    const item = page.getByRole('article', { name: 'Due on Saved Posts' });
    await item.getByText(/^Planned for /).waitFor();
    await item.getByRole('link', { name: 'View on LinkedIn' }).waitFor({ timeout: 60_000 });
  });

  it('after Disconnect, reminds on every page when a planned post is due, with the text to copy', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/settings`);
    const card = page.getByRole('region', { name: 'LinkedIn' });
    await card.getByRole('button', { name: 'Disconnect' }).click();
    await page
      .getByRole('alertdialog', { name: 'Disconnect LinkedIn?' })
      .getByRole('button', { name: 'Disconnect' })
      .click();
    await card.getByRole('button', { name: 'Connect LinkedIn' }).waitFor();

    const posted = session.fake.linkedin.posts.length;
    await savePost({
      topic: 'Posted by hand',
      content: 'Nobody publishes this one for me.',
      planned_at: new Date(Date.now() - 60_000).toISOString(),
    });
    await page.goto(server.url);
    const notice = page.getByRole('group', { name: 'A planned post is due' });
    await notice
      .getByText(
        "It's time to post “Posted by hand”. LinkedIn isn't connected, so copy the text and post it yourself.",
      )
      .waitFor();
    await notice.getByRole('button', { name: 'Mark as published' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.goto(`${server.url}/saved`);
    await page
      .getByRole('article', { name: 'Posted by hand' })
      .getByRole('button', { name: /Published/ })
      .waitFor();
    expect(session.fake.linkedin.posts).toHaveLength(posted);
  });
});

function dateKey(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

async function fetchPlanned(id: string): Promise<Pick<Post, 'planned_at' | 'publish_status'>> {
  const config = (await (await fetch(`${session.server.url}/app-config.json`)).json()) as {
    supabasePublishableKey: string;
  };
  const response = await fetch(
    `${session.server.url}/rest/v1/posts?select=planned_at,publish_status&id=eq.${id}`,
    {
      headers: {
        apikey: config.supabasePublishableKey,
        authorization: `Bearer ${await accessTokenOf(session.page)}`,
      },
    },
  );
  return ((await response.json()) as Post[])[0]!;
}
