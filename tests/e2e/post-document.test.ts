import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { restAsUser } from '../../harness/journeys.ts';
import { fakeLinkedInEnv, useSignedInSession } from './support/signed-in-session.ts';

// The post as one document, end to end in Chromium on the server `npm start` runs, with LinkedIn
// played by the fake: what one post carries (its image, its plan, its first comment) stays with it,
// the next post starts empty, a reload makes no copy, and publishing sends the post, then its
// first comment.

const session = useSignedInSession('Ada Lovelace', fakeLinkedInEnv);

const composer = (page: Page) => page.getByRole('region', { name: 'Create New Post' });
const preview = (page: Page) => page.getByRole('article', { name: 'Post preview' });
const postText = (page: Page) => preview(page).getByRole('textbox', { name: 'Post text' });

interface StoredPost {
  id: string;
  topic: string;
  content: string;
  image_path: string | null;
  image_alt: string | null;
  planned_at: string | null;
  first_comment: string | null;
  publish_status: string;
}

async function storedPosts(): Promise<StoredPost[]> {
  return restAsUser<StoredPost[]>(
    session.page,
    session.server.url,
    'posts?select=id,topic,content,image_path,image_alt,planned_at,first_comment,publish_status&order=created_at',
  );
}

async function pngFile(page: Page): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const bytes = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(320, 200);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#0a66c2';
    context.fillRect(0, 0, 320, 200);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    return [...new Uint8Array(await blob.arrayBuffer())];
  });
  return { name: 'chart.png', mimeType: 'image/png', buffer: Buffer.from(bytes) };
}

async function generate(page: Page, topic: string, text: string): Promise<void> {
  session.fake.setScenario('groq', { text, tokensPerSecond: 2000 });
  await page.getByLabel('What would you like to post about?').fill(topic);
  await composer(page).getByRole('button', { name: 'Generate Post' }).click();
  await composer(page).getByRole('button', { name: 'Generate Post' }).waitFor({ timeout: 60_000 });
  await expect.poll(() => postText(page).inputValue()).toBe(text);
}

