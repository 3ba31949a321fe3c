import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Post } from '@/entities/post/post';
import { CalendarPage, type CalendarPageProps } from './calendar-page';
import { expectConsole } from '../../../../tests/helpers/console-guard.ts';
import {
  buildPost,
  chipsIn,
  dayList,
  deferred,
  localIso,
  now,
} from '../../../../tests/helpers/calendar-test-kit.tsx';

type LoadMonth = CalendarPageProps['loadMonth'];
type UpdatePost = CalendarPageProps['onUpdatePost'];

/** A fake backend: answers each month with the posts whose calendar day is in [from, to), like the real query. */
function backend(posts: Post[]): LoadMonth {
  return async (from, to) =>
    posts.filter((post) => new Date(post.calendar_at) >= from && new Date(post.calendar_at) < to);
}

function renderCalendar({
  posts = [],
  loadMonth,
  onUpdatePost,
}: { posts?: Post[]; loadMonth?: LoadMonth; onUpdatePost?: UpdatePost } = {}) {
  const load = vi.fn<LoadMonth>(loadMonth ?? backend(posts));
  const update = vi.fn<UpdatePost>(
    onUpdatePost ??
      (async (id, content) => {
        const post = posts.find((candidate) => candidate.id === id);
        if (!post) throw new Error(`No post ${id}`);
        return { ...post, content };
      }),
  );
  const user = userEvent.setup();
  render(
    <CalendarPage
      loadMonth={load}
      onUpdatePost={update}
      onPlanPost={async () => {
        throw new Error('Not planned in these tests');
      }}
      loadUpcoming={async () => []}
      now={now}
    />,
  );
  return { user, loadMonth: load, onUpdatePost: update };
}

const monthTitle = () => screen.getByRole('heading', { level: 2 });

