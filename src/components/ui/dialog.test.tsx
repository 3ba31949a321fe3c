import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, DialogDescription, DialogTitle } from './dialog';

/** A page with a control before the opener, the opener, and a control after it. */
function Page({ withInitialFocus = false, dismissOnBackdrop = false }) {
  const [open, setOpen] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">After</button>
      {open && (
        <Dialog
          onClose={() => setOpen(false)}
          dismissOnBackdrop={dismissOnBackdrop}
          {...(withInitialFocus ? { initialFocus: keep } : {})}
        >
          <DialogTitle>Rename the post</DialogTitle>
          <DialogDescription>The new name shows in the calendar.</DialogDescription>
          <button type="button">First</button>
          <button ref={keep} type="button">
            Keep
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            Last
          </button>
        </Dialog>
      )}
    </>
  );
}

async function openDialog(props: Parameters<typeof Page>[0] = {}) {
  const user = userEvent.setup();
  render(<Page {...props} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Rename the post' }) };
}

describe('Dialog', () => {
  it('is a modal dialog in a portal, named by its title and described by its description', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog.parentElement?.parentElement).toBe(document.body);
    const title = within(dialog).getByRole('heading', { name: 'Rename the post' });
    expect(dialog).toHaveAttribute('aria-labelledby', title.id);
    expect(dialog).toHaveAccessibleDescription('The new name shows in the calendar.');
  });

  it('has no description when it shows none', () => {
    render(
      <Dialog onClose={() => {}}>
        <DialogTitle>Only a title</DialogTitle>
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Only a title' })).not.toHaveAttribute('aria-describedby');
  });

  it('moves focus into itself when it opens', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveFocus();
  });

  it('moves focus onto its initial-focus element when it has one', async () => {
    const { dialog } = await openDialog({ withInitialFocus: true });
    expect(within(dialog).getByRole('button', { name: 'Keep' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside, wrapping at both ends', async () => {
    const { user, dialog } = await openDialog();
    const first = within(dialog).getByRole('button', { name: 'First' });
    const last = within(dialog).getByRole('button', { name: 'Last' });

    await user.tab({ shift: true });
    expect(last).toHaveFocus();
    await user.tab();
    expect(first).toHaveFocus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Keep' })).toHaveFocus();
  });

  it('brings focus that lands behind it back inside', async () => {
    const { user, dialog } = await openDialog();
    screen.getByRole('button', { name: 'Before' }).focus();
    expect(dialog).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'First' })).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the control that opened it', async () => {
    const { user, opener } = await openDialog();
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('gives focus back to the opener when closed by one of its own buttons', async () => {
    const { user, opener, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Last' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('stops the page behind it from scrolling while open, and restores it after', async () => {
    document.body.style.overflow = 'auto';
    const { user } = await openDialog();
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('auto');
    document.body.style.overflow = '';
  });

  it('stays open on a click on the backdrop by default', async () => {
    const { user, dialog } = await openDialog();
    await user.click(dialog.parentElement!);
    expect(dialog).toBeInTheDocument();
  });

  it('closes on a click on the backdrop, not inside the dialog, when asked to', async () => {
    const { user, dialog } = await openDialog({ dismissOnBackdrop: true });
    await user.click(within(dialog).getByRole('heading'));
    expect(dialog).toBeInTheDocument();
    await user.click(dialog.parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('gives two dialogs on one page distinct ids, each named by its own title', () => {
    render(
      <>
        <Dialog onClose={() => {}}>
          <DialogTitle>Delete this post?</DialogTitle>
          <DialogDescription>It goes for good.</DialogDescription>
        </Dialog>
        <Dialog role="alertdialog" onClose={() => {}}>
          <DialogTitle>Delete this topic?</DialogTitle>
          <DialogDescription>It leaves the ideas bank.</DialogDescription>
        </Dialog>
      </>,
    );
    const post = screen.getByRole('dialog', { name: 'Delete this post?' });
    const topic = screen.getByRole('alertdialog', { name: 'Delete this topic?' });
    expect(post).toHaveAccessibleDescription('It goes for good.');
    expect(topic).toHaveAccessibleDescription('It leaves the ideas bank.');
    const ids = [post, topic].flatMap((dialog) => [
      dialog.getAttribute('aria-labelledby'),
      dialog.getAttribute('aria-describedby'),
    ]);
    expect(new Set(ids).size).toBe(4);
  });

  it('lets only the innermost of two open dialogs answer Escape', async () => {
    const user = userEvent.setup();
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <>
        <Dialog onClose={outer}>
          <DialogTitle>Outer</DialogTitle>
        </Dialog>
        <Dialog onClose={inner}>
          <DialogTitle>Inner</DialogTitle>
        </Dialog>
      </>,
    );
    expect(screen.getByRole('dialog', { name: 'Inner' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });
});
