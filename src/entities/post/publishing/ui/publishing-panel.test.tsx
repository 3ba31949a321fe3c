import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Post } from '@/entities/post/post';
import { postRow } from '../../../../../tests/helpers/post-row.ts';
import { PublishingPanel } from './publishing-panel';
import { linkedinConnectedAs, linkedinNotConnected } from '../../../../../tests/helpers/linkedin-status.ts';

const now = new Date(2026, 10, 26, 12, 0);
const url = 'https://www.linkedin.com/feed/update/urn:li:share:7123456789012345678';

const connected = linkedinConnectedAs('Ada Lovelace');
const notConnected = linkedinNotConnected;

function buildPost(overrides: Partial<Post> = {}): Post {
  return postRow({
    id: 'p1',
    user_id: 'u1',
    topic: 'Launch',
    content: 'We shipped it.',
    is_published: false,
    created_at: '2026-11-20T10:00:00Z',
    ...overrides,
  });
}

function renderPanel(props: Partial<Parameters<typeof PublishingPanel>[0]> = {}) {
  const post = props.post ?? buildPost();
  const handlers = {
    // As the database answers: planning a post makes it scheduled.
    onPlan: vi.fn(async (plannedAt: Date | null) =>
      buildPost({ planned_at: plannedAt?.toISOString() ?? null }),
    ),
    onPublish: vi.fn(async () =>
      buildPost({ is_published: true, published_at: now.toISOString(), linkedin_post_url: url }),
    ),
    onMarkPublished: vi.fn(async () => buildPost({ is_published: true })),
    onPostChange: vi.fn(),
  };
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <PublishingPanel post={post} linkedin={connected} now={now} {...handlers} {...props} />
    </MemoryRouter>,
  );
  return { user, ...handlers, ...props };
}

describe('PublishingPanel', () => {
  it('publishes after the confirmation and links the post on LinkedIn', async () => {
    const { user, onPublish, onPostChange } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Publish to LinkedIn?' });
    expect(dialog).toHaveAccessibleDescription('As Ada Lovelace');
    expect(within(dialog).getByText('We shipped it.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Publish now' }));

    expect(await screen.findByRole('link', { name: 'View on LinkedIn' })).toHaveAttribute('href', url);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Published on LinkedIn.');
    expect(onPublish).toHaveBeenCalledOnce();
    expect(onPostChange).toHaveBeenCalledWith(expect.objectContaining({ linkedin_post_url: url }));
    // A published post has nothing left to plan or publish.
    expect(screen.queryByLabelText('Planned for')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish now' })).not.toBeInTheDocument();
  });

  it('says why when LinkedIn took the request but the post did not go out', async () => {
    const { user } = renderPanel({
      onPublish: vi.fn(async () =>
        buildPost({
          publish_status: 'failed',
          publish_error_kind: 'rejected',
          publish_error: 'LinkedIn refused the post: duplicate content.',
        }),
      ),
    });
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'LinkedIn refused the post: duplicate content.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows the first comment in the confirmation, and says when the post went out without it', async () => {
    const reason =
      'LinkedIn did not confirm the first comment, so it may already be under your post. Check LinkedIn before you retry.';
    const { user } = renderPanel({
      post: buildPost({ first_comment: 'Sources below.' }),
      onPublish: vi.fn(async () =>
        buildPost({
          is_published: true,
          published_at: now.toISOString(),
          linkedin_post_url: url,
          first_comment: 'Sources below.',
          first_comment_status: 'failed',
          first_comment_error: reason,
        }),
      ),
    });
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Publish to LinkedIn?' });
    expect(within(dialog).getByRole('figure', { name: 'First comment' })).toHaveTextContent('Sources below.');
    await user.click(within(dialog).getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Published; the first comment could not be posted: ${reason}`,
    );
    expect(screen.getByRole('link', { name: 'View on LinkedIn' })).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeVisible();
  });

  it('retries only the first comment, once, and shows it posted', async () => {
    const failed = buildPost({
      is_published: true,
      published_at: now.toISOString(),
      linkedin_post_url: url,
      first_comment: 'Sources below.',
      first_comment_status: 'failed',
      first_comment_error: 'LinkedIn refused the comment: Bad Request',
    });
    const onRetryFirstComment = vi.fn(async () => ({ ...failed, first_comment_status: 'posted' as const }));
    const { user, onPublish, onPostChange } = renderPanel({ post: failed, onRetryFirstComment });
    expect(screen.getByText('Published; the first comment could not be posted')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('First comment posted')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('First comment posted.');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(onRetryFirstComment).toHaveBeenCalledOnce();
    expect(onPublish).not.toHaveBeenCalled();
    expect(onPostChange).toHaveBeenCalledWith(expect.objectContaining({ first_comment_status: 'posted' }));
  });

  it('without a LinkedIn connection, says where to connect it', () => {
    renderPanel({ linkedin: notConnected });
    const publish = screen.getByRole('button', { name: 'Publish now' });
    expect(publish).toBeDisabled();
    expect(publish).toHaveAccessibleDescription('Connect LinkedIn in Settings to publish from here.');
    expect(screen.getByRole('link', { name: 'Connect LinkedIn in Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });

  it('plans the post and shows the plan it gets back', async () => {
    const { user, onPlan, onPostChange } = renderPanel();
    await user.type(screen.getByLabelText('Planned for'), '2026-11-27T09:00');
    await user.click(screen.getByRole('button', { name: 'Plan' }));
    expect(onPlan).toHaveBeenCalledExactlyOnceWith(new Date(2026, 10, 27, 9, 0));
    expect(await screen.findByText('Planned for Fri 27 Nov, 9:00 AM')).toBeInTheDocument();
    expect(onPostChange).toHaveBeenCalledOnce();
  });

  it('offers to publish now when the chosen time has passed', async () => {
    const { user } = renderPanel();
    await user.type(screen.getByLabelText('Planned for'), '2026-11-26T08:00');
    await user.click(screen.getByRole('button', { name: 'Plan' }));
    const question = screen.getByText('That time has already passed. Publish now instead?').parentElement!;
    await user.click(within(question).getByRole('button', { name: 'Publish now' }));
    expect(screen.getByRole('alertdialog', { name: 'Publish to LinkedIn?' })).toBeInTheDocument();
  });
});