/** Tomorrow at 9:00 in the browser's zone, as a datetime-local value. */
function tomorrowAtNine(): string {
  const day = new Date(Date.now() + 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}T09:00`;
}

const quarterly = 'Our churn fell by half this quarter — here is what changed.';
const comment = 'The full numbers: https://example.com/q3';

describe('one post, one document', () => {
  it('connects LinkedIn', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/settings`);
    const card = page.getByRole('region', { name: 'LinkedIn' });
    await card.getByRole('button', { name: 'Connect LinkedIn' }).click();
    await card.getByText('Connected as Ada Lovelace').waitFor();
    await page.goto(server.url);
  });

  it('writes a post with an image, an edit, an undone quick fix, a first comment and a plan', async () => {
    const { page } = session;
    await generate(page, 'Quarterly numbers', quarterly);

    const chooser = page.waitForEvent('filechooser');
    await composer(page).getByRole('button', { name: 'Add Image' }).click();
    await (await chooser).setFiles(await pngFile(page));
    await preview(page).locator('img').waitFor();
    await page.getByLabel('Alt text').fill('A blue chart');
    await preview(page).getByRole('img', { name: 'A blue chart' }).waitFor();

    // Edited where it is written.
    await postText(page).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Nothing magic.');
    // A quick fix, then Undo: the dash is back.
    const check = page.getByRole('region', { name: 'Post check' });
    await check
      .getByRole('button', { name: /Use a comma/ })
      .first()
      .click();
    await expect.poll(() => postText(page).inputValue()).not.toContain('—');
    await preview(page)
      .getByRole('button', { name: /^Undo / })
      .click();
    await expect.poll(() => postText(page).inputValue()).toBe(`${quarterly} Nothing magic.`);

    await preview(page).getByRole('button', { name: 'Add a first comment' }).click();
    await preview(page).getByRole('textbox', { name: 'First comment' }).fill(comment);
    await preview(page).getByText('1 comment').waitFor();

    await preview(page).getByRole('button', { name: 'Plan…' }).click();
    await page.getByLabel('Planned for').fill(tomorrowAtNine());
    await preview(page).getByRole('button', { name: 'Save and plan' }).click();
    await page.getByText(/^Post saved and planned for /).waitFor();

    const [saved] = await storedPosts();
    expect(saved).toMatchObject({
      topic: 'Quarterly numbers',
      content: `${quarterly} Nothing magic.`,
      image_alt: 'A blue chart',
      first_comment: comment,
      publish_status: 'scheduled',
    });
    expect(saved?.image_path).not.toBeNull();
  });

  it('starts the next post empty, stores it without the last one’s image, plan or comment, and a reload makes no copy', async () => {
    const { page, server } = session;
    await page.getByText('Your post preview will appear here').waitFor({ timeout: 10_000 });
    expect(await composer(page).getByRole('button', { name: 'Replace Image' }).count()).toBe(0);
    await generate(page, 'Hiring', 'We hired our first designer.');
    expect(await page.getByLabel('Planned for').count()).toBe(0);
    expect(await preview(page).getByRole('button', { name: 'Save and plan' }).count()).toBe(0);
    expect(await preview(page).getByRole('textbox', { name: 'First comment' }).count()).toBe(0);
    expect(await preview(page).locator('img').count()).toBe(0);
    await preview(page).getByRole('status').getByText('Saved', { exact: true }).waitFor();

    // The draft is already a row; a reload resumes it, and saving it makes no second one.
    await page.reload();
    await expect.poll(() => postText(page).inputValue()).toBe('We hired our first designer.');
    await preview(page).getByRole('button', { name: 'Save Post' }).click();
    await page.getByText('Post saved successfully!').waitFor();
    await page.reload();
    await page.getByText('Your post preview will appear here').waitFor();

    const posts = await storedPosts();
    expect(posts).toHaveLength(2);
    expect(posts[1]).toMatchObject({
      topic: 'Hiring',
      content: 'We hired our first designer.',
      image_path: null,
      image_alt: null,
      planned_at: null,
      first_comment: null,
      publish_status: 'draft',
    });
    expect(new URL(page.url()).origin).toBe(server.url);
  });

  it('publishes the planned post now: LinkedIn gets the post with its image, then its first comment', async () => {
    const { page, server, fake } = session;
    await page.goto(`${server.url}/saved`);
    const item = page.getByRole('article', { name: 'Quarterly numbers' });
    await item.getByText(comment).waitFor();
    await item.getByRole('button', { name: 'Publish now' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Publish to LinkedIn?' });
    await dialog.getByRole('button', { name: 'Publish now' }).click();
    await item.getByText('First comment posted', { exact: true }).waitFor({ timeout: 30_000 });

    const sent = fake.linkedin.posts.filter((post) => post.shownText === `${quarterly} Nothing magic.`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.comments.map((posted) => posted.shownText)).toEqual([comment]);
    expect(fake.linkedin.posts.some((post) => post.shownText === 'We hired our first designer.')).toBe(false);
  });

  it('works the same at phone width: write, edit, comment, save', async () => {
    const { page, server } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(server.url);
    await generate(page, 'Remote work', 'Write it down, or it did not happen.');
    await postText(page).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Every time.');
    await preview(page).getByRole('button', { name: 'Add a first comment' }).click();
    await preview(page)
      .getByRole('textbox', { name: 'First comment' })
      .fill('Our handbook: https://example.com/h');
    await preview(page).getByRole('button', { name: 'Save Post' }).click();
    await page.getByText('Post saved successfully!').waitFor();
    const last = (await storedPosts()).at(-1);
    expect(last).toMatchObject({
      topic: 'Remote work',
      content: 'Write it down, or it did not happen. Every time.',
      first_comment: 'Our handbook: https://example.com/h',
      image_path: null,
    });
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
