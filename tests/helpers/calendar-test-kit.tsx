/**
 * Test helpers for the calendar's component tests (src/features/calendar/components/*.test.tsx).
 * A small in-memory server stands in for the posts table: it answers a month by calendar day, the
 * Upcoming list by plan, and plans posts the way the database does (status and calendar day).
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { Post } from '@/entities/post/post';
import { CalendarPage, type CalendarPageProps } from '@/features/calendar/components/calendar-page';
import { postRow } from './post-row.ts';

export type LoadMonth = CalendarPageProps['loadMonth'];
export type PlanPost = CalendarPageProps['onPlanPost'];
export type LoadUpcoming = CalendarPageProps['loadUpcoming'];

/** Wednesday 18 November 2026, 10:30 local time. */
export const now = new Date(2026, 10, 18, 10, 30);

export const localIso = (monthIndex: number, day: number, hour: number, minute: number, year = 2026) =>
  new Date(year, monthIndex, day, hour, minute).toISOString();

let sequence = 0;

/** A post as the table returns it; dates are built from local time, as the app reads them. */
export function buildPost(overrides: Partial<Post> = {}): Post {
  sequence += 1;
  return postRow({
    id: `post-${sequence}`,
    user_id: 'user-1',
    topic: `Topic ${sequence}`,
    content: `Content of post ${sequence}`,
    is_published: false,
    created_at: localIso(10, 10, 9, 0),
    ...overrides,
  });
}

/** The row after the database applies a new plan: scheduled with a time, a draft without one. */
export function withPlan(post: Post, plannedAt: Date | null): Post {
  const planned = plannedAt?.toISOString() ?? null;
  return {
    ...post,
    planned_at: planned,
    publish_status: planned ? 'scheduled' : 'draft',
    calendar_at: post.published_at ?? planned ?? post.created_at,
  };
}

const going = new Set<Post['publish_status']>(['scheduled', 'publishing', 'failed']);

export function fakeServer(initial: Post[]) {
  const rows = new Map(initial.map((post) => [post.id, post]));
  const all = () => [...rows.values()];
  return {
    rows,
    loadMonth: vi.fn<LoadMonth>(async (from, to) =>
      all()
        .filter((post) => new Date(post.calendar_at) >= from && new Date(post.calendar_at) < to)
        .sort((a, b) => Date.parse(a.calendar_at) - Date.parse(b.calendar_at)),
    ),
    loadUpcoming: vi.fn<LoadUpcoming>(async (limit) =>
      all()
        .filter((post) => post.planned_at !== null && going.has(post.publish_status))
        .sort((a, b) => Date.parse(a.planned_at ?? '') - Date.parse(b.planned_at ?? ''))
        .slice(0, limit),
    ),
    onPlanPost: vi.fn<PlanPost>(async (id, plannedAt) => {
      const row = rows.get(id);
      if (!row) throw new Error(`No post ${id}`);
      const planned = withPlan(row, plannedAt);
      rows.set(id, planned);
      return planned;
    }),
    /** The server's publisher posts it to LinkedIn at `at`. */
    publish(id: string, at: Date) {
      const row = rows.get(id);
      if (!row) throw new Error(`No post ${id}`);
      const published = at.toISOString();
      rows.set(id, { ...row, publish_status: 'published', published_at: published, calendar_at: published });
    },
  };
}

export type FakeServer = ReturnType<typeof fakeServer>;

export function renderCalendar(server: FakeServer, props: Partial<CalendarPageProps> = {}) {
  // With fake timers (the live-status tests), user-event's pauses must move them on.
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  render(
    <CalendarPage
      loadMonth={server.loadMonth}
      onUpdatePost={async () => {
        throw new Error('Not edited in these tests');
      }}
      onPlanPost={server.onPlanPost}
      loadUpcoming={server.loadUpcoming}
      now={now}
      {...props}
    />,
  );
  return { user };
}

/** The list of posts on a day of the grid, e.g. "Friday, November 20, 2026". */
export const dayList = (fullDate: string) => screen.findByRole('list', { name: `Posts on ${fullDate}` });

/** A day cell of the grid, named by its full date. */
export const dayCell = (fullDate: string) => screen.getByRole('cell', { name: new RegExp(`^${fullDate}`) });

/**
 * Drags a chip onto a day cell with the events a browser sends. jsdom has no DataTransfer, so a
 * small stand-in carries the data from dragstart to drop (and hides nothing, unlike a browser).
 */
export function dragChip(chip: HTMLElement, cell: HTMLElement) {
  const data = new Map<string, string>();
  const dataTransfer = {
    get types() {
      return [...data.keys()];
    },
    setData: (type: string, value: string) => data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    dropEffect: 'none',
    effectAllowed: 'all',
  };
  fireEvent.dragStart(chip, { dataTransfer });
  fireEvent.dragEnter(cell, { dataTransfer });
  fireEvent.dragOver(cell, { dataTransfer });
  fireEvent.drop(cell, { dataTransfer });
  fireEvent.dragEnd(chip, { dataTransfer });
  return dataTransfer;
}

/** A promise the test settles by hand, to look at the page while a save is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The post chips in a list of the calendar (a day, the agenda), without the "Move to…" buttons beside them. */
export const chipsIn = (list: HTMLElement): HTMLElement[] =>
  within(list)
    .getAllByRole('button')
    .filter((button) => button.hasAttribute('data-post-id'));
