import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { analyticsExport, buildWorkbook, linkedinDate } from '../../harness/analytics-workbook.ts';
import { setupApp, type TestUser } from '../helpers/render-app.tsx';

// The Results page in the whole app against the real embedded backend: LinkedIn's analytics export
// (a synthetic workbook with the real sheet and column names) is picked through the file input,
// read on the page (jsdom has no Worker), matched to the author's published posts and stored in
// one call; the page then shows the matched table, the chart's table and the top posts, and
// "Write a new version" hands a post to the generator. Nothing of our backend is mocked.
const app = setupApp();

const fileLabel = 'LinkedIn analytics export (.xlsx)';
const shareUrl = 'https://www.linkedin.com/feed/update/urn:li:share:7301/';

async function storedResults(writer: TestUser) {
  const { data, error } = await writer.client
    .from('post_results')
    .select('post_id, impressions, engagements, source');
  if (error) throw new Error(error.message);
  return data;
}

/** Three published posts: one the app published (with its LinkedIn link), two marked published by hand. */
async function publishedPosts(writer: TestUser) {
  const [app_, hand, other] = await writer.buildPosts([
    {
      topic: 'Hiring',
      content: 'Why we hire for curiosity?\n\nThree things changed.',
      is_published: true,
      created_at: '2026-11-02T09:00:00Z',
    },
    {
      topic: 'Estimates',
      content: 'We stopped estimating.\n\nHere is what happened.',
      is_published: true,
      created_at: '2026-11-09T09:00:00Z',
    },
    {
      topic: 'Meetings',
      content: 'No meetings on Fridays.',
      is_published: true,
      created_at: '2026-11-16T09:00:00Z',
    },
  ]);
  // The publisher stores the link (a client cannot): as finish_publishing does.
  await app
    .server()
    .db.query(`update public.posts set linkedin_post_url = $1, published_at = $2 where id = $3`, [
      shareUrl,
      '2026-11-03T08:30:00Z',
      app_!.id,
    ]);
  return { app: app_!, hand: hand!, other: other! };
}

async function openResults() {
  const writer = await app.signUp({ profile: { full_name: 'Ada Lovelace' } });
  const posts = await publishedPosts(writer);
  const { user } = app.renderApp('/results');
  await screen.findByRole('heading', { level: 1, name: 'Results' });
  await screen.findByText(/None of your 3 published posts has results yet/u);
  const picker = userEvent.setup({ applyAccept: false });
  const pick = (bytes: Uint8Array, name = 'Content_2026-11-28.xlsx') =>
    picker.upload(screen.getByLabelText(fileLabel), new File([new Uint8Array(bytes)], name));
  return { writer, posts, user, pick };
}

describe('Results page', () => {
  it('imports the export: matches by link and by day, says what it could not match, shows the chart table and the top posts', async () => {
    const { writer, posts, user, pick } = await openResults();
    await pick(
      analyticsExport([
        // Matched by its link (percent-encoded, as exports may write it).
        {
          url: 'https://www.linkedin.com/feed/update/urn%3Ali%3Ashare%3A7301',
          date: '11/3/2026',
          engagements: '1,234',
          impressions: '20,000',
        },
        // Published by hand: matched by its day.
        {
          url: 'https://www.linkedin.com/feed/update/urn:li:activity:8802/',
          date: linkedinDate('2026-11-09T09:00:00Z'),
          engagements: 40,
          impressions: 800,
        },
        // No post that day.
        {
          url: 'https://www.linkedin.com/feed/update/urn:li:activity:8803/',
          date: '10/1/2026',
          engagements: 1,
          impressions: 50,
        },
      ]),
    );

    expect(
      await screen.findByText(/Results imported for 2 posts\. 1 row could not be matched/u),
    ).toBeInTheDocument();
    const matched = screen.getByRole('table', { name: 'Matched posts' });
    expect(
      within(matched).getByRole('rowheader', { name: 'Why we hire for curiosity?' }).closest('tr'),
    ).toHaveTextContent(/20,000.*1,234.*its LinkedIn link/u);
    expect(
      within(matched).getByRole('rowheader', { name: 'We stopped estimating.' }).closest('tr'),
    ).toHaveTextContent(/800.*40.*the day it went out/u);
    expect(screen.getByRole('link', { name: 'Post of 2026-10-01' }).closest('li')).toHaveTextContent(
      'none of your published posts here went out that day',
    );

    // Stored in Postgres, under the author's posts.
    expect((await storedResults(writer)).toSorted((a, b) => a.impressions! - b.impressions!)).toEqual([
      { post_id: posts.hand.id, impressions: 800, engagements: 40, source: 'export' },
      { post_id: posts.app.id, impressions: 20000, engagements: 1234, source: 'export' },
    ]);

    // The chart and its text alternative.
    const overTime = screen.getByRole('region', { name: 'Impressions and engagements over time' });
    expect(
      await within(overTime).findByRole('img', { name: /Impressions and engagements from/u }),
    ).toBeInTheDocument();
    const table = within(overTime).getByRole('table', { name: /Impressions and engagements by the week/u });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Week ofPostsImpressionsEngagements', '2 Nov 2026120,0001,234', '9 Nov 2026180040']);

    // Top posts: by engagement rate (1,234 / 20,000 = 6.2% before 40 / 800 = 5%), and by reach.
    const byRate = screen.getByRole('region', { name: 'Top posts by engagement rate' });
    expect(
      within(byRate)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Why we hire for curiosity?'),
      expect.stringContaining('We stopped estimating.'),
    ]);
    expect(within(byRate).getAllByRole('listitem')[0]).toHaveTextContent('6.2% engagement rate');
    const byReach = screen.getByRole('region', { name: 'Top posts by reach' });
    expect(within(byReach).getAllByRole('listitem')[0]).toHaveTextContent('20,000 impressions');
    expect(screen.getByRole('region', { name: 'What your top posts share' })).toHaveTextContent(/Opening/u);

    // "Write a new version" hands the post to the generator, as a topic asking for new words.
    await user.click(within(byReach).getAllByRole('button', { name: /^Write a new version/u })[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Post' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        (screen.getByLabelText('What would you like to post about?') as HTMLTextAreaElement).value,
      ).toMatch(
        /^A new version of one of my best posts: the same idea and the same structure \(it opens with a question[\s\S]*do not copy[\s\S]*“Why we hire for curiosity\?/u,
      ),
    );
  });

  it('refuses a workbook that is not LinkedIn’s in the author’s words, and keeps the last results', async () => {
    const { writer, pick } = await openResults();
    await pick(analyticsExport([{ url: shareUrl, date: '11/3/2026', engagements: 10, impressions: 500 }]));
    await screen.findByText(/Results imported for 1 post\./u);
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));

    await pick(
      buildWorkbook([
        {
          name: 'Sheet1',
          rows: [
            ['Name', 'Email'],
            ['Ada', 'ada@example.com'],
          ],
        },
      ]),
      'contacts.xlsx',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This workbook is not LinkedIn's analytics export: its sheets are “Sheet1”",
    );
    await pick(new TextEncoder().encode('not a workbook at all'), 'notes.xlsx');
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not an Excel workbook (.xlsx).');
    expect(await storedResults(writer)).toEqual([
      expect.objectContaining({ impressions: 500, engagements: 10 }),
    ]);
  });
});
