import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatPlanTime } from '@/lib/format/format-plan-time';
import { toDateTimeLocal, userTimeZone } from '@/lib/format/plan-dates';
import type { Post } from '@/entities/post/post';
import { setupApp, type TestUser } from '../helpers/render-app.tsx';

// Planning a post from the dashboard's preview as it is saved: the real dashboard route, posts store,
// backend and database (which schedules a planned post); only Groq is a fake, at the network edge.
const app = setupApp();

const text = 'Remote teams ship faster when they write things down.';

/** Tomorrow at 9:00 in the user's (the machine's) time zone. */
function tomorrowAtNine(): Date {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  date.setHours(9, 0, 0, 0);
  return date;
}

async function storedPosts(client: TestUser['client']): Promise<Post[]> {
  const { data, error } = await client.from('posts').select('*');
  if (error) throw new Error(error.message);
  return data as Post[];
}

async function generatePost() {
  app.providers().setScenario('groq', { text, tokensPerSecond: 1000 });
  const { user } = app.renderApp('/');
  await screen.findByRole('heading', { level: 1, name: 'Create New Post' });
  await user.type(screen.getByLabelText('What would you like to post about?'), 'Remote teams');
  const composer = within(screen.getByRole('region', { name: 'Create New Post' }));
  const generate = composer.getByRole('button', { name: 'Generate Post' });
  await expect.poll(() => generate.hasAttribute('disabled')).toBe(false);
  await user.click(generate);
  const preview = within(await screen.findByRole('article', { name: 'Post preview' }));
  await preview.findByText(text);
  return { user, preview };
}

describe('planning a post from the preview', () => {
  it('saves the post planned for tomorrow at 9:00: stored scheduled, and the toast says when', async () => {
    const writer = await app.signUp();
    const { user, preview } = await generatePost();
    const when = tomorrowAtNine();

    await user.click(await preview.findByRole('button', { name: 'Plan…' }));
    const field = screen.getByLabelText('Planned for');
    expect(field).toHaveFocus();
    await user.type(field, toDateTimeLocal(when, userTimeZone()));
    await user.click(preview.getByRole('button', { name: 'Save and plan' }));

    expect(
      await screen.findByText(`Post saved and planned for ${formatPlanTime(when)}.`),
    ).toBeInTheDocument();
    expect(await preview.findByText('Saved')).toBeInTheDocument();
    const [stored, ...others] = await storedPosts(writer.client);
    expect(others).toEqual([]);
    expect(stored).toMatchObject({
      topic: 'Remote teams',
      content: text,
      is_published: false,
      publish_status: 'scheduled',
    });
    expect(new Date(stored?.planned_at ?? '')).toEqual(when);
  });

  it('refuses a time that has passed, keeps the post and the time, and saves nothing', async () => {
    const writer = await app.signUp();
    const { user, preview } = await generatePost();
    await user.click(await preview.findByRole('button', { name: 'Plan…' }));
    await user.type(screen.getByLabelText('Planned for'), '2020-01-06T09:00');
    await user.click(preview.getByRole('button', { name: 'Save and plan' }));

    expect(preview.getByText('That time has already passed. Pick a later time.')).toBeInTheDocument();
    expect(screen.getByLabelText('Planned for')).toHaveValue('2020-01-06T09:00');
    expect(preview.getByText(text)).toBeInTheDocument();
    expect(await storedPosts(writer.client)).toEqual([]);

    // "Don't plan" saves it as a draft, as before.
    await user.click(preview.getByRole('button', { name: "Don't plan" }));
    await user.click(preview.getByRole('button', { name: 'Save Post' }));
    expect(await screen.findByText('Post saved successfully!')).toBeInTheDocument();
    expect(await storedPosts(writer.client)).toEqual([
      expect.objectContaining({ content: text, planned_at: null, publish_status: 'draft' }),
    ]);
  });
});
