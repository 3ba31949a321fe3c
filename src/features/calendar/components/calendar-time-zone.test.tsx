import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useScheduleStore } from '@/entities/post/queue/schedule-store';
import {
  buildPost,
  chipsIn,
  dayList,
  fakeServer,
  renderCalendar,
} from '../../../../tests/helpers/calendar-test-kit.tsx';

/*
 * The calendar in the time zone chosen in Settings → Schedule (docs/product.md §9.6), here New
 * York, whatever zone the machine runs in: days, chip times, Upcoming, "Move to…" and moves are
 * all on New York's wall clock. Every instant is written in UTC.
 */
const newYork = 'America/New_York';

beforeEach(() => {
  useScheduleStore.setState({ schedule: { timeZone: newYork, slots: [] }, loaded: true, error: null });
});
afterEach(() => {
  // Unmounted first: the reset would otherwise update a calendar still on the page.
  cleanup();
  useScheduleStore.getState().reset();
});

const whenField = () =>
  within(screen.getByRole('dialog', { name: /^Move “/ })).getByLabelText('New date and time');

describe('CalendarPage in the zone chosen in Settings → Schedule', () => {
  it('puts posts on their day and time in that zone, in the grid and in Upcoming', async () => {
    const morning = buildPost({ topic: 'Launch recap', planned_at: '2026-11-20T14:00:00.000Z' });
    // 10 PM on Friday 20 November in New York: already Saturday in UTC, Europe and Asia.
    const evening = buildPost({ topic: 'Late note', planned_at: '2026-11-21T03:00:00.000Z' });
    renderCalendar(fakeServer([morning, evening]));

    const friday = await dayList('Friday, November 20, 2026');
    expect(chipsIn(friday).map((chip) => chip.getAttribute('aria-label'))).toEqual([
      '9:00 AM Launch recap, Scheduled',
      '10:00 PM Late note, Scheduled',
    ]);
    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    expect(await within(upcoming).findByText('Fri 20 Nov, 9:00 AM')).toBeInTheDocument();
    expect(within(upcoming).getByText('Fri 20 Nov, 10:00 PM')).toBeInTheDocument();
  });

  it('"Move to…" shows and reads the time in that zone, and names it', async () => {
    const planned = buildPost({ topic: 'Launch recap', planned_at: '2026-11-20T14:00:00.000Z' });
    const server = fakeServer([planned]);
    const { user } = renderCalendar(server);
    const day = await dayList('Friday, November 20, 2026');

    await user.click(within(day).getByRole('button', { name: 'Move to… “Launch recap”' }));
    const dialog = screen.getByRole('dialog', { name: 'Move “Launch recap”' });
    expect(dialog).toHaveAccessibleDescription(`Pick the new date and time. Times are in ${newYork}.`);
    expect(whenField()).toHaveValue('2026-11-20T09:00');
    await user.clear(whenField());
    await user.type(whenField(), '2026-12-03T14:15{Enter}');

    // 2:15 PM in New York (EST, UTC-5).
    expect(server.onPlanPost).toHaveBeenCalledExactlyOnceWith(planned.id, new Date('2026-12-03T19:15:00Z'));
    expect(await screen.findByText('Moved “Launch recap” to Thu 3 Dec, 2:15 PM.')).toBeInTheDocument();
    expect(
      within(await dayList('Thursday, December 3, 2026')).getByRole('button', {
        name: '2:15 PM Launch recap, Scheduled',
      }),
    ).toBeInTheDocument();
  });

  it('moves a post by a day with Alt + arrow keys at the same wall-clock time in that zone', async () => {
    const planned = buildPost({ topic: 'Late note', planned_at: '2026-11-21T03:00:00.000Z' });
    const server = fakeServer([planned]);
    renderCalendar(server);
    const chip = await screen.findByRole('button', { name: '10:00 PM Late note, Scheduled' });

    fireEvent.keyDown(chip, { key: 'ArrowRight', altKey: true });

    // Saturday 21 November, 10 PM in New York.
    await waitFor(() =>
      expect(server.onPlanPost).toHaveBeenCalledExactlyOnceWith(planned.id, new Date('2026-11-22T03:00:00Z')),
    );
    expect(
      within(await dayList('Saturday, November 21, 2026')).getByRole('button', {
        name: '10:00 PM Late note, Scheduled',
      }),
    ).toBeInTheDocument();
  });
});
