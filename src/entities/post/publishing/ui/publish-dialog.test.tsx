import { getDefaultNormalizer, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PublishDialog } from './publish-dialog';

const text = 'We shipped it.\n\n  **Not bold**, #launch\n- as typed';
const asTyped = { normalizer: getDefaultNormalizer({ trim: false, collapseWhitespace: false }) };

function renderDialog(props: Partial<Parameters<typeof PublishDialog>[0]> = {}) {
  const handlers = { onConfirm: vi.fn(async () => {}), onClose: vi.fn() };
  render(<PublishDialog open text={text} memberName="Ada Lovelace" {...handlers} {...props} />);
  return { user: userEvent.setup(), ...handlers, ...props };
}

const dialog = () => screen.getByRole('alertdialog', { name: 'Publish to LinkedIn?' });

describe('PublishDialog', () => {
  it('shows exactly what will be posted, as whom, and its length', () => {
    renderDialog({ imageUrl: 'blob:http://localhost/chart', imageAlt: 'A rising chart' });
    expect(within(dialog()).getByText(text, asTyped)).toBeInTheDocument();
    expect(dialog()).toHaveAccessibleDescription('As Ada Lovelace');
    expect(within(dialog()).getByRole('img', { name: 'A rising chart' })).toHaveAttribute(
      'src',
      'blob:http://localhost/chart',
    );
    expect(within(dialog()).getByText(`${text.length} of 3,000 characters`)).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('shows the first comment under the post, trimmed, as typed', () => {
    const comment = 'Sources (all three):\n  https://example.com/a_b **as typed**';
    renderDialog({ firstComment: `\n${comment}  ` });
    const shown = within(dialog()).getByRole('figure', { name: 'First comment' });
    expect(within(shown).getByText(comment, asTyped)).toBeInTheDocument();
    // Under the post's text.
    const post = within(dialog()).getByText(text, asTyped);
    expect(post.compareDocumentPosition(shown) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each([null, '', ' \n '])('shows no first comment when there is none (%j)', (firstComment) => {
    renderDialog({ firstComment });
    expect(within(dialog()).queryByText('First comment')).not.toBeInTheDocument();
  });

  it('counts in thousands and publishes a post of exactly 3,000 characters', async () => {
    const { user, onConfirm, onClose } = renderDialog({ text: 'a'.repeat(3000) });
    expect(within(dialog()).getByText('3,000 of 3,000 characters')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Publish now' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('does not publish 3,001 characters and says what to do', () => {
    renderDialog({ text: 'a'.repeat(3001) });
    const publish = within(dialog()).getByRole('button', { name: 'Publish now' });
    expect(publish).toBeDisabled();
    expect(publish).toHaveAccessibleDescription(
      'This post has 3,001 characters; LinkedIn takes at most 3,000. Shorten it, then publish.',
    );
  });

  it('says "Publishing…" and takes one click only while it publishes', async () => {
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user, onClose } = renderDialog({ onConfirm });
    await user.click(within(dialog()).getByRole('button', { name: 'Publish now' }));
    const busy = within(dialog()).getByRole('button', { name: 'Publishing…' });
    expect(busy).toBeDisabled();
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.click(busy);
    await user.keyboard('{Escape}');
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onClose).not.toHaveBeenCalled();
    finish();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });

  it('stays open with the reason when publishing fails, and can try again', async () => {
    const onConfirm = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error('LinkedIn needs you to sign in again.'));
    const { user, onClose } = renderDialog({ onConfirm });
    await user.click(within(dialog()).getByRole('button', { name: 'Publish now' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'LinkedIn needs you to sign in again.',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog()).getByRole('button', { name: 'Publish now' })).toBeEnabled();
  });

  it('Cancel closes it', async () => {
    const { user, onClose } = renderDialog();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows nothing while closed', () => {
    renderDialog({ open: false });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
