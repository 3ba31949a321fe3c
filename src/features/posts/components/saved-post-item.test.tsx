import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { LinkedInStatus } from '@/entities/post/publishing/linkedin-api';
import type { Post } from '@/entities/post/post';
import { SavedPostItem } from './saved-post-item';
import { expectConsole } from '../../../../tests/helpers/console-guard.ts';
import { postRow } from '../../../../tests/helpers/post-row.ts';
import { linkedinConnectedAs } from '../../../../tests/helpers/linkedin-status.ts';

function buildPost(overrides: Partial<Post> = {}): Post {
  return postRow({
    id: 'p1',
    user_id: 'u1',
    topic: 'Remote work',
    content: 'First line.\n\nSecond line.',
    is_published: false,
    created_at: '2026-03-09T10:15:00Z',
    image_path: null,
    image_alt: null,
    ...overrides,
  });
}

const author = { fullName: 'Ada Lovelace', role: 'Content Creator', company: 'Engines Ltd' };

function renderItem(post: Post, handlers: Partial<Parameters<typeof SavedPostItem>[0]> = {}) {
  const props = {
    post,
    author,
    onSaveEdit: vi.fn(async () => {}),
    onTogglePublished: vi.fn(async () => {}),
    onDelete: vi.fn(),
    onChat: vi.fn(),
    ...handlers,
  };
  render(
    <ul>
      <SavedPostItem {...props} />
    </ul>,
  );
  return props;
}

describe('SavedPostItem', () => {
  it('shows the author block, the date as short month, day, year, and the draft status', () => {
    renderItem(buildPost());
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('Content Creator at Engines Ltd')).toBeInTheDocument();
    expect(screen.getByText('Mar 9, 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Draft — mark as published' })).toBeInTheDocument();
  });

  it('edits a carousel post without offering an image, and says where the carousel is edited', async () => {
    renderItem(
      buildPost({
        carousel_path: 'u1/deck.pdf',
        carousel_title: 'Remote work',
        carousel_slides: { slides: [{}, {}, {}] },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.queryByRole('button', { name: 'Add Image' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Carousel · 3 slides')).not.toHaveLength(0);
    expect(screen.getByText(/Use Continue writing to edit the carousel/)).toBeInTheDocument();
  });

  it('shows a published post and toggles it', async () => {
    const props = renderItem(buildPost({ is_published: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Published — mark as draft' }));
    expect(props.onTogglePublished).toHaveBeenCalledOnce();
  });

  it('keeps the edited text and says so when saving the edit fails', async () => {
    const error = expectConsole('error');
    renderItem(buildPost(), { onSaveEdit: vi.fn(async () => Promise.reject(new Error('offline'))) });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByLabelText('Edit post');
    await userEvent.clear(box);
    await userEvent.type(box, 'My better wording');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not save your changes. Your text is still here — please try again.',
    );
    expect(screen.getByLabelText('Edit post')).toHaveValue('My better wording');
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('Cancel restores the saved text', async () => {
    renderItem(buildPost());
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.type(screen.getByLabelText('Edit post'), ' extra');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Edit post')).not.toBeInTheDocument();
    expect(screen.getByText(/First line\./)).toBeInTheDocument();
    expect(screen.queryByText(/extra/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Edit post')).not.toHaveValue(expect.stringContaining('extra'));
  });

  it('shows a 3,000-character post whole and markup as text', () => {
    const long = `${'a'.repeat(2980)} <img src=x onerror=alert(1)>`;
    const { container } = render(
      <ul>
        <SavedPostItem
          post={buildPost({ content: long, topic: '<script>alert(1)</script>' })}
          author={author}
          onSaveEdit={vi.fn()}
          onTogglePublished={vi.fn()}
          onDelete={vi.fn()}
          onChat={vi.fn()}
        />
      </ul>,
    );
    expect(screen.getByText(long)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '<script>alert(1)</script>' })).toBeInTheDocument();
    expect(container.querySelector('img, script')).toBeNull();
  });

  it('hands the post to the chat and asks before deleting', async () => {
    const props = renderItem(buildPost());
    await userEvent.click(screen.getByRole('button', { name: 'Chat about this post' }));
    expect(props.onChat).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(props.onDelete).toHaveBeenCalledOnce();
  });

  describe('publishing', () => {
    const linkedin = linkedinConnectedAs('Ada Lovelace');

    function renderPublishing(post: Post, status: LinkedInStatus | null = linkedin) {
      const publishing = {
        linkedin: status,
        onPlan: vi.fn(async () => post),
        onPublish: vi.fn(async () => post),
        onMarkPublished: vi.fn(async () => ({ ...post, is_published: true })),
      };
      const onTogglePublished = vi.fn(async () => {});
      render(
        <MemoryRouter>
          <ul>
            <SavedPostItem
              post={post}
              author={author}
              onSaveEdit={vi.fn()}
              onTogglePublished={onTogglePublished}
              onDelete={vi.fn()}
              onChat={vi.fn()}
              publishing={publishing}
            />
          </ul>
        </MemoryRouter>,
      );
      return { user: userEvent.setup(), publishing, onTogglePublished };
    }

    it('has no publishing part unless the page gives one', () => {
      renderItem(buildPost());
      expect(screen.queryByLabelText('Planned for')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Publish now' })).not.toBeInTheDocument();
    });

    it('plans, publishes and keeps the status pill working', async () => {
      const { user, publishing, onTogglePublished } = renderPublishing(
        buildPost({ planned_at: new Date(2026, 10, 27, 9, 0).toISOString() }),
      );
      expect(screen.getByText('Planned for Fri 27 Nov, 9:00 AM')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Remove plan' }));
      expect(publishing.onPlan).toHaveBeenCalledExactlyOnceWith(null);

      await user.click(screen.getByRole('button', { name: 'Publish now' }));
      await user.click(
        within(screen.getByRole('alertdialog', { name: 'Publish to LinkedIn?' })).getByRole('button', {
          name: 'Publish now',
        }),
      );
      expect(publishing.onPublish).toHaveBeenCalledOnce();

      await user.click(screen.getByRole('button', { name: 'Draft — mark as published' }));
      expect(onTogglePublished).toHaveBeenCalledOnce();
    });

    it('reminds to post a due post by hand without LinkedIn, and marks it published', async () => {
      const { user, publishing } = renderPublishing(buildPost({ planned_at: '2026-01-05T09:00:00Z' }), {
        configured: true,
        missing: [],
        connection: null,
      });
      expect(screen.getByText(/It's time to post this\./)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Mark as published' }));
      expect(publishing.onMarkPublished).toHaveBeenCalledOnce();
    });

    it('hides the publishing part while the post is being edited', async () => {
      const { user } = renderPublishing(buildPost());
      await user.click(screen.getByRole('button', { name: 'Edit' }));
      expect(screen.queryByLabelText('Planned for')).not.toBeInTheDocument();
    });
  });
});
