import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function renderConfirm(busy = false) {
  const handlers = { onConfirm: vi.fn(), onCancel: vi.fn() };
  render(
    <ConfirmDialog
      title="Delete this post?"
      message="The post will be removed for good. This cannot be undone."
      confirmLabel="Delete post"
      busy={busy}
      {...handlers}
    />,
  );
  return { user: userEvent.setup(), ...handlers };
}

describe('ConfirmDialog', () => {
  it('asks as an alert dialog named by its title and described by its message, focus on Cancel', () => {
    renderConfirm();
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this post?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('The post will be removed for good. This cannot be undone.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('confirms with its confirm button and cancels with Cancel or Escape', async () => {
    const { user, onConfirm, onCancel } = renderConfirm();
    await user.click(screen.getByRole('button', { name: 'Delete post' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('names its cancel button as asked (a way to stay)', async () => {
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        title="Leave without saving?"
        message="Your changes are not saved."
        confirmLabel="Leave without saving"
        cancelLabel="Stay on this page"
        onConfirm={() => {}}
        onCancel={onCancel}
      />,
    );
    const stay = screen.getByRole('button', { name: 'Stay on this page' });
    expect(stay).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await userEvent.setup().click(stay);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('disables both buttons while busy', () => {
    renderConfirm(true);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete post' })).toBeDisabled();
  });
});
