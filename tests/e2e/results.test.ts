import { describe, expect, it } from 'vitest';
import { accessTokenOf, restAsUser } from '../../harness/journeys.ts';
import { analyticsExport, linkedinDate } from '../../harness/analytics-workbook.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { layoutProblems, setWidth } from './support/viewports.ts';
import { fakeLinkedInEnv, useSignedInSession } from './support/signed-in-session.ts';

// Results end to end (issue 28, docs/product.md §9.7): three posts published through the app to
// the fake LinkedIn, LinkedIn's analytics export (the synthetic workbook, with the real sheet and
// column names and the posts' links) imported on the Results page in the browser's worker; the
// matched table, the chart's table and the top posts are shown, and "Write a new version" of the
// best one opens the generator with the handover, which writes a post (fake Groq); the post
// check flags it when it repeats the old post's sentences.

const session = useSignedInSession('Ada Lovelace', fakeLinkedInEnv);

const posts = [
  { topic: 'Curious hires', content: 'Why we hire for curiosity?\n\nThree things changed in a year.' },
  { topic: 'No estimates', content: 'We stopped estimating.\n\nHere is what happened next.' },
  { topic: 'Quiet Fridays', content: 'No meetings on Fridays.\n\nOur team ships more.' },
];

async function savePost(fields: Record<string, unknown>) {
  const config = (await (await fetch(`${session.server.url}/app-config.json`)).json()) as {
    supabasePublishableKey: string;
  };
  const response = await fetch(`${session.server.url}/rest/v1/posts`, {
    method: 'POST',
    headers: {
      apikey: config.supabasePublishableKey,
      authorization: `Bearer ${await accessTokenOf(session.page)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(fields),
  });
  expect(response.status).toBe(201);
}

describe('results', () => {
  it('imports the analytics export of posts published through the app, shows the top posts and writes a new version of one', async () => {
    const { page, server, fake } = session;
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));

    // Connect LinkedIn and publish three posts through the app.
    await page.goto(`${server.url}/settings`);
    const card = page.getByRole('region', { name: 'LinkedIn' });
    await card.getByRole('button', { name: 'Connect LinkedIn' }).click();
    await card.getByText('Connected as Ada Lovelace').waitFor();
    for (const post of posts) await savePost(post);
    await page.goto(`${server.url}/saved`);
    for (const post of posts) {
      const item = page.getByRole('article', { name: post.topic });
      await item.getByRole('button', { name: 'Publish now' }).click();
      await page
        .getByRole('alertdialog', { name: 'Publish to LinkedIn?' })
        .getByRole('button', { name: 'Publish now' })
        .click();
      await item.getByRole('link', { name: 'View on LinkedIn' }).waitFor();
    }
    const sent = (text: string) => fake.linkedin.posts.find((post) => post.shownText === text)!;
    const [curious, estimates, fridays] = posts.map((post) => sent(post.content));
    const today = linkedinDate(new Date().toISOString());

    // Results before any import. With LinkedIn connected the page asks LinkedIn's API by itself
    // when it opens (at most every few hours): this server's LinkedIn app lacks the permission (the
    // fake's token has no r_member_postAnalytics), so the page says that source is unavailable.
    session.browser.allowConsoleErrorsInThisTest(/status of 403 .*\/api\/linkedin\/results\/refresh/u);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Results' }).click();
    await page.getByRole('heading', { level: 1, name: 'Results' }).waitFor();
    await page.getByText(/None of your 3 published posts has results yet/u).waitFor();
    const fromLinkedIn = page.getByRole('region', { name: 'Results from LinkedIn' });
    await fromLinkedIn.getByText(/LinkedIn's API does not give this app your posts' results/u).waitFor();

    // LinkedIn's export names the posts by their links (percent-encoded for one); one row is of a
    // post the app does not know, on a day nothing went out.
    const workbook = analyticsExport([
      {
        url: `https://www.linkedin.com/feed/update/${encodeURIComponent(curious!.urn)}`,
        date: today,
        engagements: '1,234',
        impressions: '20,000',
      },
      {
        url: `https://www.linkedin.com/feed/update/${estimates!.urn}/`,
        date: today,
        engagements: 40,
        impressions: 800,
      },
      {
        url: `https://www.linkedin.com/feed/update/${fridays!.urn}/`,
        date: today,
        engagements: 9,
        impressions: 3000,
      },
      {
        url: 'https://www.linkedin.com/feed/update/urn:li:activity:7000000000000000001/',
        date: '10/1/2026',
        engagements: 1,
        impressions: 50,
      },
    ]);
    await page.getByLabel('LinkedIn analytics export (.xlsx)').setInputFiles({
      name: 'Content_2026-11-28.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(workbook),
    });
    await page.getByText(/Results imported for 3 posts\. 1 row could not be matched/u).waitFor();
    // Read off the main thread, in the worker Vite bundled.
    expect(workers).toEqual([expect.stringMatching(/\/assets\/analytics-export\.worker-[\w-]+\.js$/)]);

    // The matched table: each post with its figures and how it was matched.
    const matched = page.getByRole('table', { name: 'Matched posts' });
    const matchedRow = (name: string) =>
      matched.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
    expect(await matchedRow('Why we hire for curiosity?').innerText()).toMatch(
      /20,000[\s\S]*1,234[\s\S]*its LinkedIn link/u,
    );
    expect(await matchedRow('We stopped estimating.').innerText()).toMatch(
      /800[\s\S]*40[\s\S]*its LinkedIn link/u,
    );
    expect(await matchedRow('No meetings on Fridays.').innerText()).toMatch(/3,000[\s\S]*9/u);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // On a phone each matched post is a card: nothing scrolls sideways, every figure is named.
    await setWidth(page, 390);
    expect(await layoutProblems(page)).toEqual([]);
    expect(await matchedRow('Why we hire for curiosity?').innerText()).toMatch(
      /Published[\s\S]*Impressions\s+20,000[\s\S]*Engagements\s+1,234[\s\S]*Matched by\s+its LinkedIn link/u,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await setWidth(page, 1280);

    // Stored in Postgres, with the export as their source.
    const stored = await restAsUser<{ impressions: number; engagements: number; source: string }[]>(
      page,
      server.url,
      'post_results?select=impressions,engagements,source&order=impressions.asc',
    );
    expect(stored).toEqual([
      { impressions: 800, engagements: 40, source: 'export' },
      { impressions: 3000, engagements: 9, source: 'export' },
      { impressions: 20000, engagements: 1234, source: 'export' },
    ]);

    // The chart, and the table that says the same: all three posts went out this week.
    const overTime = page.getByRole('region', { name: 'Impressions and engagements over time' });
    await overTime.getByRole('img', { name: /Impressions and engagements from/u }).waitFor();
    const chartTable = overTime.getByRole('table', { name: /Impressions and engagements by the week/u });
    const rows = await chartTable.getByRole('row').allInnerTexts();
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/3\s+23,800\s+1,283$/u);

    // The top posts: by engagement rate (1,234 / 20,000 = 6.2%, then 40 / 800 = 5%), and by reach.
    const byRate = page.getByRole('region', { name: 'Top posts by engagement rate' });
    const rateItems = await byRate.getByRole('listitem').allInnerTexts();
    expect(rateItems[0]).toMatch(/^Why we hire for curiosity\?[\s\S]*6\.2% engagement rate/u);
    expect(rateItems[1]).toMatch(/^We stopped estimating\.[\s\S]*5\.0% engagement rate/u);
    const byReach = page.getByRole('region', { name: 'Top posts by reach' });
    expect((await byReach.getByRole('listitem').allInnerTexts())[1]).toMatch(
      /^No meetings on Fridays\.[\s\S]*3,000 impressions/u,
    );
    await page
      .getByRole('region', { name: 'What your top posts share' })
      .getByText(/Opening/u)
      .first()
      .waitFor();

    // LinkedIn's API, asked by the author for the same figures: refused again, and the imported
    // results stay.
    await page.getByRole('button', { name: 'Refresh from LinkedIn' }).click();
    await fromLinkedIn.getByText(/LinkedIn's API does not give this app your posts' results/u).waitFor();
    expect(await chartTable.innerText()).toMatch(/23,800/u);

    // "Write a new version" of the best post: the generator opens with the handover, and writes it.
    // The model keeps both sentences of the old post: the post check says it is a copy.
    fake.setScenario('groq', {
      text: 'Curiosity beat credentials for us.\n\nWhy we hire for curiosity?\n\nThree things changed in a year.\n\nHere are the signs we now look for.',
      tokensPerSecond: 3000,
    });
    await byRate.getByRole('button', { name: 'Write a new version of “Why we hire for curiosity?”' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create New Post' }).waitFor();
    const topic = page.getByLabel('What would you like to post about?');
    await expect
      .poll(() => topic.inputValue())
      .toMatch(
        /^A new version of one of my best posts: the same idea and the same structure \(it opens with a question, 2 paragraphs\)[\s\S]*do not copy[\s\S]*“Why we hire for curiosity\?\n\nThree things changed in a year\.”$/u,
      );
    await page
      .getByRole('region', { name: 'Create New Post' })
      .getByRole('button', { name: 'Generate Post' })
      .click();
    await page
      .getByRole('article', { name: 'Post preview' })
      .getByText('Curiosity beat credentials for us.')
      .waitFor();
    await page
      .getByRole('region', { name: 'Post check' })
      .getByText(
        /^Repeats 2 of 2 sentences of your post “Why we hire for curiosity\?” from \d{1,2} [A-Z][a-z]{2}\. Say it in new words, so it is not a copy\.$/u,
      )
      .waitFor();
    // The generator was asked with the handover as the topic.
    const asked = JSON.stringify(
      fake.requests.filter((entry) => entry.path.endsWith('/chat/completions')).at(-1),
    );
    expect(asked).toContain('A new version of one of my best posts');
    expect(pageErrors).toEqual([]);
  });
});
