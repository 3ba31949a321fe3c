import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '@/entities/post/post';
import { useScheduleStore } from '../../queue/schedule-store';
import { postRow } from '../../../../../tests/helpers/post-row.ts';
import { PublishStatus } from './publish-status';

// Local times, so the strings read the same in any time zone.
const nineAm = new Date(2026, 10, 27, 9, 0);
const now = new Date(2026, 10, 26, 12, 0);

function buildPost(overrides: Partial<Post> = {}): Post {
  return postRow({
    id: 'p1',
    user_id: 'u1',
    topic: 'Launch',
    content: 'We shipped it.\n\nThanks, team.',
    is_published: false,
    created_at: '2026-11-20T10:00:00Z',
    ...overrides,
  });
}

function renderStatus(post: Post, props: Partial<Parameters<typeof PublishStatus>[0]> = {}) {
  const handlers = { onRetry: vi.fn(), onMarkPublished: vi.fn(async () => {}) };
  const user = userEvent.setup();
  const { container } = render(
    <MemoryRouter>
      <PublishStatus post={post} connected now={now} {...handlers} {...props} />
    </MemoryRouter>,
  );
  return { user, container, ...handlers, ...props };
}

describe('PublishStatus', () => {
  it('says nothing about a draft', () => {
    const { container } = renderStatus(buildPost());
    expect(container).toBeEmptyDOMElement();
  });

  it('shows when a scheduled post is planned for', () => {
    renderStatus(buildPost({ planned_at: nineAm.toISOString() }));
    expect(screen.getByText('Planned for Fri 27 Nov, 9:00 AM')).toBeInTheDocument();
  });

  it('shows why a scheduled post is being tried again, and when', () => {
    renderStatus(
      buildPost({
        planned_at: nineAm.toISOString(),
        publish_error_kind: 'retrying',
        publish_error: 'LinkedIn could not be reached. Trying again shortly (attempt 2 of 3).',
        publish_attempts: 1,
        next_attempt_at: new Date(2026, 10, 27, 9, 5).toISOString(),
      }),
    );
    expect(
      screen.getByText('LinkedIn could not be reached. Trying again shortly (attempt 2 of 3).'),
    ).toBeInTheDocument();
    expect(screen.getByText('Next try at 9:05 AM')).toBeInTheDocument();
  });

  it('sends a post waiting for LinkedIn to be reconnected to Settings', () => {
    renderStatus(
      buildPost({
        planned_at: nineAm.toISOString(),
        publish_error_kind: 'reconnect',
        publish_error: 'Reconnect LinkedIn in Settings; the post stays scheduled.',
      }),
    );
    expect(screen.getByText(/the post stays scheduled\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reconnect LinkedIn' })).toHaveAttribute('href', '/settings');
  });

  it('shows a post on its way', () => {
    renderStatus(buildPost({ publish_status: 'publishing' }));
    expect(screen.getByText('Publishing to LinkedIn…')).toBeInTheDocument();
  });

  it('links a post published on LinkedIn, in a new tab', () => {
    renderStatus(
      buildPost({
        is_published: true,
        published_at: nineAm.toISOString(),
        linkedin_post_url: 'https://www.linkedin.com/feed/update/urn:li:share:7123456789012345678',
      }),
    );
    expect(screen.getByText('Published on LinkedIn on 27 Nov, 9:00 AM')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'View on LinkedIn' });
    expect(link).toHaveAttribute(
      'href',
      'https://www.linkedin.com/feed/update/urn:li:share:7123456789012345678',
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  describe('the first comment of a published post', () => {
    const published = (overrides: Partial<Post>) =>
      buildPost({
        is_published: true,
        published_at: nineAm.toISOString(),
        linkedin_post_url: 'https://www.linkedin.com/feed/update/urn:li:share:7123456789012345678',
        first_comment: 'Slides: https://example.com/s',
        ...overrides,
      });
    const reason = 'LinkedIn refused the comment: ERROR :: /message/text :: too long';

    it('says it was posted', () => {
      renderStatus(published({ first_comment_status: 'posted' }));
      expect(screen.getByText('First comment posted')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    });

    it('shows it on its way', () => {
      renderStatus(published({ first_comment_status: 'sending' }));
      expect(screen.getByText('Posting the first comment…')).toBeInTheDocument();
    });

    it('says nothing of a post without one', () => {
      renderStatus(published({ first_comment: null }));
      expect(screen.queryByText(/first comment/i)).not.toBeInTheDocument();
    });

    it('says why it failed, with "Retry" for the comment alone, busy while it retries', async () => {
      let finish: () => void = () => {};
      const onRetryFirstComment = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
      const { user, onRetry } = renderStatus(
        published({ first_comment_status: 'failed', first_comment_error: reason }),
        { onRetryFirstComment },
      );
      expect(screen.getByText('Published; the first comment could not be posted')).toBeVisible();
      expect(screen.getByText(reason)).toBeVisible();
      const retry = screen.getByRole('button', { name: 'Retry' });
      expect(retry).toHaveAccessibleDescription(`Published; the first comment could not be posted ${reason}`);
      await user.click(retry);
      const busy = screen.getByRole('button', { name: 'Retrying…' });
      expect(busy).toBeDisabled();
      await user.click(busy);
      expect(onRetryFirstComment).toHaveBeenCalledOnce();
      expect(onRetry).not.toHaveBeenCalled();
      finish();
      expect(await screen.findByRole('button', { name: 'Retry' })).toBeEnabled();
    });

    it("shows a failed retry's reason once, and lets the author try again", async () => {
      const onRetryFirstComment = vi
        .fn<() => Promise<void>>()
        .mockRejectedValueOnce(new Error('Connect LinkedIn in Settings first.'))
        .mockRejectedValueOnce(new Error('Connect LinkedIn in Settings first.'));
      const { user } = renderStatus(
        published({ first_comment_status: 'failed', first_comment_error: reason }),
        { onRetryFirstComment },
      );
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Connect LinkedIn in Settings first.');
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      await vi.waitFor(() => expect(onRetryFirstComment).toHaveBeenCalledTimes(2));
      expect(screen.getAllByText('Connect LinkedIn in Settings first.')).toHaveLength(1);
    });

    it('offers no Retry while LinkedIn is not connected', () => {
      renderStatus(published({ first_comment_status: 'failed', first_comment_error: reason }), {
        connected: false,
        onRetryFirstComment: vi.fn(async () => {}),
      });
      expect(screen.getByRole('button', { name: 'Retry' })).toBeDisabled();
    });
  });

  it('adds nothing to a post marked published by hand', () => {
    const { container } = renderStatus(buildPost({ is_published: true }));
    expect(container).toBeEmptyDOMElement();
  });

  it('shows why a post failed, quietly, with "Retry"', async () => {
    const { user, onRetry } = renderStatus(
      buildPost({
        publish_status: 'failed',
        publish_error_kind: 'rejected',
        publish_error: 'LinkedIn refused the post: the image is not finished uploading.',
      }),
    );
    expect(screen.getByText('LinkedIn refused the post: the image is not finished uploading.')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('asks before publishing again a post LinkedIn may already have', async () => {
    const { user, onRetry } = renderStatus(
      buildPost({
        publish_status: 'failed',
        publish_error_kind: 'unconfirmed',
        publish_error: 'LinkedIn did not answer in time.',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      screen.getByText('LinkedIn may already have this post. Check your profile first. Publish it again?'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onRetry).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await user.click(screen.getByRole('button', { name: 'Publish again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('reminds the author to post a due post by hand when LinkedIn is not connected', async () => {
    const post = buildPost({ planned_at: new Date(2026, 10, 26, 11, 0).toISOString() });
    const { user, onMarkPublished } = renderStatus(post, { connected: false });
    expect(
      screen.getByText(
        "It's time to post this. LinkedIn isn't connected, so copy the text and post it yourself.",
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy text' }));
    expect(await navigator.clipboard.readText()).toBe(post.content);
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark as published' }));
    expect(onMarkPublished).toHaveBeenCalledOnce();
  });

  it('shows why marking a due post as published failed', async () => {
    const { user } = renderStatus(buildPost({ planned_at: new Date(2026, 10, 26, 11, 0).toISOString() }), {
      connected: false,
      onMarkPublished: vi.fn(async () => Promise.reject(new Error('Could not update the post'))),
    });
    await user.click(screen.getByRole('button', { name: 'Mark as published' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not update the post');
  });

  it.each([
    ['connected', true, new Date(2026, 10, 26, 11, 0)],
    ['not yet known to be connected', null, new Date(2026, 10, 26, 11, 0)],
    ['not due yet', false, nineAm],
  ])('has no reminder for a post when LinkedIn is %s', (_case, connected, plannedAt) => {
    renderStatus(buildPost({ planned_at: plannedAt.toISOString() }), { connected });
    expect(screen.queryByText(/It's time to post this/)).not.toBeInTheDocument();
  });
});

describe('PublishStatus in the zone chosen in Settings → Schedule', () => {
  afterEach(() => {
    // Unmounted first: the reset would otherwise update a status still on the page.
    cleanup();
    useScheduleStore.getState().reset();
  });

  it('says when a post is planned for, and when it went out, on that zone’s clock', () => {
    useScheduleStore.setState({
      schedule: { timeZone: 'America/Los_Angeles', slots: [] },
      loaded: true,
      error: null,
    });
    renderStatus(buildPost({ publish_status: 'scheduled', planned_at: '2026-11-27T17:00:00.000Z' }));
    expect(screen.getByText('Planned for Fri 27 Nov, 9:00 AM')).toBeInTheDocument();
    cleanup();
    renderStatus(
      buildPost({
        publish_status: 'published',
        published_at: '2026-11-28T03:30:00.000Z',
        linkedin_post_url: 'https://www.linkedin.com/feed/update/urn:li:share:1/',
      }),
    );
    expect(screen.getByText('Published on LinkedIn on 27 Nov, 7:30 PM')).toBeInTheDocument();
  });
});
