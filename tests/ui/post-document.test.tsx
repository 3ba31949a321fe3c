import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toDateTimeLocal, userTimeZone } from '@/lib/format/plan-dates';
import type { Post } from '@/entities/post/post';
import { getSupabase } from '@/lib/supabase/client';
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
    await user.type(screen.getByLabelText('Planned for'), toDateTimeLocal(tomorrowAtNine(), userTimeZone()));
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

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const postText = () => screen.getByRole('textbox', { name: 'Post text' });

describe('the post is edited where it is written, as one row', () => {
  it('stores what is typed in the card in the same row, and a reload resumes it', async () => {
    const writer = await app.signUp();
    const { user } = app.renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Create New Post' });
    await generate(user, first, 'Remote teams');
    await preview().findByText('Saved');
    await user.click(postText());
    await user.keyboard('{End} Even the small decisions.');
    await expect
      .poll(async () => (await storedPosts(writer.client)).map((post) => post.content))
      .toEqual([`${first} Even the small decisions.`]);

    await app.reloadApp('/');
    expect(await screen.findByRole('textbox', { name: 'Post text' })).toHaveValue(
      `${first} Even the small decisions.`,
    );
    expect(await storedPosts(writer.client)).toHaveLength(1);
  });

  it('lists drafts in Saved Posts by status, and opens one in the editor: edits go to the same row', async () => {
    const writer = await app.signUp();
    await writer.buildPost({ topic: 'An old draft', content: 'Drafted last week.' });
    await writer.buildPost({
      topic: 'Going out tomorrow',
      content: 'Planned already.',
      planned_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const { user } = app.renderApp('/saved');
    const filters = within(await screen.findByRole('group', { name: 'Show posts' }));
    await screen.findByRole('article', { name: 'Going out tomorrow' });
    expect(screen.getByRole('article', { name: 'An old draft' })).toBeInTheDocument();

    await user.click(filters.getByRole('button', { name: 'Drafts' }));
    expect(filters.getByRole('button', { name: 'Drafts' })).toHaveAttribute('aria-pressed', 'true');
    await screen.findByRole('article', { name: 'An old draft' });
    expect(screen.queryByRole('article', { name: 'Going out tomorrow' })).toBeNull();
    await user.click(filters.getByRole('button', { name: 'Scheduled' }));
    await screen.findByRole('article', { name: 'Going out tomorrow' });
    expect(screen.queryByRole('article', { name: 'An old draft' })).toBeNull();
    await user.click(filters.getByRole('button', { name: 'Failed' }));
    expect(await screen.findByText('No failed posts')).toBeInTheDocument();
    await user.click(filters.getByRole('button', { name: 'Drafts' }));
    await screen.findByRole('article', { name: 'An old draft' });

    await user.click(
      within(screen.getByRole('article', { name: 'An old draft' })).getByRole('button', {
        name: 'Continue writing',
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Create New Post' });
    expect(postText()).toHaveValue('Drafted last week.');
    await user.click(postText());
    await user.keyboard('{End} Finished today.');
    await expect
      .poll(async () => (await storedPosts(writer.client)).map((post) => [post.topic, post.content]).sort())
      .toEqual([
        ['An old draft', 'Drafted last week. Finished today.'],
        ['Going out tomorrow', 'Planned already.'],
      ]);
    expect(mainNav()).toBeInTheDocument();
  });

  it('does not let a save from another tab be overwritten silently: the author chooses', async () => {
    const writer = await app.signUp();
    const { user } = app.renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Create New Post' });
    await generate(user, first, 'Remote teams');
    await preview().findByText('Saved');
    const [stored] = await storedPosts(writer.client);
    // Another tab (the same user) saves the post in between.
    const { error } = await writer.client
      .from('posts')
      .update({ content: 'Changed in the other tab.' })
      .eq('id', stored!.id);
    expect(error).toBeNull();

    await user.click(postText());
    await user.keyboard('{End} Mine.');
    expect(
      await screen.findByText(
        'This post was changed in another tab or on another device since you opened it here. Which version do you want to keep?',
      ),
    ).toBeInTheDocument();
    expect((await storedPosts(writer.client))[0]?.content).toBe('Changed in the other tab.');

    await user.click(screen.getByRole('button', { name: 'Use the other version' }));
    expect(postText()).toHaveValue('Changed in the other tab.');
    // Nothing typed is lost: Undo brings this tab's words back, and they are saved.
    await user.click(preview().getByRole('button', { name: 'Undo your version' }));
    expect(postText()).toHaveValue(`${first} Mine.`);
    await expect
      .poll(async () => (await storedPosts(writer.client)).map((post) => post.content))
      .toEqual([`${first} Mine.`]);
  });

  it('applies a rewrite the chat suggests to the post, as one step Undo takes back', async () => {
    await app.signUp();
    const { user } = app.renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Create New Post' });
    await generate(user, first, 'Remote teams');
    app.providers().setScenario('groq', {
      text: 'A sharper opening helps:\n\n```post\nWrite it down, or it did not happen.\n```\n\nShort and plain.',
      tokensPerSecond: 1000,
    });
    await user.click(preview().getByRole('button', { name: 'Chat about this' }));
    const chat = within(await screen.findByRole('dialog', { name: 'Chat about this post' }));
    await user.type(chat.getByLabelText('Ask about this post...'), 'A sharper hook?{Enter}');
    await user.click(await chat.findByRole('button', { name: 'Apply to post' }));
    expect(postText()).toHaveValue('Write it down, or it did not happen.');
    await user.click(preview().getByRole('button', { name: 'Undo the chat suggestion' }));
    expect(postText()).toHaveValue(first);
  });

  it('keeps what was typed when the session ends before it is saved, and saves it to the same row after signing in', async () => {
    const writer = await app.signUp();
    const { user } = app.renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Create New Post' });
    await generate(user, first, 'Remote teams');
    await preview().findByText('Saved');
    await user.click(postText());
    await user.keyboard('{End} Typed as the session ended.');
    // The session ends in this browser before the autosave goes out (as an expired one does).
    await getSupabase().auth.signOut({ scope: 'local' });
    await screen.findByRole('heading', { name: 'Welcome Back' });

    const { error } = await getSupabase().auth.signInWithPassword({
      email: writer.email,
      password: writer.password,
    });
    expect(error).toBeNull();
    expect(await screen.findByRole('textbox', { name: 'Post text' })).toHaveValue(
      `${first} Typed as the session ended.`,
    );
    await expect
      .poll(async () => (await storedPosts(writer.client)).map((post) => post.content), { timeout: 60_000 })
      .toEqual([`${first} Typed as the session ended.`]);
  });

  it('asks to sign in again when the session was signed out elsewhere, and saves what was typed to the same row', async () => {
    const writer = await app.signUp();
    const { user } = app.renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Create New Post' });
    await generate(user, first, 'Remote teams');
    await preview().findByText('Saved');
    // Another device ends this sign-in ("sign out everywhere"): the server forgets the session
    // while this tab still holds a token whose signature is valid for up to an hour.
    const { data } = await getSupabase().auth.getSession();
    const ended = await fetch(`${app.server().url}/auth/v1/logout?scope=local`, {
      method: 'POST',
      headers: {
        apikey: app.server().keys.publishableKey,
        authorization: `Bearer ${data.session?.access_token}`,
      },
    });
    expect(ended.status).toBe(204);

    await user.click(postText());
    await user.keyboard('{End} Typed after it ended.');
    // The refused save sends the author to sign in, saying why (not "the server cannot be reached").
    await screen.findByRole('heading', { name: 'Welcome Back' }, { timeout: 20_000 });
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();

    const { error } = await getSupabase().auth.signInWithPassword({
      email: writer.email,
      password: writer.password,
    });
    expect(error).toBeNull();
    expect(await screen.findByRole('textbox', { name: 'Post text' })).toHaveValue(
      `${first} Typed after it ended.`,
    );
    await expect
      .poll(async () => (await storedPosts(writer.client)).map((post) => post.content), { timeout: 60_000 })
      .toEqual([`${first} Typed after it ended.`]);
  });
});
