import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { restAsUser } from '../../harness/journeys.ts';
import type { StoredHistoryPost } from '../helpers/archive-rows.ts';
import { britishSalesCoach } from '../../src/lib/voice/fixtures/sales-coach-posts.ts';
import { fixturePostCount, linkedInArchive } from '../fixtures/linkedin-archive/build-archive.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { useSignedInSession } from './support/signed-in-session.ts';

// Issue 26 end to end: the author's LinkedIn archive (a synthetic one, zipped here) is picked in
// Settings → Your voice, read in the browser's worker, the proposed samples and the history are
// kept; the samples and the learned voice are stored, and a past post is on the calendar on its day.

const session = useSignedInSession('Grace Hopper');
const voice = () => session.page.getByRole('form', { name: 'Your voice' });
const archive = () => voice().getByRole('region', { name: 'Import from your LinkedIn archive' });
const sharesCsv = readFileSync(new URL('../fixtures/linkedin-archive/Shares.csv', import.meta.url), 'utf8');
const zipName = 'Basic_LinkedInDataExport_11-28-2026.zip';

type StoredPost = Omit<StoredHistoryPost, 'id' | 'user_id'>;

async function pickArchive() {
  await archive()
    .getByLabel('LinkedIn archive (ZIP or Shares.csv)')
    .setInputFiles({
      name: zipName,
      mimeType: 'application/zip',
      buffer: Buffer.from(linkedInArchive(sharesCsv)),
    });
}

const monthTitle = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

