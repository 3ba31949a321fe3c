import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PostPreviewCard } from './post-preview-card';

function renderCard(props: Partial<Parameters<typeof PostPreviewCard>[0]> = {}) {
  const handlers = { onSave: vi.fn(), onChat: vi.fn(), onRegenerate: vi.fn() };
  render(
    <PostPreviewCard
      content="Three years ago "
      fullName="Ada Lovelace"
      role="Startup Founder"
      company="Navy Labs"
      streaming={false}
      saveState="idle"
      canRegenerate
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

describe('PostPreviewCard with a post cut off mid-stream', () => {
  it('marks the post incomplete and offers to regenerate it', () => {
    const { onRegenerate } = renderCard({ incomplete: true });
    expect(screen.getByText('Incomplete post')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(onRegenerate).toHaveBeenCalledTimes(1);
  });

  it('does not save on one click of "Save Post": it asks first, and Cancel keeps everything', () => {
    const { onSave } = renderCard({ incomplete: true });
    fireEvent.click(screen.getByRole('button', { name: 'Save Post' }));
    expect(onSave).not.toHaveBeenCalled();
    const confirm = screen.getByRole('group', { name: 'Save an incomplete post?' });
    expect(confirm).toHaveTextContent('This post was cut off. Save it as it is?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Save an incomplete post?' })).toBeNull();
    expect(screen.getByText('Three years ago')).toBeVisible();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves after an explicit "Save anyway"', () => {
    const { onSave } = renderCard({ incomplete: true });
    fireEvent.click(screen.getByRole('button', { name: 'Save Post' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('saves a whole post with one click, without any mark', () => {
    const { onSave } = renderCard();
    expect(screen.queryByText('Incomplete post')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save Post' }));
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});
