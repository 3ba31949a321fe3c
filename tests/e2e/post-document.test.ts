import { describe, expect, it } from 'vitest';
import { restAsUser } from '../../harness/journeys.ts';
import { useSignedInSession } from './support/signed-in-session.ts';

// The post as one document, end to end in Chromium on the server `npm start` runs: what one post
// carries (its image, its plan, its first comment) never goes out with the next one.

const session = useSignedInSession('Ada Lovelace');

const composer = () => session.page.getByRole('region', { name: 'Create New Post' });
const preview = () => session.page.getByRole('article', { name: 'Post preview' });

interface StoredPost {
  topic: string;
  content: string;
  image_path: string | null;
  image_alt: string | null;
}

async function storedPosts(): Promise<StoredPost[]> {
  return restAsUser<StoredPost[]>(
    session.page,
    session.server.url,
    'posts?select=topic,content,image_path,image_alt&order=created_at',
  );
}

async function pngFile(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const bytes = await session.page.evaluate(async () => {
    const canvas = new OffscreenCanvas(320, 200);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#0a66c2';
    context.fillRect(0, 0, 320, 200);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    return [...new Uint8Array(await blob.arrayBuffer())];
  });
  return { name: 'chart.png', mimeType: 'image/png', buffer: Buffer.from(bytes) };
}

async function generate(topic: string, text: string): Promise<void> {
  session.fake.setScenario('groq', { text, tokensPerSecond: 2000 });
  await session.page.getByLabel('What would you like to post about?').fill(topic);
  await composer().getByRole('button', { name: 'Generate Post' }).click();
  await preview().getByText(text.split('\n')[0]!).first().waitFor();
  await composer().getByRole('button', { name: 'Generate Post' }).waitFor({ timeout: 60_000 });
}

describe('the next post starts empty', () => {
  it('does not store or publish the last post’s image with the next post', async () => {
    await generate('Quarterly numbers', 'Our churn fell by half this quarter.');
    const chooser = session.page.waitForEvent('filechooser');
    await composer().getByRole('button', { name: 'Add Image' }).click();
    await (await chooser).setFiles(await pngFile());
    await preview().getByRole('img').waitFor();
    await session.page.getByLabel('Alt text').fill('A blue chart');
    await preview().getByRole('button', { name: 'Save Post' }).click();
    await session.page.getByText('Post saved successfully!').waitFor();

    await generate('Hiring', 'We hired our first designer.');
    expect(await composer().getByRole('button', { name: 'Replace Image' }).count()).toBe(0);
    await preview().getByRole('button', { name: 'Save Post' }).click();
    await expect.poll(async () => (await storedPosts()).length).toBe(2);
    const [withImage, next] = await storedPosts();
    expect(withImage).toMatchObject({ topic: 'Quarterly numbers', image_alt: 'A blue chart' });
    expect(withImage?.image_path).not.toBeNull();
    expect(next).toMatchObject({ topic: 'Hiring', image_path: null, image_alt: null });
  });
});