describe('importing past posts from the LinkedIn archive', () => {
  it('keeps the proposed samples and the history: the voice is learned and a past post is on the calendar', async () => {
    const { page, server } = session;
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // The file is read off the main thread, in the worker Vite bundled.
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto(`${server.url}/settings`);
    await page.getByRole('heading', { name: 'Profile Settings', level: 1 }).waitFor();

    await pickArchive();
    await archive()
      .getByText(`Found ${fixturePostCount} posts in ${zipName}, from March 2026 to November 2026.`)
      .waitFor();
    await archive().getByText('2 reshares without a comment of your own were skipped.').waitFor();
    await archive().getByText('10 of 10 chosen as samples').waitFor();
    expect(workers).toEqual([expect.stringMatching(/\/assets\/archive-import\.worker-[\w-]+\.js$/)]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await archive()
      .getByRole('checkbox', { name: `Also keep all ${fixturePostCount} posts as published history` })
      .check();
    await archive().getByRole('button', { name: 'Keep these posts' }).click();
    await archive()
      .getByText(
        `Kept ${fixturePostCount} posts as published history: they are in Saved Posts and on the calendar on the day you posted them.`,
      )
      .waitFor();
    await voice().getByText('Your voice is saved.').waitFor();
    expect(await voice().getByLabel('Sample 10', { exact: true }).inputValue()).not.toBe('');

    const samples = await restAsUser<{ content: string }[]>(page, server.url, 'voice_samples?select=content');
    expect(samples).toHaveLength(10);
    expect(samples.map((sample) => sample.content)).toContain(
      'My first manager told me: "Write the email you wish you had received.", and I still do it.\n\nIt takes five more minutes. It saves five meetings.',
    );
    const [profile] = await restAsUser<{ voice_profile: { length: string } | null }[]>(
      page,
      server.url,
      'profiles?select=voice_profile',
    );
    expect(profile?.voice_profile?.length).toMatch(/words/);

    const posts = await restAsUser<StoredPost[]>(
      page,
      server.url,
      'posts?select=topic,content,is_published,publish_status,created_at,calendar_at&order=created_at.desc',
    );
    expect(posts).toHaveLength(fixturePostCount);
    expect(posts.every((post) => post.is_published && post.publish_status === 'published')).toBe(true);
    const newest = posts[0];
    expect(newest?.topic).toBe('Three things I learned shipping our first AI feature, in order of pain:');
    expect(Date.parse(newest?.created_at ?? '')).toBe(Date.parse('2026-11-03T12:15:00Z'));
    expect(Date.parse(newest?.calendar_at ?? '')).toBe(Date.parse('2026-11-03T12:15:00Z'));
    expect(posts.find((post) => post.content.startsWith('Shipped!'))?.content).toContain('👩‍💻🇬🇧');
    // Each kept post counts its topic in the ideas bank, as a saved post does.
    const usedCount = async () =>
      (await restAsUser<{ used_count: number }[]>(page, server.url, 'topic_ideas?select=used_count')).reduce(
        (sum, idea) => sum + idea.used_count,
        0,
      );
    expect(await usedCount()).toBe(fixturePostCount);

    // The same archive again adds nothing twice (the same samples keep their rows).
    await pickArchive();
    await archive()
      .getByRole('checkbox', { name: /as published history/ })
      .check();
    await archive().getByRole('button', { name: 'Keep these posts' }).click();
    await archive()
      .getByText(`All ${fixturePostCount} posts were already kept by an earlier import.`)
      .waitFor();
    expect(await restAsUser<unknown[]>(page, server.url, 'posts?select=id')).toHaveLength(fixturePostCount);
    expect(await usedCount()).toBe(fixturePostCount);

    // On the calendar, on the day it went out.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
    await page.getByRole('heading', { name: 'Content Calendar' }).waitFor();
    const now = new Date();
    const target = new Date(Date.UTC(2026, 10, 3));
    const steps = (now.getUTCFullYear() - 2026) * 12 + (now.getUTCMonth() - 10);
    for (let step = 0; step < Math.abs(steps); step += 1)
      await page.getByRole('button', { name: steps > 0 ? 'Previous month' : 'Next month' }).click();
    await page.getByRole('heading', { name: monthTitle(target) }).waitFor();
    const chip = page.getByRole('button', {
      name: /Three things I learned shipping our first AI feature, in order of pain:, Published$/,
    });
    await chip.waitFor();
    await chip.click();
    const dialog = page.getByRole('dialog', {
      name: 'Three things I learned shipping our first AI feature, in order of pain:',
    });
    await dialog.getByText('Tuesday, November 3, 2026', { exact: false }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('an archive of a British sales coach: the next draft is asked for in their voice, with no house rule against it', async () => {
    const { page, server, fake } = session;
    // Their five posts as LinkedIn exports them: quotes doubled, line breaks inside the field.
    const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;
    const shares = [
      'Date,ShareLink,ShareCommentary,SharedUrl,MediaUrl,Visibility',
      ...britishSalesCoach.map(
        (post, index) =>
          `2026-0${index + 5}-1${index} 08:00:00,https://www.linkedin.com/feed/update/urn%3Ali%3Ashare%3A74000${index},${quoted(post)},,,PUBLIC`,
      ),
    ].join('\n');
    await page.goto(`${server.url}/settings`);
    await page.getByRole('heading', { name: 'Profile Settings', level: 1 }).waitFor();
    await archive()
      .getByLabel('LinkedIn archive (ZIP or Shares.csv)')
      .setInputFiles({ name: 'Shares.csv', mimeType: 'text/csv', buffer: Buffer.from(shares) });
    await archive().getByText('5 of 10 chosen as samples').waitFor();
    await archive().getByRole('button', { name: 'Keep these posts' }).click();
    await voice().getByText('Your voice is saved.').waitFor();

    // Settings says where each rule now comes from.
    await page.reload();
    await page.getByRole('heading', { name: 'Profile Settings', level: 1 }).waitFor();
    const language = page.getByLabel('Language');
    expect(await language.inputValue()).toBe('');
    expect(await language.locator('option').first().textContent()).toBe('From my posts: British English');
    await page.getByText('From your posts: → arrows in 3 of 5 posts.').waitFor();
    await page.getByText('From your posts: 5 of 5 posts end with a question.').waitFor();

    fake.setScenario('groq', { text: 'Call before 9. Here is why.', tokensPerSecond: 500 });
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.getByLabel('What would you like to post about?').fill('Why reps should call before 9');
    await page
      .getByRole('region', { name: 'Create New Post' })
      .getByRole('button', { name: 'Generate Post' })
      .click();
    await page.getByRole('article', { name: 'Post preview' }).getByText('Call before 9.').waitFor();
    const [body] = fake.requests
      .filter((request) => request.provider === 'groq')
      .map((request) => request.body as { messages: { role: string; content: string }[] })
      .slice(-1);
    const system = body?.messages.find((message) => message.role === 'system')?.content ?? '';
    const user = body?.messages.find((message) => message.role === 'user')?.content ?? '';
    // The voice the model is shown…
    expect(user).toMatch(/- Closings: Ends every post with a question/);
    expect(user).toContain("Here's what I'd do instead");
    // …and the rules beside it say the same, each once.
    expect(system).toContain('Write in British English');
    expect(system).toContain('End with one genuine question to readers');
    expect(system).toContain('starting with "→ ", as the author does');
    expect(system).toContain('Keep most paragraphs to a single line');
    expect(system).toContain('Use no emoji at all.');
    for (const contradiction of [
      'American English',
      'not on a question',
      'arrows (→)',
      'not every paragraph a single sentence',
      'At most two emoji',
    ])
      expect(system).not.toContain(contradiction);
  });
});
