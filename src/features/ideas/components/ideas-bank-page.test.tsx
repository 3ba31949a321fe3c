import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { selectedTopicKey } from '@/config/session-keys';
import type { TopicIdea } from '@/lib/supabase/database-types';
import { toast } from '@/lib/toast/toast';
import { Toaster } from '@/lib/toast/toaster';
import { useIdeasStore } from '../ideas-store';
import { IdeasBankPage } from './ideas-bank-page';
import { expectConsole } from '../../../../tests/helpers/console-guard.ts';

let sequence = 0;
function buildIdea(overrides: Partial<TopicIdea> = {}): TopicIdea {
  sequence += 1;
  return {
    id: `idea-${String(sequence).padStart(6, '0')}`,
    user_id: 'user-1',
    topic: `Topic ${sequence}`,
    used_count: 0,
    created_at: '2026-03-01T12:00:00+00:00',
    ...overrides,
  };
}

type IncrementUsage = (id: string) => Promise<TopicIdea>;
type DeleteIdea = (id: string) => Promise<boolean>;

/** Seeds the real store with rows and injected actions that behave like the store's own. */
function seed(ideas: TopicIdea[], overrides: Partial<ReturnType<typeof useIdeasStore.getState>> = {}) {
  const incrementUsage = vi.fn<IncrementUsage>(async (id) => {
    const idea = useIdeasStore.getState().ideas.find((candidate) => candidate.id === id);
    if (!idea) throw new Error('Topic not found');
    const updated = { ...idea, used_count: idea.used_count + 1 };
    useIdeasStore.setState((state) => ({
      ideas: state.ideas.map((candidate) => (candidate.id === id ? updated : candidate)),
    }));
    return updated;
  });
  const deleteIdea = vi.fn<DeleteIdea>(async (id) => {
    useIdeasStore.setState((state) => ({ ideas: state.ideas.filter((candidate) => candidate.id !== id) }));
    return true;
  });
  const fetchIdeas = vi.fn(async () => {});
  useIdeasStore.setState({
    ideas,
    loading: false,
    loadingMore: false,
    error: null,
    incrementUsage,
    deleteIdea,
    fetchIdeas,
    ...overrides,
  });
  return { incrementUsage, deleteIdea, fetchIdeas };
}

function renderPage() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/ideas-bank']}>
      <Toaster />
      <Routes>
        <Route path="/ideas-bank" element={<IdeasBankPage />} />
        <Route path="/" element={<p>Generator marker</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return user;
}

const rows = () => within(screen.getByRole('list', { name: 'Topic ideas' })).getAllByRole('listitem');
const rowTopics = () => rows().map((row) => row.querySelector('p')?.textContent);
const rowFor = (topic: string) => screen.getByText(topic).closest('li') as HTMLElement;
const searchBox = () => screen.getByRole('searchbox', { name: 'Search topics...' });

