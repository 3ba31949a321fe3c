import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toDateTimeLocal } from '@/lib/format/plan-dates';
import type { Post } from '@/entities/post/post';
import { setupApp, type TestUser } from '../helpers/render-app.tsx';

// The post as one document (issue "The post as one document"): what one post leaves behind must
// never reach the next, and a reload never turns a saved post back into an unsaved one. The real
// dashboard, stores, backend and database; only Groq is a fake, at the network edge.
const app = setupApp();

const first = 'Remote teams ship faster when they write things down.';
const second = 'Meetings are a cost. Writing is an asset.';

async function storedPosts(client: TestUser['client']): Promise<Post[]> {
  const { data, error } = await client.from('posts').select('*').order('created_at');
  if (error) throw new Error(error.message);
  return data as Post[];
}

/** Tomorrow at 9:00 in the user's (the machine's) time zone. */
function tomorrowAtNine(): Date {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  date.setHours(9, 0, 0, 0);
  return date;
}

const composer = () => within(screen.getByRole('region', { name: 'Create New Post' }));
const preview = () => within(screen.getByRole('article', { name: 'Post preview' }));

async function generate(user: ReturnType<typeof app.renderApp>['user'], text: string, topic: string) {
  app.providers().setScenario('groq', { text, tokensPerSecond: 1000 });
  const input = screen.getByLabelText('What would you like to post about?');
  await user.clear(input);
  await user.type(input, topic);
  const button = composer().getByRole('button', { name: 'Generate Post' });
  await expect.poll(() => button.hasAttribute('disabled')).toBe(false);
  await user.click(button);
  await screen.findByRole('article', { name: 'Post preview' });
  await expect.poll(() => screen.getByRole('article', { name: 'Post preview' }).textContent).toContain(text);
  await composer().findByRole('button', { name: 'Generate Post' });
}

describe('one post never leaks into the next', () => {
  it('does not carry a planned time into the next post', async () => {
    const writer = await app.signUp();
    const { user } = app.renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Create New Post' });
    await generate(user, first, 'Remote teams');
    await user.click(await preview().findByRole('button', { name: 'Plan…' }));
    await user.type(screen.getByLabelText('Planned for'), toDateTimeLocal(tomorrowAtNine()));
    await user.click(preview().getByRole('button', { name: 'Save and plan' }));
    await screen.findByText(/Post saved and planned for/);

    await generate(user, second, 'Meetings');
    expect(screen.queryByLabelText('Planned for')).toBeNull();
    expect(preview().queryByRole('button', { name: 'Save and plan' })).toBeNull();
    await user.click(preview().getByRole('button', { name: 'Save Post' }));
    await screen.findByText('Post saved successfully!');
    const posts = await storedPosts(writer.client);
    expect(posts.map((post) => [post.content, post.publish_status])).toEqual([
      [first, 'scheduled'],
      [second, 'draft'],
    ]);
  });

  it('does not turn a saved post back into an unsaved one on reload: no second copy', async () => {
    const writer = await app.signUp();
    const { user } = app.renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Create New Post' });
    await generate(user, first, 'Remote teams');
    await user.click(preview().getByRole('button', { name: 'Save Post' }));
    await screen.findByText('Post saved successfully!');

    const reloaded = await app.reloadApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Create New Post' });
    const save = screen.queryByRole('button', { name: 'Save Post' });
    if (save) await reloaded.user.click(save);
    expect(await storedPosts(writer.client)).toHaveLength(1);
  });
});
