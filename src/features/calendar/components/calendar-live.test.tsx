import { act, cleanup, screen, within } from '@testing-library/react';
import type { Post } from '@/entities/post/post';
import {
  buildPost,
  chipsIn,
  dayCell,
  dayList,
  dragChip,
  fakeServer,
  localIso,
  renderCalendar,
  withPlan,
} from '../../../../tests/helpers/calendar-test-kit.tsx';

const upcomingSection = () => screen.getByRole('region', { name: 'Upcoming' });
const upcomingItems = async () =>
  within(await screen.findByRole('list', { name: 'Upcoming' }))
    .getAllByRole('button')
    .map((item) => item.getAttribute('aria-label'));

describe('CalendarPage: Upcoming', () => {
  it('lists the planned posts soonest first, with time, topic and status', async () => {
    const server = fakeServer([
      buildPost({ topic: 'December launch', planned_at: localIso(11, 2, 8, 30) }),
      buildPost({ topic: 'Friday tips', planned_at: localIso(10, 27, 9, 0) }),
      buildPost({ topic: 'Retry me', planned_at: localIso(10, 19, 9, 0), publish_status: 'failed' }),
      buildPost({ topic: 'Just a draft' }),
    ]);
    renderCalendar(server);
    expect(await upcomingItems()).toEqual([
      'Thu 19 Nov, 9:00 AM Retry me, Failed',
      'Fri 27 Nov, 9:00 AM Friday tips, Scheduled',
      'Wed 2 Dec, 8:30 AM December launch, Scheduled',
    ]);
    expect(server.loadUpcoming).toHaveBeenCalledWith(10);
    const first = within(upcomingSection()).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Thu 19 Nov, 9:00 AM')).toBeInTheDocument();
    expect(within(first).getByText('Retry me')).toBeInTheDocument();
    expect(within(first).getByText('Failed')).toBeInTheDocument();
  });

  it('opens a post of another month in the dialog, with the grid on that month', async () => {
    const server = fakeServer([buildPost({ topic: 'December launch', planned_at: localIso(11, 9, 8, 30) })]);
    const { user } = renderCalendar(server);
    const item = await screen.findByRole('button', { name: 'Wed 9 Dec, 8:30 AM December launch, Scheduled' });

    await user.click(item);

    const dialog = screen.getByRole('dialog', { name: 'December launch' });
    expect(within(dialog).getByText('Wednesday, December 9, 2026 at 8:30 AM')).toBeInTheDocument();
    expect(within(dialog).getByText('Scheduled')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'December 2026' })).toBeInTheDocument();
    // December's grid: Sunday 29 November to Saturday 2 January.
    expect(server.loadMonth).toHaveBeenLastCalledWith(new Date(2026, 10, 29), new Date(2027, 0, 3));
    await dayList('Wednesday, December 9, 2026');
    expect(screen.getByRole('dialog', { name: 'December launch' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(item).toHaveFocus();
  });

  it("opens a post planned on a next month's day the grid shows without leaving the month", async () => {
    const server = fakeServer([buildPost({ topic: 'December launch', planned_at: localIso(11, 2, 8, 30) })]);
    const { user } = renderCalendar(server);
    // November's grid ends on Saturday 5 December, and shows that week's posts.
    const chip = within(await dayList('Wednesday, December 2, 2026')).getByRole('button', {
      name: '8:30 AM December launch, Scheduled',
    });
    expect(chip).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Wed 2 Dec, 8:30 AM December launch, Scheduled' }));

    expect(screen.getByRole('dialog', { name: 'December launch' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'November 2026' })).toBeInTheDocument();
    expect(server.loadMonth).toHaveBeenCalledTimes(1);
  });

  it('says when nothing is planned', async () => {
    renderCalendar(fakeServer([buildPost()]));
    expect(
      await within(upcomingSection()).findByText(
        'Nothing planned yet. Open a post and give it a date, or drag it to a day.',
      ),
    ).toBeInTheDocument();
  });

  it('shows a failed load with Try Again, which loads the list again', async () => {
    const server = fakeServer([buildPost({ topic: 'Soon', planned_at: localIso(10, 25, 9, 0) })]);
    server.loadUpcoming.mockRejectedValueOnce(new Error('Could not reach the server.'));
    const { user } = renderCalendar(server);
    const section = upcomingSection();
    expect(await within(section).findByRole('alert')).toHaveTextContent('Could not reach the server.');

    await user.click(within(section).getByRole('button', { name: 'Try Again' }));

    expect(await upcomingItems()).toEqual(['Wed 25 Nov, 9:00 AM Soon, Scheduled']);
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refreshes after a post is moved', async () => {
    const server = fakeServer([buildPost({ topic: 'Plan me', created_at: localIso(10, 10, 9, 0) })]);
    renderCalendar(server);
    await within(upcomingSection()).findByText(/Nothing planned yet/);

    dragChip(chipsIn(await dayList('Tuesday, November 10, 2026'))[0]!, dayCell('Friday, November 20, 2026'));

    expect(await upcomingItems()).toEqual(['Fri 20 Nov, 9:00 AM Plan me, Scheduled']);
  });
});

describe('CalendarPage: the publishing slot of the post dialog', () => {
  it('renders the controls under the text, and a post they change is put in place everywhere', async () => {
    const post = buildPost({ topic: 'Ready to go', created_at: localIso(10, 16, 9, 0) });
    const server = fakeServer([post]);
    const { user } = renderCalendar(server, {
      renderPublishing: (shown: Post, onPostChange: (changed: Post) => void) => (
        <button type="button" onClick={() => onPostChange(withPlan(shown, new Date(2026, 10, 24, 15, 0)))}>
          Plan {shown.topic}
        </button>
      ),
    });
    await user.click(await screen.findByRole('button', { name: '9:00 AM Ready to go, Draft' }));
    const dialog = screen.getByRole('dialog', { name: 'Ready to go' });
    server.rows.set(post.id, withPlan(post, new Date(2026, 10, 24, 15, 0)));

    await user.click(within(dialog).getByRole('button', { name: 'Plan Ready to go' }));

    expect(within(dialog).getByText('Scheduled')).toBeInTheDocument();
    expect(within(dialog).getByText('Tuesday, November 24, 2026 at 3:00 PM')).toBeInTheDocument();
    expect(await upcomingItems()).toEqual(['Tue 24 Nov, 3:00 PM Ready to go, Scheduled']);
    await user.keyboard('{Escape}');
    expect(
      within(await dayList('Tuesday, November 24, 2026')).getByRole('button', {
        name: '3:00 PM Ready to go, Scheduled',
      }),
    ).toBeInTheDocument();
  });
});

describe('CalendarPage: live status', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  /** Lets 10 seconds of timers run, and the replies they ask for settle. */
  const tenSecondsPass = () => act(() => vi.advanceTimersByTimeAsync(10_000));

  it('reloads quietly while a post is due, shows it Published once the server has posted it, then stops', async () => {
    const due = buildPost({ topic: 'Due now', planned_at: localIso(10, 18, 10, 29) });
    const server = fakeServer([due]);
    const { user } = renderCalendar(server);
    await user.click(await screen.findByRole('button', { name: '10:29 AM Due now, Scheduled' }));
    const dialog = screen.getByRole('dialog', { name: 'Due now' });
    expect(server.loadMonth).toHaveBeenCalledTimes(1);

    await tenSecondsPass();
    expect(server.loadMonth).toHaveBeenCalledTimes(2);
    expect(within(dialog).getByText('Scheduled')).toBeInTheDocument();

    server.publish(due.id, new Date(2026, 10, 18, 10, 29, 30));
    await tenSecondsPass();

    expect(await within(dialog).findByText('Published')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(screen.queryByText('Loading posts...')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: '10:29 AM Due now, Published' })).toHaveFocus();
    expect(await within(upcomingSection()).findByText(/Nothing planned yet/)).toBeInTheDocument();

    await tenSecondsPass();
    await tenSecondsPass();
    expect(server.loadMonth).toHaveBeenCalledTimes(3);
  });

  it('watches a post being published', async () => {
    const server = fakeServer([
      buildPost({ topic: 'Going out', planned_at: localIso(10, 18, 10, 0), publish_status: 'publishing' }),
    ]);
    renderCalendar(server);
    await screen.findByRole('button', { name: '10:00 AM Going out, Publishing' });
    await tenSecondsPass();
    expect(server.loadMonth).toHaveBeenCalledTimes(2);
    expect(server.loadUpcoming).toHaveBeenCalledTimes(2);
  });

  it('watches a post retried within two minutes after a passing failure, from the Upcoming list alone', async () => {
    // Planned for December (another month than the grid's), retried at 10:31 today.
    const server = fakeServer([
      buildPost({
        topic: 'Retry',
        planned_at: localIso(11, 3, 9, 0),
        next_attempt_at: localIso(10, 18, 10, 31),
      }),
    ]);
    renderCalendar(server);
    await screen.findByRole('button', { name: 'Thu 3 Dec, 9:00 AM Retry, Scheduled' });
    await tenSecondsPass();
    expect(server.loadUpcoming).toHaveBeenCalledTimes(2);
  });

  it('starts reloading when a scheduled post comes within two minutes of its time', async () => {
    vi.setSystemTime(new Date(2026, 10, 18, 10, 30));
    const server = fakeServer([buildPost({ topic: 'At 10:35', planned_at: localIso(10, 18, 10, 35) })]);
    renderCalendar(server, { now: undefined });
    await screen.findByRole('button', { name: '10:35 AM At 10:35, Scheduled' });
    await act(() => vi.advanceTimersByTimeAsync(2 * 60_000));
    expect(server.loadMonth).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await tenSecondsPass();
    expect(server.loadMonth).toHaveBeenCalledTimes(2);
  });

  it('does not reload while nothing is due within two minutes', async () => {
    const server = fakeServer([
      buildPost({ topic: 'Tomorrow', planned_at: localIso(10, 19, 9, 0) }),
      buildPost({
        topic: 'Retry later',
        planned_at: localIso(10, 18, 9, 0),
        next_attempt_at: localIso(10, 18, 11, 0),
      }),
      buildPost({ topic: 'A draft', created_at: localIso(10, 18, 8, 0) }),
    ]);
    renderCalendar(server);
    await screen.findByRole('button', { name: '9:00 AM Tomorrow, Scheduled' });
    await tenSecondsPass();
    await tenSecondsPass();
    expect(server.loadMonth).toHaveBeenCalledTimes(1);
    expect(server.loadUpcoming).toHaveBeenCalledTimes(1);
  });

  it('stops reloading when the page goes away', async () => {
    const server = fakeServer([buildPost({ topic: 'Due', planned_at: localIso(10, 18, 10, 31) })]);
    renderCalendar(server);
    await screen.findByRole('button', { name: '10:31 AM Due, Scheduled' });
    await tenSecondsPass();
    expect(server.loadMonth).toHaveBeenCalledTimes(2);
    cleanup();
    await tenSecondsPass();
    expect(server.loadMonth).toHaveBeenCalledTimes(2);
  });

  it('shows what another tab changed when the page is shown again: the last change wins, visibly', async () => {
    const post = buildPost({ topic: 'Two tabs', planned_at: localIso(10, 25, 9, 0) });
    const server = fakeServer([post]);
    renderCalendar(server);
    await within(await dayList('Wednesday, November 25, 2026')).findByRole('button', {
      name: '9:00 AM Two tabs, Scheduled',
    });
    // The other tab moves it to the 27th while this one is in the background.
    server.rows.set(post.id, withPlan(post, new Date(2026, 10, 27, 9, 0)));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(server.loadMonth).toHaveBeenCalledTimes(1);
    visibility.mockReturnValue('visible');
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(
      await within(await dayList('Friday, November 27, 2026')).findByRole('button', {
        name: '9:00 AM Two tabs, Scheduled',
      }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('list', { name: 'Posts on Wednesday, November 25, 2026' }),
    ).not.toBeInTheDocument();
    visibility.mockRestore();
  });
});
