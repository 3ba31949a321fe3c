import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Post } from '@/entities/post/post';
import {
  buildPost,
  dayCell,
  dayList,
  deferred,
  dragChip,
  fakeServer,
  localIso,
  renderCalendar,
  withPlan,
} from '../../../../tests/helpers/calendar-test-kit.tsx';

/** The polite region that says what a move did. */
const moveNotice = (text: string) => screen.findByText(text);

describe('CalendarPage: planning posts by moving them', () => {
  describe('drag and drop', () => {
    it('plans a dragged draft on the day it is dropped on, at the same time, and shows it there as Scheduled', async () => {
      const draft = buildPost({ topic: 'Launch recap', created_at: localIso(10, 10, 9, 0) });
      const server = fakeServer([draft]);
      renderCalendar(server);
      const chip = within(await dayList('Tuesday, November 10, 2026')).getByRole('button', {
        name: '9:00 AM Launch recap, Draft',
      });
      expect(chip).toHaveAttribute('draggable', 'true');

      dragChip(chip, dayCell('Friday, November 20, 2026'));

      expect(server.onPlanPost).toHaveBeenCalledExactlyOnceWith(draft.id, new Date(2026, 10, 20, 9, 0));
      const moved = within(await dayList('Friday, November 20, 2026')).getByRole('button', {
        name: '9:00 AM Launch recap, Scheduled',
      });
      expect(moved).toHaveClass('bg-violet-50');
      expect(
        screen.queryByRole('list', { name: 'Posts on Tuesday, November 10, 2026' }),
      ).not.toBeInTheDocument();
      expect(await moveNotice('Moved “Launch recap” to Fri 20 Nov, 9:00 AM.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    });

    it('refuses a day before today with a message and changes nothing', async () => {
      const planned = buildPost({ topic: 'Hiring thoughts', planned_at: localIso(10, 20, 9, 0) });
      const server = fakeServer([planned]);
      renderCalendar(server);
      const chip = within(await dayList('Friday, November 20, 2026')).getByRole('button', {
        name: '9:00 AM Hiring thoughts, Scheduled',
      });

      dragChip(chip, dayCell('Tuesday, November 17, 2026'));

      expect(await moveNotice('Pick today or a later day to plan a post.')).toBeInTheDocument();
      expect(server.onPlanPost).not.toHaveBeenCalled();
      expect(chip).toBeInTheDocument();
      expect(
        screen.queryByRole('list', { name: 'Posts on Tuesday, November 17, 2026' }),
      ).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    });

    it('plans today at the next full hour when the time of day has already passed, and says so', async () => {
      const draft = buildPost({ topic: 'Morning note', created_at: localIso(10, 9, 9, 0) });
      const server = fakeServer([draft]);
      renderCalendar(server);
      const chip = within(await dayList('Monday, November 9, 2026')).getByRole('button', {
        name: '9:00 AM Morning note, Draft',
      });

      dragChip(chip, dayCell('Wednesday, November 18, 2026'));

      expect(server.onPlanPost).toHaveBeenCalledExactlyOnceWith(draft.id, new Date(2026, 10, 18, 11, 0));
      expect(
        await moveNotice(
          'Moved “Morning note” to Wed 18 Nov, 11:00 AM, the next full hour, because 9:00 AM has already passed today.',
        ),
      ).toBeInTheDocument();
      expect(
        within(screen.getByRole('list', { name: 'Posts on Wednesday, November 18, 2026' })).getByRole(
          'button',
          {
            name: '11:00 AM Morning note, Scheduled',
          },
        ),
      ).toBeInTheDocument();
    });

    it('shows the chip saving, and after a failed save the error, with the post left where it was', async () => {
      const save = deferred<Post>();
      const draft = buildPost({ topic: 'Risky move', created_at: localIso(10, 10, 9, 0) });
      const server = fakeServer([draft]);
      server.onPlanPost.mockImplementationOnce(() => save.promise);
      renderCalendar(server);
      const chip = within(await dayList('Tuesday, November 10, 2026')).getByRole('button', {
        name: '9:00 AM Risky move, Draft',
      });

      dragChip(chip, dayCell('Friday, November 20, 2026'));
      const saving = await screen.findByRole('button', {
        name: '9:00 AM Risky move, Draft, saving the new date',
      });
      expect(saving).toHaveAttribute('aria-busy', 'true');
      expect(saving).toHaveAttribute('draggable', 'false');

      save.reject(new Error('Could not reach the server. Check your connection and try again.'));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Could not reach the server. Check your connection and try again.',
      );
      expect(
        within(screen.getByRole('list', { name: 'Posts on Tuesday, November 10, 2026' })).getByRole(
          'button',
          {
            name: '9:00 AM Risky move, Draft',
          },
        ),
      ).not.toHaveAttribute('aria-busy');
      expect(
        screen.queryByRole('list', { name: 'Posts on Friday, November 20, 2026' }),
      ).not.toBeInTheDocument();
    });

    it('ignores drags that are not calendar posts', async () => {
      const server = fakeServer([buildPost({ created_at: localIso(10, 10, 9, 0) })]);
      renderCalendar(server);
      await dayList('Tuesday, November 10, 2026');
      const cell = dayCell('Friday, November 20, 2026');
      const files = { types: ['Files'], getData: () => '', dropEffect: 'none' };
      expect(fireEvent.dragOver(cell, { dataTransfer: files })).toBe(true);
      fireEvent.drop(cell, { dataTransfer: files });
      expect(server.onPlanPost).not.toHaveBeenCalled();
    });
  });

  describe('the keyboard', () => {
    it('says how to move posts near the grid, and describes each movable chip with it', async () => {
      const server = fakeServer([buildPost({ topic: 'Keyboard post', created_at: localIso(10, 10, 9, 0) })]);
      renderCalendar(server);
      const hint = screen.getByText(
        'Drag a post to another day, use “Move to…” beside it to pick a date and time, or focus it and press Alt + arrow keys.',
      );
      const chip = await screen.findByRole('button', { name: '9:00 AM Keyboard post, Draft' });
      expect(chip).toHaveAccessibleDescription(hint.textContent ?? '');
    });

    it('Alt+ArrowRight moves a post one day on, announces it, and keeps the focus on the chip', async () => {
      const planned = buildPost({ topic: 'Weekly digest', planned_at: localIso(10, 20, 9, 0) });
      const server = fakeServer([planned]);
      const { user } = renderCalendar(server);
      const chip = within(await dayList('Friday, November 20, 2026')).getByRole('button', {
        name: '9:00 AM Weekly digest, Scheduled',
      });
      chip.focus();

      await user.keyboard('{Alt>}{ArrowRight}{/Alt}');

      expect(server.onPlanPost).toHaveBeenCalledExactlyOnceWith(planned.id, new Date(2026, 10, 21, 9, 0));
      const moved = within(await dayList('Saturday, November 21, 2026')).getByRole('button', {
        name: '9:00 AM Weekly digest, Scheduled',
      });
      await waitFor(() => expect(moved).toHaveFocus());
      const notice = await moveNotice('Moved “Weekly digest” to Sat 21 Nov, 9:00 AM.');
      expect(notice.closest('[aria-live="polite"]')).not.toBeNull();

      await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
      expect(server.onPlanPost).toHaveBeenLastCalledWith(planned.id, new Date(2026, 10, 28, 9, 0));
      const weekLater = within(await dayList('Saturday, November 28, 2026')).getByRole('button', {
        name: '9:00 AM Weekly digest, Scheduled',
      });
      await waitFor(() => expect(weekLater).toHaveFocus());

      await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
      await user.keyboard('{Alt>}{ArrowLeft}{/Alt}');
      await waitFor(() => expect(server.onPlanPost).toHaveBeenCalledTimes(4));
      expect(server.onPlanPost).toHaveBeenLastCalledWith(planned.id, new Date(2026, 10, 20, 9, 0));
    });

    it('follows a post moved past the days the grid shows into the next month, with the focus', async () => {
      const planned = buildPost({ topic: 'Month end', planned_at: localIso(10, 30, 16, 0) });
      const server = fakeServer([planned]);
      const { user } = renderCalendar(server);
      (await screen.findByRole('button', { name: '4:00 PM Month end, Scheduled' })).focus();

      await user.keyboard('{Alt>}{ArrowDown}{/Alt}');

      expect(await screen.findByRole('table', { name: 'December 2026' })).toBeInTheDocument();
      const moved = within(await dayList('Monday, December 7, 2026')).getByRole('button', {
        name: '4:00 PM Month end, Scheduled',
      });
      await waitFor(() => expect(moved).toHaveFocus());
    });

    it("keeps the month when a post moves to a next month's day the grid shows, with the focus there", async () => {
      const planned = buildPost({ topic: 'Month end', planned_at: localIso(10, 30, 16, 0) });
      const server = fakeServer([planned]);
      const { user } = renderCalendar(server);
      (await screen.findByRole('button', { name: '4:00 PM Month end, Scheduled' })).focus();

      await user.keyboard('{Alt>}{ArrowRight}{/Alt}');

      const moved = within(await dayList('Tuesday, December 1, 2026')).getByRole('button', {
        name: '4:00 PM Month end, Scheduled',
      });
      expect(screen.getByRole('table', { name: 'November 2026' })).toBeInTheDocument();
      await waitFor(() => expect(moved).toHaveFocus());
    });

    it('refuses a keyboard move to a day before today', async () => {
      const draft = buildPost({ topic: 'Old draft', created_at: localIso(10, 16, 9, 0) });
      const server = fakeServer([draft]);
      const { user } = renderCalendar(server);
      const chip = await screen.findByRole('button', { name: '9:00 AM Old draft, Draft' });
      chip.focus();
      await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
      expect(await moveNotice('Pick today or a later day to plan a post.')).toBeInTheDocument();
      expect(server.onPlanPost).not.toHaveBeenCalled();
      expect(chip).toHaveFocus();
    });
  });

  describe('busy days and narrow pages', () => {
    it('opens a busy day when a post moved there would be behind "+N more", and keeps its focus', async () => {
      const busy = [8, 9, 10].map((hour) =>
        buildPost({ topic: `Busy at ${hour}`, planned_at: localIso(10, 21, hour, 0) }),
      );
      const late = buildPost({ topic: 'Late post', planned_at: localIso(10, 20, 17, 0) });
      const server = fakeServer([...busy, late]);
      const { user } = renderCalendar(server);
      (await screen.findByRole('button', { name: '5:00 PM Late post, Scheduled' })).focus();

      await user.keyboard('{Alt>}{ArrowRight}{/Alt}');

      const day = await dayList('Saturday, November 21, 2026');
      const moved = await within(day).findByRole('button', { name: '5:00 PM Late post, Scheduled' });
      await waitFor(() => expect(moved).toHaveFocus());
      expect(screen.getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true');
    });

    it('moves posts with the keyboard in the agenda, whose hint names “Move to…” and the keys', async () => {
      // Any ResizeObserver makes the page measure itself; jsdom's boxes are 0 px wide: the agenda.
      vi.stubGlobal(
        'ResizeObserver',
        class {
          observe() {}
          disconnect() {}
        },
      );
      try {
        const planned = buildPost({ topic: 'Agenda post', planned_at: localIso(10, 20, 9, 0) });
        const server = fakeServer([planned]);
        const { user } = renderCalendar(server);
        expect(await screen.findByRole('list', { name: 'November 2026' })).toBeInTheDocument();
        expect(screen.queryByRole('table')).not.toBeInTheDocument();
        const hint = screen.getByText(
          'Tap “Move to…” beside a post to pick a new date and time, or focus the post and press Alt + arrow keys.',
        );
        const chip = await screen.findByRole('button', { name: '9:00 AM Agenda post, Scheduled' });
        expect(chip).toHaveAccessibleDescription(hint.textContent ?? '');
        expect(chip).toHaveAttribute('draggable', 'false');
        chip.focus();

        await user.keyboard('{Alt>}{ArrowDown}{/Alt}');

        const moved = within(await dayList('Friday, November 27, 2026')).getByRole('button', {
          name: '9:00 AM Agenda post, Scheduled',
        });
        await waitFor(() => expect(moved).toHaveFocus());
        expect(screen.getByRole('region', { name: 'Upcoming' })).toBeInTheDocument();
      } finally {
        vi.unstubAllGlobals();
      }
    });
  });

  describe('published and publishing posts', () => {
    it('cannot be dragged or moved with the keyboard', async () => {
      const published = buildPost({
        topic: 'Already out',
        is_published: true,
        planned_at: localIso(10, 19, 9, 0),
        published_at: localIso(10, 19, 9, 1),
      });
      const publishing = buildPost({
        topic: 'Going out',
        planned_at: localIso(10, 19, 11, 0),
        publish_status: 'publishing',
      });
      // LinkedIn may already have it: only its Retry, which asks first, sends it again.
      const unconfirmed = buildPost({
        topic: 'Maybe out',
        planned_at: localIso(10, 19, 13, 0),
        publish_status: 'failed',
        publish_error_kind: 'unconfirmed',
      });
      const server = fakeServer([published, publishing, unconfirmed]);
      const { user } = renderCalendar(server);
      const day = await dayList('Thursday, November 19, 2026');
      const out = within(day).getByRole('button', { name: '9:01 AM Already out, Published' });
      const going = within(day).getByRole('button', { name: '11:00 AM Going out, Publishing' });
      const maybe = within(day).getByRole('button', { name: '1:00 PM Maybe out, Failed' });

      for (const chip of [out, going, maybe]) {
        expect(chip).toHaveAttribute('draggable', 'false');
        expect(chip).not.toHaveAttribute('aria-keyshortcuts');
        dragChip(chip, dayCell('Friday, November 20, 2026'));
        chip.focus();
        await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
      }
      expect(server.onPlanPost).not.toHaveBeenCalled();
      expect(
        screen.queryByRole('list', { name: 'Posts on Friday, November 20, 2026' }),
      ).not.toBeInTheDocument();
      expect(maybe).toHaveFocus();
    });
  });

  describe('Undo', () => {
    it('puts a moved draft back: no plan, a draft again on the day it was written', async () => {
      const draft = buildPost({ topic: 'Second thoughts', created_at: localIso(10, 10, 9, 0) });
      const server = fakeServer([draft]);
      const { user } = renderCalendar(server);
      const chip = within(await dayList('Tuesday, November 10, 2026')).getByRole('button', {
        name: '9:00 AM Second thoughts, Draft',
      });
      dragChip(chip, dayCell('Friday, November 20, 2026'));
      await moveNotice('Moved “Second thoughts” to Fri 20 Nov, 9:00 AM.');

      await user.click(screen.getByRole('button', { name: 'Undo' }));

      expect(server.onPlanPost).toHaveBeenLastCalledWith(draft.id, null);
      expect(await moveNotice('“Second thoughts” is a draft again.')).toBeInTheDocument();
      const back = within(await dayList('Tuesday, November 10, 2026')).getByRole('button', {
        name: '9:00 AM Second thoughts, Draft',
      });
      await waitFor(() => expect(back).toHaveFocus());
      expect(
        screen.queryByRole('list', { name: 'Posts on Friday, November 20, 2026' }),
      ).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    });

    it('puts a moved scheduled post back at its old time', async () => {
      const planned = buildPost({ topic: 'Rescheduled', planned_at: localIso(10, 20, 9, 0) });
      const server = fakeServer([planned]);
      const { user } = renderCalendar(server);
      (await screen.findByRole('button', { name: '9:00 AM Rescheduled, Scheduled' })).focus();
      await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
      await moveNotice('Moved “Rescheduled” to Sat 21 Nov, 9:00 AM.');

      await user.click(screen.getByRole('button', { name: 'Undo' }));

      expect(server.onPlanPost).toHaveBeenLastCalledWith(planned.id, new Date(2026, 10, 20, 9, 0));
      expect(await moveNotice('Moved “Rescheduled” back to Fri 20 Nov, 9:00 AM.')).toBeInTheDocument();
      expect(
        within(await dayList('Friday, November 20, 2026')).getByRole('button', {
          name: '9:00 AM Rescheduled, Scheduled',
        }),
      ).toBeInTheDocument();
    });

    it('offers no Undo when the old time has passed: putting it back would publish the post at once', async () => {
      const failed = buildPost({
        topic: 'Went wrong',
        planned_at: localIso(10, 12, 9, 0),
        publish_status: 'failed',
        publish_error: 'LinkedIn refused the post: test',
      });
      const server = fakeServer([failed]);
      const { user } = renderCalendar(server);
      (await screen.findByRole('button', { name: '9:00 AM Went wrong, Failed' })).focus();
      await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
      expect(await moveNotice('Moved “Went wrong” to Thu 19 Nov, 9:00 AM.')).toBeInTheDocument();
      expect(server.onPlanPost).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    });

    it('shows why an undo failed and keeps Undo to try again', async () => {
      const draft = buildPost({ topic: 'Stuck', created_at: localIso(10, 10, 9, 0) });
      const server = fakeServer([draft]);
      const { user } = renderCalendar(server);
      dragChip(
        await screen.findByRole('button', { name: '9:00 AM Stuck, Draft' }),
        dayCell('Friday, November 20, 2026'),
      );
      await moveNotice('Moved “Stuck” to Fri 20 Nov, 9:00 AM.');
      server.onPlanPost.mockRejectedValueOnce(new Error(''));

      await user.click(screen.getByRole('button', { name: 'Undo' }));

      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Could not plan the post. Please try again.',
      );
      expect(server.rows.get(draft.id)).toEqual(withPlan(draft, new Date(2026, 10, 20, 9, 0)));
      expect(screen.getByText('Moved “Stuck” to Fri 20 Nov, 9:00 AM.')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Undo' }));
      expect(await moveNotice('“Stuck” is a draft again.')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(server.rows.get(draft.id)).toEqual(draft);
    });
  });
});
