import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectConsole } from '../helpers/console-guard.ts';
import { setupApp, type TestUser } from '../helpers/render-app.tsx';

// The Ideas Bank through the real ideas store, supabase-js and the embedded backend: every row is
// inserted as the signed-in user, and every outcome is what the user sees (or what is stored).
const app = setupApp();

const rows = () => within(screen.getByRole('list', { name: 'Topic ideas' })).getAllByRole('listitem');
const rowTopics = () => rows().map((row) => row.querySelector('p')?.textContent);
const rowFor = (topic: string) => screen.getByText(topic).closest('li') as HTMLElement;
const searchBox = () => screen.getByRole('searchbox', { name: 'Search topics...' });
const ideaBox = () => screen.getByRole('textbox', { name: 'Add an idea' });
const heading = () => screen.findByRole('heading', { level: 1, name: 'Ideas Bank' });
const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

/** What the database holds for the user's ideas: topic → used_count. */
async function storedIdeas(writer: TestUser): Promise<Record<string, number>> {
  const { data, error } = await writer.client.from('topic_ideas').select('topic, used_count');
  if (error) throw new Error(error.message);
  return Object.fromEntries(data.map((row) => [row.topic as string, row.used_count as number]));
}

describe('Ideas Bank page', () => {
  it('shows the title and the user’s ideas from the database, not another user’s', async () => {
    const other = await app.signUp();
    await other.buildIdea({ topic: 'Someone else’s idea' });
    const writer = await app.signUp();
    await writer.buildIdea({ topic: 'Hiring in 2026' });
    app.renderApp('/ideas-bank');
    expect(await heading()).toBeInTheDocument();
    expect(await screen.findByText('Hiring in 2026')).toBeInTheDocument();
    expect(screen.queryByText('Someone else’s idea')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 1 idea')).toBeInTheDocument();
  });

  it('shows "Loading your ideas..." on the first load only, then the list', async () => {
    const writer = await app.signUp();
    await writer.buildIdea({ topic: 'First page' });
    app.renderApp('/ideas-bank');
    expect(await screen.findByText('Loading your ideas...')).toBeInTheDocument();
    expect(await screen.findByText('First page')).toBeInTheDocument();
    expect(screen.queryByText('Loading your ideas...')).not.toBeInTheDocument();
  });

  it('keeps the list on screen (no loading text) while coming back refreshes it', async () => {
    const writer = await app.signUp();
    await writer.buildIdea({ topic: 'Already here' });
    const { user } = app.renderApp('/ideas-bank');
    await screen.findByText('Already here');
    // Added elsewhere (another tab) while the user looks at another page.
    await user.click(within(mainNav()).getByRole('link', { name: 'Saved Posts' }));
    await screen.findByRole('heading', { level: 1, name: 'Saved Posts' });
    await writer.buildIdea({ topic: 'Added meanwhile' });

    await user.click(within(mainNav()).getByRole('link', { name: 'Ideas Bank' }));
    await heading();
    expect(screen.getByText('Already here')).toBeInTheDocument();
    expect(screen.queryByText('Loading your ideas...')).not.toBeInTheDocument();
    expect(await screen.findByText('Added meanwhile')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2 ideas')).toBeInTheDocument();
  });

  it('shows a row with the topic, the short date and the usage in singular and plural', async () => {
    const writer = await app.signUp();
    await writer.buildIdeas([
      { topic: 'Once', used_count: 1, created_at: '2026-03-05T12:00:00+00:00' },
      { topic: 'Never', used_count: 0, created_at: '2026-02-04T12:00:00+00:00' },
      { topic: 'Thrice', used_count: 3, created_at: '2025-12-25T12:00:00+00:00' },
    ]);
    app.renderApp('/ideas-bank');
    await screen.findByText('Once');
    expect(rowFor('Once')).toHaveTextContent('Mar 5, 2026');
    expect(within(rowFor('Once')).getByText('Used 1 time')).toBeInTheDocument();
    expect(rowFor('Never')).toHaveTextContent('Feb 4, 2026');
    expect(within(rowFor('Never')).getByText('Used 0 times')).toBeInTheDocument();
    expect(rowFor('Thrice')).toHaveTextContent('Dec 25, 2025');
    expect(within(rowFor('Thrice')).getByText('Used 3 times')).toBeInTheDocument();
    expect(within(rowFor('Once')).getByRole('button', { name: 'Reuse this topic' })).toBeInTheDocument();
    expect(within(rowFor('Once')).getByRole('button', { name: 'Delete this topic' })).toBeInTheDocument();
  });

  it('renders markup in a stored topic as text', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const writer = await app.signUp();
    await writer.buildIdea({ topic: hostile });
    app.renderApp('/ideas-bank');
    expect(await screen.findByText(hostile)).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('searches case-insensitively and literally', async () => {
    const writer = await app.signUp();
    await writer.buildIdeas([
      { topic: 'Remote work (2026)', created_at: '2026-03-03T12:00:00+00:00' },
      { topic: 'AI in healthcare', created_at: '2026-03-02T12:00:00+00:00' },
      { topic: 'Why REMOTE teams fail', created_at: '2026-03-01T12:00:00+00:00' },
    ]);
    const { user } = app.renderApp('/ideas-bank');
    await screen.findByText('AI in healthcare');
    await user.type(searchBox(), 'remote');
    expect(rowTopics()).toEqual(['Remote work (2026)', 'Why REMOTE teams fail']);
    await user.clear(searchBox());
    await user.type(searchBox(), 'k (2');
    expect(rowTopics()).toEqual(['Remote work (2026)']);
    expect(screen.getByText('Showing 1 of 1 idea')).toBeInTheDocument();
    await user.clear(searchBox());
    expect(rows()).toHaveLength(3);
  });

  it('sorts by Date (default, newest first) and by Usage (ties newest first)', async () => {
    const writer = await app.signUp();
    await writer.buildIdeas([
      { topic: 'old, 5 uses', used_count: 5, created_at: '2026-01-01T12:00:00+00:00' },
      { topic: 'newest, 0 uses', used_count: 0, created_at: '2026-04-01T12:00:00+00:00' },
      { topic: 'middle, 2 uses', used_count: 2, created_at: '2026-02-01T12:00:00+00:00' },
      { topic: 'newer, 2 uses', used_count: 2, created_at: '2026-03-01T12:00:00+00:00' },
    ]);
    const { user } = app.renderApp('/ideas-bank');
    await screen.findByText('old, 5 uses');
    const dateButton = screen.getByRole('button', { name: 'Date' });
    const usageButton = screen.getByRole('button', { name: 'Usage' });
    expect(dateButton).toHaveAttribute('aria-pressed', 'true');
    expect(usageButton).toHaveAttribute('aria-pressed', 'false');
    expect(rowTopics()).toEqual(['newest, 0 uses', 'newer, 2 uses', 'middle, 2 uses', 'old, 5 uses']);

    await user.click(usageButton);
    expect(usageButton).toHaveAttribute('aria-pressed', 'true');
    expect(dateButton).toHaveAttribute('aria-pressed', 'false');
    expect(rowTopics()).toEqual(['old, 5 uses', 'newer, 2 uses', 'middle, 2 uses', 'newest, 0 uses']);

    await user.click(dateButton);
    expect(rowTopics()).toEqual(['newest, 0 uses', 'newer, 2 uses', 'middle, 2 uses', 'old, 5 uses']);
  });

  it('shows the empty state for an empty bank, with a way to the generator', async () => {
    await app.signUp();
    const { user } = app.renderApp('/ideas-bank');
    expect(await screen.findByRole('heading', { name: 'No topic ideas found' })).toBeInTheDocument();
    expect(screen.getByText('Start generating content to build your ideas bank')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create new content' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Post' })).toBeInTheDocument();
  });

  it('shows the empty state for a search without results', async () => {
    const writer = await app.signUp();
    await writer.buildIdea({ topic: 'Leadership' });
    const { user } = app.renderApp('/ideas-bank');
    await screen.findByText('Leadership');
    await user.type(searchBox(), 'Blockchain*');
    expect(screen.getByRole('heading', { name: 'No topic ideas found' })).toBeInTheDocument();
    expect(screen.getByText('No results for "Blockchain*"')).toBeInTheDocument();
    expect(screen.queryByText('Start generating content to build your ideas bank')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create new content' })).toBeInTheDocument();
  });

  it('reuses a topic: counts it in the database, puts it in the generator and says so', async () => {
    const writer = await app.signUp();
    await writer.buildIdea({ topic: 'Reuse me', used_count: 2 });
    await writer.buildIdea({ topic: 'Other' });
    const { user } = app.renderApp('/ideas-bank');
    await screen.findByText('Reuse me');
    await user.click(within(rowFor('Reuse me')).getByRole('button', { name: 'Reuse this topic' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Post' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('What would you like to post about?')).toHaveValue('Reuse me'),
    );
    expect(await screen.findByText('Topic added to generator!')).toBeInTheDocument();
    expect(await storedIdeas(writer)).toEqual({ 'Reuse me': 3, Other: 0 });

    await user.click(within(mainNav()).getByRole('link', { name: 'Ideas Bank' }));
    expect(
      within(
        await screen.findByText('Reuse me').then((topic) => topic.closest('li') as HTMLElement),
      ).getByText('Used 3 times'),
    ).toBeInTheDocument();
  });

  it('reports a reuse of a topic deleted elsewhere, stays on the page and drops the row', async () => {
    expectConsole('error');
    const writer = await app.signUp();
    const gone = await writer.buildIdea({ topic: 'Deleted in another tab' });
    await writer.buildIdea({ topic: 'Still here' });
    const { user } = app.renderApp('/ideas-bank');
    await screen.findByText('Deleted in another tab');
    await writer.client.from('topic_ideas').delete().eq('id', gone.id);

    await user.click(
      within(rowFor('Deleted in another tab')).getByRole('button', { name: 'Reuse this topic' }),
    );
    expect(await screen.findByText('Failed to reuse topic')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Ideas Bank' })).toBeInTheDocument();
    expect(screen.queryByText('Deleted in another tab')).not.toBeInTheDocument();
    expect(screen.getByText('Still here')).toBeInTheDocument();
    expect(screen.queryByText('Topic added to generator!')).not.toBeInTheDocument();
  });

  it('deletes a topic only after an inline confirmation, from the database too', async () => {
    const writer = await app.signUp();
    await writer.buildIdea({ topic: 'Delete me' });
    await writer.buildIdea({ topic: 'Keep me' });
    const { user } = app.renderApp('/ideas-bank');
    await screen.findByText('Delete me');
    await user.click(within(rowFor('Delete me')).getByRole('button', { name: 'Delete this topic' }));
    const confirm = within(rowFor('Delete me')).getByRole('group', { name: 'Confirm deleting this topic' });
    expect(confirm).toHaveTextContent('Delete?');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(await storedIdeas(writer)).toEqual({ 'Delete me': 0, 'Keep me': 0 });

    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Topic deleted')).toBeInTheDocument();
    expect(screen.queryByText('Delete me')).not.toBeInTheDocument();
    expect(screen.getByText('Keep me')).toBeInTheDocument();
    expect(await storedIdeas(writer)).toEqual({ 'Keep me': 0 });
  });

  it('cancels a delete with the Cancel button or Escape, and returns focus to the delete button', async () => {
    const writer = await app.signUp();
    await writer.buildIdea({ topic: 'Keep me' });
    const { user } = app.renderApp('/ideas-bank');
    await screen.findByText('Keep me');
    await user.click(screen.getByRole('button', { name: 'Delete this topic' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Confirm deleting this topic' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete this topic' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('group', { name: 'Confirm deleting this topic' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Confirm deleting this topic' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete this topic' })).toHaveFocus();
    expect(screen.getByText('Keep me')).toBeInTheDocument();
    expect(await storedIdeas(writer)).toEqual({ 'Keep me': 0 });
  });

  it('reports a delete that cannot reach the server and keeps the row', async () => {
    expectConsole('error');
    const writer = await app.signUp();
    await writer.buildIdea({ topic: 'Stubborn' });
    const { user } = app.renderApp('/ideas-bank');
    await screen.findByText('Stubborn');
    await app.stopServer();
    await user.click(screen.getByRole('button', { name: 'Delete this topic' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete topic')).toBeInTheDocument();
    expect(screen.getByText('Stubborn')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete this topic' })).toBeEnabled();
    await app.startServer();
    expect(await storedIdeas(writer)).toEqual({ Stubborn: 0 });
  });

  it('renders 30 rows at a time with "Show more", and starts again at 30 after a new search', async () => {
    const writer = await app.signUp();
    await writer.buildIdeas(
      Array.from({ length: 75 }, (_, i) => ({
        topic: `Idea ${String(i).padStart(3, '0')}`,
        created_at: new Date(Date.UTC(2026, 0, 1) + (75 - i) * 60_000).toISOString(),
      })),
    );
    const { user } = app.renderApp('/ideas-bank');
    expect(await screen.findByText('Showing 30 of 75 ideas')).toBeInTheDocument();
    expect(rows()).toHaveLength(30);
    expect(rowTopics()[0]).toBe('Idea 000');

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(rows()).toHaveLength(60);
    expect(screen.getByText('Showing 60 of 75 ideas')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(rows()).toHaveLength(75);
    expect(screen.getByText('Showing 75 of 75 ideas')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();

    await user.type(searchBox(), 'Idea 01');
    expect(rows()).toHaveLength(10);
    expect(screen.getByText('Showing 10 of 10 ideas')).toBeInTheDocument();
    await user.clear(searchBox());
    expect(rows()).toHaveLength(30);
    expect(screen.getByText('Showing 30 of 75 ideas')).toBeInTheDocument();
  });

  it('formats large counts and notes while the pages after the first are loading', async () => {
    const writer = await app.signUp();
    // More than the server's 1,000-row page: the store reads it in three pages.
    await writer.buildIdeas(Array.from({ length: 2345 }, (_, i) => ({ topic: `Bulk ${i}` })));
    app.renderApp('/ideas-bank');
    // The first page shows at once, with a note that more is on its way.
    await waitFor(() => {
      expect(screen.getByText('Showing 30 of 1,000 ideas')).toBeInTheDocument();
      expect(screen.getByText('Loading more ideas…')).toBeInTheDocument();
    });
    expect(await screen.findByText('Showing 30 of 2,345 ideas')).toBeInTheDocument();
    expect(screen.queryByText('Loading more ideas…')).not.toBeInTheDocument();
  });

  it('adds an idea typed by hand with Enter: shown first, "Used 0 times", stored, and the box is empty again', async () => {
    const writer = await app.signUp();
    await writer.buildIdea({ topic: 'Older idea', created_at: '2026-01-01T12:00:00+00:00' });
    const { user } = app.renderApp('/ideas-bank');
    await screen.findByText('Older idea');
    await user.type(ideaBox(), '  Why onboarding docs rot  {Enter}');

    expect(await screen.findByText('Why onboarding docs rot')).toBeInTheDocument();
    expect(rowTopics()).toEqual(['Why onboarding docs rot', 'Older idea']);
    expect(within(rowFor('Why onboarding docs rot')).getByText('Used 0 times')).toBeInTheDocument();
    expect(ideaBox()).toHaveValue('');
    expect(ideaBox()).toHaveFocus();
    expect(await screen.findByText('Idea added')).toBeInTheDocument();
    expect(await storedIdeas(writer)).toEqual({ 'Older idea': 0, 'Why onboarding docs rot': 0 });
  });

  it('adds an idea with the "Add idea" button, also to an empty bank', async () => {
    const writer = await app.signUp();
    const { user } = app.renderApp('/ideas-bank');
    expect(await screen.findByRole('heading', { name: 'No topic ideas found' })).toBeInTheDocument();
    await user.type(ideaBox(), 'First idea');
    await user.click(screen.getByRole('button', { name: 'Add idea' }));
    expect(await screen.findByText('First idea')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No topic ideas found' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 1 idea')).toBeInTheDocument();
    expect(await storedIdeas(writer)).toEqual({ 'First idea': 0 });
  });

  it('says "Topic already saved" for a topic already in the bank, keeps what was typed and adds nothing', async () => {
    const writer = await app.signUp();
    await writer.buildIdea({ topic: 'Hiring in 2026', used_count: 2 });
    const { user } = app.renderApp('/ideas-bank');
    await screen.findByText('Hiring in 2026');
    await user.type(ideaBox(), 'Hiring in 2026 {Enter}');

    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent(/^Topic already saved$/);
    expect(ideaBox()).toHaveAccessibleDescription('Topic already saved');
    expect(ideaBox()).toHaveAttribute('aria-invalid', 'true');
    expect(ideaBox()).toHaveValue('Hiring in 2026 ');
    expect(rows()).toHaveLength(1);
    expect(await storedIdeas(writer)).toEqual({ 'Hiring in 2026': 2 });

    // Typing again clears the message; a new topic goes in.
    await user.type(ideaBox(), 'and beyond{Enter}');
    expect(await screen.findByText('Hiring in 2026 and beyond')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('ignores an empty or blank idea', async () => {
    const writer = await app.signUp();
    await writer.buildIdea({ topic: 'Only idea' });
    const { user } = app.renderApp('/ideas-bank');
    await screen.findByText('Only idea');
    const add = screen.getByRole('button', { name: 'Add idea' });
    expect(add).toBeDisabled();
    await user.type(ideaBox(), '   {Enter}');
    expect(add).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(rows()).toHaveLength(1);
    expect(await storedIdeas(writer)).toEqual({ 'Only idea': 0 });
  });

  it('says an idea over 1,000 characters is too long, keeps it and stores nothing', async () => {
    const writer = await app.signUp();
    const { user } = app.renderApp('/ideas-bank');
    await screen.findByRole('heading', { name: 'No topic ideas found' });
    const long = 'A'.repeat(1001);
    await user.click(ideaBox());
    await user.paste(long);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That idea is too long: 1,001 characters. An idea can have at most 1,000.',
    );
    expect(ideaBox()).toHaveValue(long);
    expect(await storedIdeas(writer)).toEqual({});
  });

  it('keeps what was typed and says why when the server cannot be reached', async () => {
    const writer = await app.signUp();
    await writer.buildIdea({ topic: 'Saved before' });
    const { user } = app.renderApp('/ideas-bank');
    await screen.findByText('Saved before');
    await user.type(ideaBox(), 'Typed while offline');
    await app.stopServer();
    await user.click(screen.getByRole('button', { name: 'Add idea' }));
    // The app's connection-lost overlay may cover the page meanwhile (the page stays mounted under
    // it), so the form is found by its label, not by role.
    const box = screen.getByLabelText('Add an idea');
    const form = box.closest('form') as HTMLElement;
    expect(
      await within(form).findByText(
        'Unable to connect to the database. Please check your internet connection and try again.',
        { selector: '[role="alert"]' },
      ),
    ).toBeInTheDocument();
    expect(box).toHaveValue('Typed while offline');
    await app.startServer();
    // Whether the connection-lost overlay is up by now depends on timing; if it is, its Try Again
    // brings the page back, with the text still in the box.
    const overlayRetry = screen.queryByRole('button', { name: 'Try Again' });
    if (overlayRetry) {
      await user.click(overlayRetry);
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument(),
      );
    }
    await user.click(screen.getByRole('button', { name: 'Add idea' }));
    expect(await screen.findByText('Typed while offline')).toBeInTheDocument();
    expect(await storedIdeas(writer)).toEqual({ 'Saved before': 0, 'Typed while offline': 0 });
  });

  it('shows a load that cannot reach the server, with a way to try again', async () => {
    const writer = await app.signUp();
    await writer.buildIdea({ topic: 'Back again' });
    const { user } = app.renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Create New Post' });
    await app.stopServer();
    await user.click(within(mainNav()).getByRole('link', { name: 'Ideas Bank' }));
    await heading();
    // supabase-js retries a failed read three times (1 s, 2 s, 4 s) before the page hears of it:
    // seven seconds of waiting at the least, more on a busy machine.
    const failure = await screen.findByText(
      /Unable to connect to the database\./,
      { selector: '[role="alert"]' },
      { timeout: 120_000 },
    );
    expect(failure).toBeInTheDocument();
    expect(screen.queryByText('No topic ideas found')).not.toBeInTheDocument();

    await app.startServer();
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
    expect(
      screen.queryByText(/Unable to connect to the database\./, { selector: '[role="alert"]' }),
    ).not.toBeInTheDocument();
  });
});
