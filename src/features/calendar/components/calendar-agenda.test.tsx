import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Post } from '@/entities/post/post';
import { browserTimeZone } from '@/lib/format/time-zone';
import { groupPostsByDay } from '../month-grid';
import { CalendarAgenda } from './calendar-agenda';
import { postRow } from '../../../../tests/helpers/post-row.ts';

const post = (id: string, topic: string, day: number, hour: number, is_published = false): Post =>
  postRow({
    id,
    user_id: 'user-1',
    topic,
    content: `Content of ${topic}`,
    is_published,
    created_at: new Date(2026, 10, day, hour, 0).toISOString(),
  });

const longTopic =
  'How a five-person team replaced three weekly status meetings with one written update and won back six hours';

function renderAgenda(posts: Post[]) {
  const onOpenPost = vi.fn();
  render(
    <>
      <h2 id="month">November 2026</h2>
      <CalendarAgenda
        postsByDay={groupPostsByDay(posts, browserTimeZone())}
        today={new Date(2026, 10, 18)}
        timeZone={browserTimeZone()}
        labelledBy="month"
        busy={false}
        onOpenPost={onOpenPost}
      />
    </>,
  );
  return { user: userEvent.setup(), onOpenPost };
}

describe('CalendarAgenda (the month on narrow pages)', () => {
  it('lists the days that have posts, in order, each with its date and posts in time order', () => {
    renderAgenda([
      post('b', 'Hiring thoughts', 18, 15),
      post('a', 'Launch recap', 5, 9, true),
      post('c', 'Morning note', 18, 8),
    ]);
    const agenda = screen.getByRole('list', { name: 'November 2026' });
    expect(agenda.children).toHaveLength(2);
    const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Thursday, November 5', 'Wednesday, November 18Today']);

    const fifth = screen.getByRole('list', { name: 'Posts on Thursday, November 5, 2026' });
    expect(within(fifth).getByRole('button')).toHaveAccessibleName('9:00 AM Launch recap, Published');
    const eighteenth = screen.getByRole('list', { name: 'Posts on Wednesday, November 18, 2026' });
    expect(
      within(eighteenth)
        .getAllByRole('button')
        .map((chip) => chip.getAttribute('aria-label')),
    ).toEqual(['8:00 AM Morning note, Draft', '3:00 PM Hiring thoughts, Draft']);
  });

  it('marks today as the current date', () => {
    renderAgenda([post('a', 'Launch recap', 5, 9), post('b', 'Today post', 18, 9)]);
    const today = screen.getByRole('listitem', { current: 'date' });
    expect(today).toHaveTextContent('Wednesday, November 18');
    expect(within(today).getByText('Today')).toBeInTheDocument();
  });

  it('shows the whole topic, green for published and blue for drafts, and opens a post on click', async () => {
    const { user, onOpenPost } = renderAgenda([post('a', longTopic, 5, 9), post('b', 'Shipped', 6, 9, true)]);
    const chip = screen.getByRole('button', { name: `9:00 AM ${longTopic}, Draft` });
    expect(within(chip).getByText(longTopic)).not.toHaveClass('truncate', 'line-clamp-2');
    expect(chip).toHaveClass('bg-blue-50');
    expect(screen.getByRole('button', { name: '9:00 AM Shipped, Published' })).toHaveClass('bg-green-50');
    await user.click(chip);
    expect(onOpenPost).toHaveBeenCalledWith(expect.objectContaining({ id: 'a' }));
  });

  it('is an empty list for a month without posts (the status line above says so)', () => {
    renderAgenda([]);
    expect(screen.getByRole('list', { name: 'November 2026' })).toBeEmptyDOMElement();
  });
});
