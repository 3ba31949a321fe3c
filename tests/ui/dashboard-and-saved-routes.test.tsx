import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Post } from '@/entities/post/post';
import { expectConsole } from '../helpers/console-guard.ts';
import { setupApp, type TestUser } from '../helpers/render-app.tsx';

// The dashboard and Saved Posts routes (src/app/routes) with the real posts, ideas and profile
// stores, the real /api and backend; only Groq is a fake (harness/fakes), at the network edge.
const app = setupApp();

const composer = () => within(screen.getByRole('region', { name: 'Create New Post' }));
const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const savedPosts = () =>
  within(screen.getByRole('heading', { level: 1, name: 'Saved Posts' }).parentElement as HTMLElement);
const postArticles = () => screen.queryAllByRole('article').filter((article) => article.closest('li'));
const articleTopics = () => postArticles().map((article) => article.querySelector('h2')?.textContent);

async function storedPosts(client: TestUser['client']): Promise<Post[]> {
  const { data, error } = await client.from('posts').select('*').order('created_at', { ascending: false });
  if (error) throw new Error(error.message);
  return data as Post[];
}

describe('Saved Posts route', () => {
  it('lists the user’s posts, newest first, under their name, and no one else’s', async () => {
    const other = await app.signUp();
    await other.buildPost({ topic: 'Not yours' });
    const writer = await app.signUp({
      profile: { full_name: 'Grace Hopper', role: 'Software Engineer', company: 'Navy Labs' },
    });
    await writer.buildPosts([
      { topic: 'Older post', content: 'Written in January.', created_at: '2026-01-10T12:00:00+00:00' },
      {
        topic: 'Newest post',
        content: 'Written in March.',
        created_at: '2026-03-10T12:00:00+00:00',
        is_published: true,
      },
      { topic: 'Middle post', content: 'Written in February.', created_at: '2026-02-10T12:00:00+00:00' },
    ]);
    app.renderApp('/saved');
    await screen.findByRole('heading', { level: 1, name: 'Saved Posts' });
    expect(await screen.findByText('Written in March.')).toBeInTheDocument();
    expect(articleTopics()).toEqual(['Newest post', 'Middle post', 'Older post']);
    const newest = screen.getByRole('article', { name: 'Newest post' });
    expect(within(newest).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(newest).getByText('Mar 10, 2026')).toBeInTheDocument();
    expect(within(newest).getByRole('button', { name: 'Published — mark as draft' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Older post' })).getByRole('button', {
        name: 'Draft — mark as published',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Not yours')).not.toBeInTheDocument();
    expect(savedPosts().queryByText('No posts saved yet')).not.toBeInTheDocument();
  });

  it.each([
    ['a blank name', '   ', 'Your Name', 'U'],
    ['a name starting with an emoji', '👩‍💻 Ada', '👩‍💻 Ada', '👩‍💻'],
  ])(
    'signs posts with the same name and initial as the user menu, for %s',
    async (_case, fullName, name, initial) => {
      const writer = await app.signUp({ profile: { full_name: fullName, role: 'Other', company: null } });
      await writer.buildPost({ topic: 'Signed', content: 'Who wrote this?' });
      app.renderApp('/saved');
      const post = await screen.findByRole('article', { name: 'Signed' });
      expect(within(post).getByText(name)).toBeInTheDocument();
      expect(within(post).getByText(initial)).toBeInTheDocument();
      const menu = screen.getByRole('button', { name: `Account menu for ${name}, Other` });
      expect(menu.querySelector('[data-initial]')).toHaveAttribute('data-initial', initial);
    },
  );

  it('shows the empty state to a user without posts, with a way to create one', async () => {
    await app.signUp();
    const { user } = app.renderApp('/saved');
    expect(await screen.findByText('No posts saved yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create a post' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Post' })).toBeInTheDocument();
  });

  it('marks a post as published in the database from the list', async () => {
    const writer = await app.signUp();
    await writer.buildPost({ topic: 'Ship it', content: 'Ready to go.' });
    const { user } = app.renderApp('/saved');
    await screen.findByText('Ready to go.');
    await user.click(screen.getByRole('button', { name: 'Draft — mark as published' }));
    expect(await screen.findByRole('button', { name: 'Published — mark as draft' })).toBeInTheDocument();
    expect((await storedPosts(writer.client))[0]).toMatchObject({ topic: 'Ship it', is_published: true });
  });
});

describe('Saved Posts: a change that cannot reach the server', () => {
  const statusFailed = "Couldn't change the post's status. Check your connection and try again.";
  const deleteFailed = "Couldn't delete the post. Check your connection and try again.";

  it('says once that the status did not change, with no list banner, and the post keeps its status', async () => {
    expectConsole('error');
    // The unused-images sweep after the first load may still be on its way when the server stops.
    expectConsole('warn');
    const writer = await app.signUp();
    await writer.buildPost({ topic: 'Offline toggle', content: 'Still a draft.' });
    const { user } = app.renderApp('/saved');
    const post = await screen.findByRole('article', { name: 'Offline toggle' });
    await app.stopServer();
    await user.click(within(post).getByRole('button', { name: 'Draft — mark as published' }));

    expect(await screen.findByText(statusFailed)).toBeInTheDocument();
    expect(screen.getAllByText(statusFailed)).toHaveLength(1);
    expect(savedPosts().queryByRole('alert')).not.toBeInTheDocument();
    expect(savedPosts().queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(within(post).getByRole('button', { name: 'Draft — mark as published' })).toBeInTheDocument();
    await app.startServer();
    expect((await storedPosts(writer.client))[0]).toMatchObject({ is_published: false });
  });

  it('says once that the delete failed and keeps the post', async () => {
    expectConsole('error');
    // The unused-images sweep after the first load may still be on its way when the server stops.
    expectConsole('warn');
    const writer = await app.signUp();
    await writer.buildPost({ topic: 'Offline delete', content: 'Still here.' });
    const { user } = app.renderApp('/saved');
    const post = await screen.findByRole('article', { name: 'Offline delete' });
    await app.stopServer();
    await user.click(within(post).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete post' }));

    expect(await screen.findByText(deleteFailed)).toBeInTheDocument();
    expect(screen.getAllByText(deleteFailed)).toHaveLength(1);
    expect(savedPosts().queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Offline delete' })).toHaveTextContent('Still here.');
    await app.startServer();
    expect(await storedPosts(writer.client)).toHaveLength(1);
  });
});

describe('the post check follows the author’s hashtag maximum', () => {
  it('flags the second hashtag on Saved Posts for an author who allows one', async () => {
    const writer = await app.signUp({ profile: { max_hashtags: 1 } });
    await writer.buildPost({
      topic: 'Tags',
      content: 'We shipped the billing page today. #Billing #Startups',
    });
    const { user } = app.renderApp('/saved');
    const item = await screen.findByRole('article', { name: 'Tags' });
    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    const check = within(item).getByRole('region', { name: 'Post check' });
    expect(
      await within(check).findByText(/2 hashtags: more than 1 looks like a tag pile/, { exact: false }),
    ).toBeInTheDocument();
    expect(within(check).getByRole('button', { name: 'Remove #Startups' })).toBeInTheDocument();
  });
});

describe('Dashboard route', () => {
  it('shows the generator with an empty preview for a signed-in user', async () => {
    await app.signUp();
    app.renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Post' })).toBeInTheDocument();
    expect(screen.getByText('Your post preview will appear here')).toBeInTheDocument();
    expect(composer().getByRole('button', { name: 'Generate Post' })).toBeDisabled();
  });

  it('a post generated and saved on the dashboard appears in Saved Posts and its topic in the Ideas Bank', async () => {
    const writer = await app.signUp({ profile: { full_name: 'Grace Hopper' } });
    app.providers().setScenario('groq', {
      text: 'Remote teams ship faster when they write things down.',
      tokensPerSecond: 1000,
    });
    const { user } = app.renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Create New Post' });
    await user.type(screen.getByLabelText('What would you like to post about?'), 'Remote teams');
    const generate = composer().getByRole('button', { name: 'Generate Post' });
    await expect.poll(() => generate.hasAttribute('disabled')).toBe(false);
    await user.click(generate);

    const preview = await screen.findByRole('article', { name: 'Post preview' });
    await within(preview).findByText('Remote teams ship faster when they write things down.');
    await user.click(await within(preview).findByRole('button', { name: 'Save Post' }));
    expect(await screen.findByText('Post saved successfully!')).toBeInTheDocument();
    expect(await within(preview).findByText('Saved')).toBeInTheDocument();

    await user.click(within(mainNav()).getByRole('link', { name: 'Saved Posts' }));
    const saved = await screen.findByRole('article', { name: 'Remote teams' });
    expect(saved).toHaveTextContent('Remote teams ship faster when they write things down.');
    expect(saved).toHaveTextContent('Grace Hopper');
    expect(await storedPosts(writer.client)).toEqual([
      expect.objectContaining({
        topic: 'Remote teams',
        content: 'Remote teams ship faster when they write things down.',
        is_published: false,
      }),
    ]);

    await user.click(within(mainNav()).getByRole('link', { name: 'Ideas Bank' }));
    const ideas = await screen.findByRole('list', { name: 'Topic ideas' });
    const idea = within(ideas).getByText('Remote teams').closest('li') as HTMLElement;
    expect(within(idea).getByText('Used 1 time')).toBeInTheDocument();
  });

  it('an autosave that fails says so once, keeps every word, and saves by itself when the server is back', async () => {
    const writer = await app.signUp();
    app.providers().setScenario('groq', { text: 'A post written offline.', tokensPerSecond: 1000 });
    const { user } = app.renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Create New Post' });
    await user.type(screen.getByLabelText('What would you like to post about?'), 'Outages');
    const generate = composer().getByRole('button', { name: 'Generate Post' });
    await expect.poll(() => generate.hasAttribute('disabled')).toBe(false);
    await user.click(generate);
    const preview = await screen.findByRole('article', { name: 'Post preview' });
    await within(preview).findByText('Saved');
    expect(await storedPosts(writer.client)).toHaveLength(1);

    // The server goes away right after the author types: the save of those words fails.
    await user.type(within(preview).getByRole('textbox', { name: 'Post text' }), ' Still here.');
    await app.stopServer();
    const problem =
      'Your draft could not be saved: the server cannot be reached. It is kept in this browser, and saving is tried again by itself.';
    expect(await screen.findByText(problem)).toBeInTheDocument();
    expect(screen.getAllByText(problem)).toHaveLength(1);
    expect(within(preview).getByRole('textbox', { name: 'Post text' })).toHaveValue(
      'A post written offline. Still here.',
    );
    expect(localStorage.getItem('post-writer-document')).toContain('Still here.');

    await app.startServer();
    await expect
      .poll(async () => (await storedPosts(writer.client)).map((post) => post.content), { timeout: 60_000 })
      .toEqual(['A post written offline. Still here.']);
    await waitFor(() => expect(screen.queryByText(problem)).not.toBeInTheDocument(), { timeout: 30_000 });
  });
});