describe('CalendarPage', () => {
  describe('the month grid', () => {
    it('shows the title, the month and year, and the seven weekday columns Sunday to Saturday', async () => {
      renderCalendar();
      expect(screen.getByRole('heading', { level: 1, name: 'Content Calendar' })).toBeInTheDocument();
      expect(monthTitle()).toHaveTextContent('November 2026');
      expect(screen.getByRole('table', { name: 'November 2026' })).toBeInTheDocument();
      const headers = screen.getAllByRole('columnheader');
      expect(headers).toHaveLength(7);
      ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].forEach(
        (name, index) => {
          expect(headers[index]).toHaveAccessibleName(name);
        },
      );
      expect(screen.getByRole('button', { name: 'Previous month' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Next month' })).toBeInTheDocument();
      expect(await screen.findByText('No posts scheduled for November 2026')).toBeInTheDocument();
    });

    it('has five weeks for November 2026 and highlights today as the current date', async () => {
      renderCalendar();
      await screen.findByText('No posts scheduled for November 2026');
      // One header row plus five weeks (1 November 2026 is a Sunday; 30 days).
      expect(screen.getAllByRole('row')).toHaveLength(6);
      const today = screen.getByRole('cell', { current: 'date' });
      expect(today).toHaveTextContent('Wednesday, November 18, 2026');
      expect(
        screen.getAllByRole('cell').filter((cell) => cell.getAttribute('aria-current') === 'date'),
      ).toHaveLength(1);
    });

    it('asks for the days the grid shows: [local midnight of its first Sunday, local midnight after its last Saturday)', async () => {
      const { loadMonth } = renderCalendar();
      await screen.findByText('No posts scheduled for November 2026');
      expect(loadMonth).toHaveBeenCalledTimes(1);
      // November 2026 starts on a Sunday; its last week ends on Saturday 5 December.
      expect(loadMonth).toHaveBeenCalledWith(new Date(2026, 10, 1), new Date(2026, 11, 6));
    });

    it('shows each post on its local day with its time and topic, green and "Published" or blue and "Draft"', async () => {
      renderCalendar({
        posts: [
          buildPost({ topic: 'Launch recap', is_published: true, created_at: localIso(10, 5, 14, 5) }),
          buildPost({ topic: 'Hiring thoughts', is_published: false, created_at: localIso(10, 5, 9, 0) }),
          buildPost({ topic: 'Late night idea', created_at: localIso(10, 30, 23, 30) }),
          buildPost({ topic: 'Start of the month', created_at: localIso(10, 1, 0, 30) }),
        ],
      });
      const fifth = await dayList('Thursday, November 5, 2026');
      const [first, second] = chipsIn(fifth);
      expect(first).toHaveAccessibleName('9:00 AM Hiring thoughts, Draft');
      expect(first).toHaveClass('bg-blue-50', 'border-blue-600');
      expect(second).toHaveAccessibleName('2:05 PM Launch recap, Published');
      expect(second).toHaveClass('bg-green-50', 'border-green-600');
      expect(within(second!).getByText('2:05 PM')).toBeInTheDocument();
      expect(within(second!).getByText(/Launch recap/)).toBeInTheDocument();

      expect(
        within(await dayList('Monday, November 30, 2026')).getByRole('button', {
          name: '11:30 PM Late night idea, Draft',
        }),
      ).toBeInTheDocument();
      expect(
        within(await dayList('Sunday, November 1, 2026')).getByRole('button', {
          name: '12:30 AM Start of the month, Draft',
        }),
      ).toBeInTheDocument();
      expect(screen.queryByText(/No posts scheduled/)).not.toBeInTheDocument();
    });

    it('shows three posts of a busy day and a "+N more" button that reveals the rest', async () => {
      const posts = [8, 9, 10, 11, 12].map((hour) =>
        buildPost({ topic: `Post at ${hour}`, created_at: localIso(10, 12, hour, 0) }),
      );
      const { user } = renderCalendar({ posts });
      const day = await dayList('Thursday, November 12, 2026');
      expect(chipsIn(day).map((button) => button.title)).toEqual(['Post at 8', 'Post at 9', 'Post at 10']);

      const more = screen.getByRole('button', { name: '+2 more' });
      expect(more).toHaveAttribute('aria-expanded', 'false');
      await user.click(more);
      expect(chipsIn(day)).toHaveLength(5);
      expect(within(day).getByRole('button', { name: '12:00 PM Post at 12, Draft' })).toBeInTheDocument();
      expect(more).toHaveAttribute('aria-expanded', 'true');
      expect(more).toHaveAccessibleName('Show fewer');

      await user.click(more);
      expect(chipsIn(day)).toHaveLength(3);
    });

    it('says "No posts scheduled for {month}" for an empty month', async () => {
      const { user } = renderCalendar({ posts: [buildPost({ created_at: localIso(10, 3, 12, 0) })] });
      await dayList('Tuesday, November 3, 2026');
      await user.click(screen.getByRole('button', { name: 'Next month' }));
      expect(await screen.findByText('No posts scheduled for December 2026')).toBeInTheDocument();
    });
  });

  describe('month navigation', () => {
    it('loads the previous and next months with their [from, to) ranges, across a year end, and "Today" comes back', async () => {
      const { user, loadMonth } = renderCalendar();
      await screen.findByText('No posts scheduled for November 2026');

      await user.click(screen.getByRole('button', { name: 'Previous month' }));
      expect(monthTitle()).toHaveTextContent('October 2026');
      expect(loadMonth).toHaveBeenLastCalledWith(new Date(2026, 8, 27), new Date(2026, 10, 1));
      await screen.findByText('No posts scheduled for October 2026');

      await user.click(screen.getByRole('button', { name: 'Next month' }));
      await user.click(screen.getByRole('button', { name: 'Next month' }));
      expect(monthTitle()).toHaveTextContent('December 2026');
      expect(loadMonth).toHaveBeenLastCalledWith(new Date(2026, 10, 29), new Date(2027, 0, 3));

      await user.click(screen.getByRole('button', { name: 'Next month' }));
      expect(monthTitle()).toHaveTextContent('January 2027');
      expect(loadMonth).toHaveBeenLastCalledWith(new Date(2026, 11, 27), new Date(2027, 1, 7));
      await screen.findByText('No posts scheduled for January 2027');
      expect(screen.queryByRole('cell', { current: 'date' })).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Today' }));
      expect(monthTitle()).toHaveTextContent('November 2026');
      expect(loadMonth).toHaveBeenLastCalledWith(new Date(2026, 10, 1), new Date(2026, 11, 6));
      expect(await screen.findByRole('cell', { current: 'date' })).toHaveTextContent(
        'Wednesday, November 18, 2026',
      );
    });

    it('shows a loading state while the month loads, and ignores a late answer for a month already left', async () => {
      const november = deferred<Post[]>();
      const { user } = renderCalendar({
        loadMonth: async (from) =>
          from.getTime() === new Date(2026, 10, 1).getTime() ? november.promise : [],
      });
      expect(screen.getByRole('status')).toHaveTextContent('Loading posts...');
      expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');

      await user.click(screen.getByRole('button', { name: 'Next month' }));
      expect(await screen.findByText('No posts scheduled for December 2026')).toBeInTheDocument();
      november.resolve([buildPost({ topic: 'Stale November post', created_at: localIso(10, 20, 9, 0) })]);
      await november.promise;
      expect(screen.getByText('No posts scheduled for December 2026')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Stale November post/ })).not.toBeInTheDocument();
    });

    it('shows the error message with "Try Again", which loads the month again', async () => {
      const posts = [buildPost({ topic: 'Recovered post', created_at: localIso(10, 9, 8, 0) })];
      let failures = 1;
      const { user, loadMonth } = renderCalendar({
        loadMonth: async (from, to) => {
          if (failures-- > 0) throw new Error('Connection interrupted. Reconnecting...');
          return backend(posts)(from, to);
        },
      });
      expect(await screen.findByRole('alert')).toHaveTextContent('Connection interrupted. Reconnecting...');

      await user.click(screen.getByRole('button', { name: 'Try Again' }));
      expect(
        await screen.findByRole('button', { name: '8:00 AM Recovered post, Draft' }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(loadMonth).toHaveBeenCalledTimes(2);
      expect(loadMonth).toHaveBeenLastCalledWith(new Date(2026, 10, 1), new Date(2026, 11, 6));
    });
  });

  describe('the post dialog', () => {
    const post = buildPost({
      topic: 'Why we ship on Fridays',
      content: 'We ship **bold** changes.\n\n- small\n- often',
      is_published: true,
      created_at: localIso(10, 5, 14, 5),
    });

    async function openPost(options: Parameters<typeof renderCalendar>[0] = { posts: [post] }) {
      const rendered = renderCalendar(options);
      const trigger = await screen.findByRole('button', {
        name: '2:05 PM Why we ship on Fridays, Published',
      });
      await rendered.user.click(trigger);
      const dialog = screen.getByRole('dialog', { name: 'Why we ship on Fridays' });
      return { ...rendered, trigger, dialog };
    }

    it('shows the topic, the long date and time, the status and the content rendered as markdown', async () => {
      const { dialog } = await openPost();
      expect(dialog).toHaveAttribute('aria-modal', 'true');
      expect(within(dialog).getByRole('heading', { name: 'Why we ship on Fridays' })).toBeInTheDocument();
      expect(within(dialog).getByText('Thursday, November 5, 2026 at 2:05 PM')).toBeInTheDocument();
      expect(within(dialog).getByText('Published')).toBeInTheDocument();
      const bold = await within(dialog).findByText('bold');
      expect(bold.tagName).toBe('STRONG');
      expect(
        within(dialog)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['small', 'often']);
      expect(within(dialog).getByRole('button', { name: 'Edit Post' })).toBeInTheDocument();
    });

    it('takes focus when it opens, keeps Tab inside, and Escape closes it and gives focus back to the post', async () => {
      const { user, trigger, dialog } = await openPost();
      expect(dialog).toHaveFocus();
      await within(dialog).findByText('bold');
      await user.tab();
      expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
      await user.tab();
      expect(within(dialog).getByRole('button', { name: 'Edit Post' })).toHaveFocus();
      await user.tab();
      expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(trigger).toHaveFocus();
    });

    it('closes with the Close button and gives focus back to the post', async () => {
      const { user, trigger, dialog } = await openPost();
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(trigger).toHaveFocus();
    });

    it('edits the content: Edit Post, the "Post content" textarea, Save Changes, then the new content in the dialog and the grid', async () => {
      const { user, dialog, onUpdatePost } = await openPost();
      await user.click(within(dialog).getByRole('button', { name: 'Edit Post' }));
      const textarea = within(dialog).getByRole('textbox', { name: 'Post content' });
      expect(textarea).toHaveValue(post.content);
      expect(textarea).toHaveFocus();

      await user.clear(textarea);
      await user.type(textarea, 'Now with *emphasis*');
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

      expect(onUpdatePost).toHaveBeenCalledExactlyOnceWith(post.id, 'Now with *emphasis*', undefined);
      expect((await within(dialog).findByText('emphasis')).tagName).toBe('EM');
      expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Edit Post' })).toHaveFocus();

      // The grid holds the saved post: reopening shows the new content.
      await user.keyboard('{Escape}');
      await user.click(screen.getByRole('button', { name: '2:05 PM Why we ship on Fridays, Published' }));
      expect((await within(screen.getByRole('dialog')).findByText('emphasis')).tagName).toBe('EM');
    });

    it('Cancel leaves edit mode without saving', async () => {
      const { user, dialog, onUpdatePost } = await openPost();
      await user.click(within(dialog).getByRole('button', { name: 'Edit Post' }));
      await user.type(within(dialog).getByRole('textbox', { name: 'Post content' }), ' and more');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
      expect(await within(dialog).findByText('bold')).toBeInTheDocument();
      expect(within(dialog).queryByText(/and more/)).not.toBeInTheDocument();
      expect(onUpdatePost).not.toHaveBeenCalled();
    });

    it('keeps the edited text after a failed save, says so, logs the error, and saves on a retry', async () => {
      const consoleError = expectConsole('error');
      const failure = new Error('Database row level security policy violation');
      let failures = 1;
      const { user, dialog, onUpdatePost } = await openPost({
        posts: [post],
        onUpdatePost: async (id, content) => {
          if (failures-- > 0) throw failure;
          return { ...post, id, content };
        },
      });
      await user.click(within(dialog).getByRole('button', { name: 'Edit Post' }));
      const textarea = within(dialog).getByRole('textbox', { name: 'Post content' });
      await user.clear(textarea);
      await user.type(textarea, 'My carefully written rewrite');
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Could not save your changes. Your text is still here — please try again.',
      );
      expect(within(dialog).getByRole('textbox', { name: 'Post content' })).toHaveValue(
        'My carefully written rewrite',
      );
      expect(consoleError).toHaveBeenCalledWith(expect.any(String), failure);

      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      expect(await within(dialog).findByText('My carefully written rewrite')).toBeInTheDocument();
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      expect(onUpdatePost).toHaveBeenCalledTimes(2);
    });
  });

  it('renders HTML and script in topics and content as text, never as elements', async () => {
    const payload =
      '<img src=x onerror="window.__calendarXss = true"><script>window.__calendarXss = true</script>';
    const hostile = buildPost({
      topic: '<img src=x onerror=alert(1)>',
      content: `Before ${payload} after`,
      created_at: localIso(10, 6, 10, 0),
    });
    const { user } = renderCalendar({ posts: [hostile] });

    const chip = await screen.findByRole('button', { name: '10:00 AM <img src=x onerror=alert(1)>, Draft' });
    expect(chip).toHaveTextContent('<img src=x onerror=alert(1)>');
    await user.click(chip);
    const dialog = screen.getByRole('dialog', { name: '<img src=x onerror=alert(1)>' });
    expect(within(dialog).getByRole('heading', { name: '<img src=x onerror=alert(1)>' })).toBeInTheDocument();
    expect(await within(dialog).findByText(/Before/)).toBeInTheDocument();

    expect(document.body.querySelectorAll('img, script, iframe')).toHaveLength(0);
    expect((window as unknown as { __calendarXss?: boolean }).__calendarXss).toBeUndefined();

    await user.click(within(dialog).getByRole('button', { name: 'Edit Post' }));
    expect(within(dialog).getByRole('textbox', { name: 'Post content' })).toHaveValue(hostile.content);
    expect(document.body.querySelectorAll('img, script, iframe')).toHaveLength(0);
  });
});