describe('IdeasBankPage', () => {
  const initialState = useIdeasStore.getInitialState();

  beforeAll(() => {
    // react-hot-toast asks for the reduced-motion preference, which jsdom does not implement.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
  });
  afterAll(() => vi.unstubAllGlobals());

  beforeEach(() => {
    useIdeasStore.setState(initialState, true);
    sessionStorage.clear();
  });

  afterEach(() => {
    cleanup();
    act(() => toast.remove());
    useIdeasStore.setState(initialState, true);
    vi.restoreAllMocks();
  });

  it('shows the title and fetches the ideas on mount', async () => {
    const { fetchIdeas } = seed([buildIdea({ topic: 'Hiring in 2026' })]);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Ideas Bank' })).toBeInTheDocument();
    expect(fetchIdeas).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Hiring in 2026')).toBeInTheDocument();
  });

  it('shows "Loading your ideas..." on the first load only', async () => {
    seed([], { loading: true, fetchIdeas: vi.fn(() => new Promise<void>(() => {})) });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your ideas...');
    act(() => useIdeasStore.setState({ ideas: [buildIdea({ topic: 'First page' })], loading: false }));
    expect(screen.queryByText('Loading your ideas...')).not.toBeInTheDocument();
    expect(screen.getByText('First page')).toBeInTheDocument();
  });

  it('keeps the list (no loading text) while a refresh runs', () => {
    seed([buildIdea({ topic: 'Already here' })], {
      loading: true,
      fetchIdeas: vi.fn(() => new Promise<void>(() => {})),
    });
    renderPage();
    expect(screen.getByText('Already here')).toBeInTheDocument();
    expect(screen.queryByText('Loading your ideas...')).not.toBeInTheDocument();
  });

  it('shows a row with the topic, the short date and the usage in singular and plural', async () => {
    seed([
      buildIdea({ topic: 'Once', used_count: 1, created_at: '2026-03-05T12:00:00+00:00' }),
      buildIdea({ topic: 'Never', used_count: 0, created_at: '2026-02-04T12:00:00+00:00' }),
      buildIdea({ topic: 'Thrice', used_count: 3, created_at: '2025-12-25T12:00:00+00:00' }),
    ]);
    renderPage();
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

  it('renders markup in a topic as text', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    seed([buildIdea({ topic: hostile })]);
    renderPage();
    expect(await screen.findByText(hostile)).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('searches case-insensitively and literally', async () => {
    seed([
      buildIdea({ topic: 'Remote work (2026)', created_at: '2026-03-03T12:00:00+00:00' }),
      buildIdea({ topic: 'AI in healthcare', created_at: '2026-03-02T12:00:00+00:00' }),
      buildIdea({ topic: 'Why REMOTE teams fail', created_at: '2026-03-01T12:00:00+00:00' }),
    ]);
    const user = renderPage();
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
    seed([
      buildIdea({ topic: 'old, 5 uses', used_count: 5, created_at: '2026-01-01T12:00:00+00:00' }),
      buildIdea({ topic: 'newest, 0 uses', used_count: 0, created_at: '2026-04-01T12:00:00+00:00' }),
      buildIdea({ topic: 'middle, 2 uses', used_count: 2, created_at: '2026-02-01T12:00:00+00:00' }),
      buildIdea({ topic: 'newer, 2 uses', used_count: 2, created_at: '2026-03-01T12:00:00+00:00' }),
    ]);
    const user = renderPage();
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
    seed([]);
    const user = renderPage();
    expect(await screen.findByRole('heading', { name: 'No topic ideas found' })).toBeInTheDocument();
    expect(screen.getByText('Start generating content to build your ideas bank')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create new content' }));
    expect(screen.getByText('Generator marker')).toBeInTheDocument();
  });

  it('shows the empty state for a search without results', async () => {
    seed([buildIdea({ topic: 'Leadership' })]);
    const user = renderPage();
    await user.type(searchBox(), 'Blockchain*');
    expect(screen.getByRole('heading', { name: 'No topic ideas found' })).toBeInTheDocument();
    expect(screen.getByText('No results for "Blockchain*"')).toBeInTheDocument();
    expect(screen.queryByText('Start generating content to build your ideas bank')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create new content' })).toBeInTheDocument();
  });

  it('reuses a topic: counts it, hands it to the generator, goes to / and says so', async () => {
    const idea = buildIdea({ topic: 'Reuse me', used_count: 2 });
    const { incrementUsage } = seed([idea, buildIdea({ topic: 'Other' })]);
    const user = renderPage();
    await user.click(within(rowFor('Reuse me')).getByRole('button', { name: 'Reuse this topic' }));
    expect(incrementUsage).toHaveBeenCalledWith(idea.id);
    expect(useIdeasStore.getState().ideas.find((candidate) => candidate.id === idea.id)?.used_count).toBe(3);
    expect(sessionStorage.getItem(selectedTopicKey)).toBe('Reuse me');
    expect(screen.getByText('Generator marker')).toBeInTheDocument();
    expect(await screen.findByText('Topic added to generator!')).toBeInTheDocument();
  });

  it('reports a failed reuse and stays on the page', async () => {
    expectConsole('error');
    seed([buildIdea({ topic: 'Reuse me' })], {
      incrementUsage: vi.fn<IncrementUsage>(async () => Promise.reject(new Error('Topic not found'))),
    });
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Reuse this topic' }));
    expect(await screen.findByText('Failed to reuse topic')).toBeInTheDocument();
    expect(sessionStorage.getItem(selectedTopicKey)).toBeNull();
    expect(screen.queryByText('Generator marker')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reuse this topic' })).toBeEnabled();
  });

  it('deletes a topic only after an inline confirmation', async () => {
    const idea = buildIdea({ topic: 'Delete me' });
    const { deleteIdea } = seed([idea, buildIdea({ topic: 'Keep me' })]);
    const user = renderPage();
    await user.click(within(rowFor('Delete me')).getByRole('button', { name: 'Delete this topic' }));
    const confirm = within(rowFor('Delete me')).getByRole('group', { name: 'Confirm deleting this topic' });
    expect(confirm).toHaveTextContent('Delete?');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(deleteIdea).not.toHaveBeenCalled();

    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(deleteIdea).toHaveBeenCalledWith(idea.id);
    expect(screen.queryByText('Delete me')).not.toBeInTheDocument();
    expect(screen.getByText('Keep me')).toBeInTheDocument();
    expect(await screen.findByText('Topic deleted')).toBeInTheDocument();
  });

  it('cancels a delete with the Cancel button or Escape, and returns focus to the delete button', async () => {
    const { deleteIdea } = seed([buildIdea({ topic: 'Keep me' })]);
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Delete this topic' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Confirm deleting this topic' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete this topic' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('group', { name: 'Confirm deleting this topic' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Confirm deleting this topic' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete this topic' })).toHaveFocus();
    expect(deleteIdea).not.toHaveBeenCalled();
    expect(screen.getByText('Keep me')).toBeInTheDocument();
  });

  it('reports a failed delete and keeps the row', async () => {
    expectConsole('error');
    seed([buildIdea({ topic: 'Stubborn' })], {
      deleteIdea: vi.fn<DeleteIdea>(async () =>
        Promise.reject(new Error('Connection interrupted. Reconnecting...')),
      ),
    });
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Delete this topic' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete topic')).toBeInTheDocument();
    expect(screen.getByText('Stubborn')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete this topic' })).toBeEnabled();
  });

  it('renders 30 rows at a time with "Show more", and starts again at 30 after a new search', async () => {
    const many = Array.from({ length: 75 }, (_, i) =>
      buildIdea({
        topic: `Idea ${String(i).padStart(3, '0')}`,
        created_at: new Date(Date.UTC(2026, 0, 1) + (75 - i) * 60_000).toISOString(),
      }),
    );
    seed(many);
    const user = renderPage();
    expect(rows()).toHaveLength(30);
    expect(screen.getByText('Showing 30 of 75 ideas')).toBeInTheDocument();
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

  it('formats large counts and notes while more pages are loading', async () => {
    const many = Array.from({ length: 9876 }, (_, i) => buildIdea({ topic: `Bulk ${i}` }));
    seed(many, { loadingMore: true });
    renderPage();
    expect(await screen.findByText('Showing 30 of 9,876 ideas')).toBeInTheDocument();
    expect(screen.getByText('Loading more ideas…')).toBeInTheDocument();
    act(() => useIdeasStore.setState({ loadingMore: false }));
    expect(screen.queryByText('Loading more ideas…')).not.toBeInTheDocument();
  });

  it('shows a failed load with a way to try again', async () => {
    const fetchIdeas = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(
        new Error('Unable to connect to the database. Please check your internet connection and try again.'),
      )
      .mockImplementation(async () => {
        useIdeasStore.setState({ ideas: [buildIdea({ topic: 'Back again' })] });
      });
    seed([], { fetchIdeas });
    const user = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to connect to the database.');
    expect(screen.queryByText('No topic ideas found')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
