import { screen, waitFor, within } from '@testing-library/react';
import {
  buildPost,
  chipsIn,
  dayList,
  fakeServer,
  localIso,
  renderCalendar,
} from '../../../../tests/helpers/calendar-test-kit.tsx';

/** The field of the "Move to…" dialog. */
const whenField = () =>
  within(screen.getByRole('dialog', { name: /^Move “/ })).getByLabelText('New date and time');

describe('CalendarPage: "Move to…"', () => {
  it('moves a post to the date and time picked with the pointer, says so, and Undo puts it back', async () => {
    const planned = buildPost({ topic: 'Launch recap', planned_at: localIso(10, 20, 9, 0) });
    const server = fakeServer([planned]);
    const { user } = renderCalendar(server);
    const day = await dayList('Friday, November 20, 2026');

    await user.click(within(day).getByRole('button', { name: 'Move to… “Launch recap”' }));
    const dialog = screen.getByRole('dialog', { name: 'Move “Launch recap”' });
    // The field opens on the post's current plan, with the focus in it.
    expect(whenField()).toHaveValue('2026-11-20T09:00');
    expect(whenField()).toHaveFocus();
    await user.clear(whenField());
    await user.type(whenField(), '2026-12-03T14:15');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.onPlanPost).toHaveBeenCalledExactlyOnceWith(planned.id, new Date(2026, 11, 3, 14, 15));
    // 3 December is one of the next month's days the November grid shows.
    const moved = within(await dayList('Thursday, December 3, 2026')).getByRole('button', {
      name: '2:15 PM Launch recap, Scheduled',
    });
    await waitFor(() => expect(moved).toHaveFocus());
    expect(screen.getByRole('table', { name: 'November 2026' })).toBeInTheDocument();
    expect(await screen.findByText('Moved “Launch recap” to Thu 3 Dec, 2:15 PM.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo' }));

    expect(await screen.findByText('Moved “Launch recap” back to Fri 20 Nov, 9:00 AM.')).toBeInTheDocument();
    expect(server.onPlanPost).toHaveBeenLastCalledWith(planned.id, new Date(2026, 10, 20, 9, 0));
    expect(
      within(await dayList('Friday, November 20, 2026')).getByRole('button', {
        name: '9:00 AM Launch recap, Scheduled',
      }),
    ).toBeInTheDocument();
  });

  it('works from the keyboard alone: Enter opens it, typing and Enter move the post', async () => {
    const draft = buildPost({ topic: 'Keyboard draft', created_at: localIso(10, 19, 9, 0) });
    const server = fakeServer([draft]);
    const { user } = renderCalendar(server);
    const chip = await screen.findByRole('button', { name: '9:00 AM Keyboard draft, Draft' });
    chip.focus();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Move to… “Keyboard draft”' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.clear(whenField());
    await user.type(whenField(), '2026-11-25T08:30{Enter}');

    expect(server.onPlanPost).toHaveBeenCalledExactlyOnceWith(draft.id, new Date(2026, 10, 25, 8, 30));
    const moved = within(await dayList('Wednesday, November 25, 2026')).getByRole('button', {
      name: '8:30 AM Keyboard draft, Scheduled',
    });
    await waitFor(() => expect(moved).toHaveFocus());
    expect(await screen.findByText('Moved “Keyboard draft” to Wed 25 Nov, 8:30 AM.')).toBeInTheDocument();
    // A draft moved: Undo makes it a draft again.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('“Keyboard draft” is a draft again.')).toBeInTheDocument();
    expect(server.onPlanPost).toHaveBeenLastCalledWith(draft.id, null);
  });

  it('refuses a time already gone in the dialog, keeps it open, and saves nothing; Escape closes it', async () => {
    const planned = buildPost({ topic: 'Hiring thoughts', planned_at: localIso(10, 20, 9, 0) });
    const server = fakeServer([planned]);
    const { user } = renderCalendar(server);
    const opener = await screen.findByRole('button', { name: 'Move to… “Hiring thoughts”' });
    await user.click(opener);

    await user.clear(whenField());
    // Today (18 November) at 9:00, before the test's 10:30.
    await user.type(whenField(), '2026-11-18T09:00{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That time has already passed. Pick a later time to plan the post.',
    );
    expect(whenField()).toHaveAttribute('aria-invalid', 'true');
    expect(server.onPlanPost).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(server.onPlanPost).not.toHaveBeenCalled();
  });

  it('is offered beside posts not yet out only', async () => {
    const server = fakeServer([
      buildPost({ topic: 'Out already', is_published: true, created_at: localIso(10, 5, 9, 0) }),
      buildPost({ topic: 'Still a draft', created_at: localIso(10, 5, 11, 0) }),
    ]);
    renderCalendar(server);
    const day = await dayList('Thursday, November 5, 2026');
    expect(chipsIn(day)).toHaveLength(2);
    expect(within(day).getByRole('button', { name: 'Move to… “Still a draft”' })).toBeInTheDocument();
    expect(within(day).queryByRole('button', { name: 'Move to… “Out already”' })).not.toBeInTheDocument();
  });
});

describe("CalendarPage: the adjacent months' days", () => {
  it('shows the posts planned on the leading and trailing days the grid shows, greyed days included', async () => {
    const server = fakeServer([
      buildPost({ topic: 'October end', is_published: true, created_at: localIso(9, 31, 10, 0) }),
      buildPost({ topic: 'December start', planned_at: localIso(11, 4, 9, 0) }),
      buildPost({ topic: 'Past the grid', planned_at: localIso(11, 7, 9, 0) }),
    ]);
    const { user } = renderCalendar(server);
    // November 2026 runs Sunday 1 to Monday 30; its last week ends on Saturday 5 December.
    expect(
      within(await dayList('Friday, December 4, 2026')).getByRole('button', {
        name: '9:00 AM December start, Scheduled',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^9:00 AM Past the grid/ })).not.toBeInTheDocument();
    expect(screen.queryByText('No posts scheduled for November 2026')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    // December's grid starts on Sunday 29 November and shows no October post.
    expect(
      await screen.findByRole('button', { name: '9:00 AM Past the grid, Scheduled' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    // October's grid ends on Saturday 31 October; November's first days are not part of it.
    expect(
      within(await dayList('Saturday, October 31, 2026')).getByRole('button', {
        name: '10:00 AM October end, Published',
      }),
    ).toBeInTheDocument();
  });
});
