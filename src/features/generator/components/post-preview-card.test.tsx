import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PostPreviewCard } from './post-preview-card';

const noHistory = { undoName: null, redoName: null, onUndo: () => {}, onRedo: () => {}, notice: '' };

function renderCard(props: Partial<Parameters<typeof PostPreviewCard>[0]> = {}) {
  const handlers = { onSave: vi.fn(), onChat: vi.fn(), onRegenerate: vi.fn() };
  render(
    <PostPreviewCard
      content="Three years ago "
      author={{ fullName: 'Ada Lovelace', role: 'Startup Founder', company: 'Navy Labs' }}
      onContentChange={vi.fn()}
      firstComment=""
      history={noHistory}
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
    expect(screen.getByRole('textbox', { name: 'Post text' })).toHaveValue('Three years ago ');
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

/** The card as the dashboard shows it: the page keeps the "Planned for" value. */
function PlanningCard(props: Partial<Parameters<typeof PostPreviewCard>[0]>) {
  const [plannedFor, setPlannedFor] = useState<string | null>(null);
  return (
    <PostPreviewCard
      content="Three years ago I quit my job."
      author={{ fullName: 'Ada Lovelace', role: null, company: null }}
      onContentChange={vi.fn()}
      firstComment=""
      history={noHistory}
      streaming={false}
      saveState="idle"
      onSave={vi.fn()}
      onChat={vi.fn()}
      plannedFor={plannedFor}
      onPlannedForChange={setPlannedFor}
      {...props}
    />
  );
}

function renderPlanning(props: Partial<Parameters<typeof PostPreviewCard>[0]> = {}) {
  const onSave = vi.fn((_plannedAt: Date | null) => {});
  const view = render(<PlanningCard onSave={onSave} {...props} />);
  return { user: userEvent.setup(), onSave, ...view };
}

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const field = () => screen.getByLabelText('Planned for');
const passed = 'That time has already passed. Pick a later time.';

async function choose(user: ReturnType<typeof userEvent.setup>, value: string) {
  await user.clear(field());
  await user.type(field(), value);
}

describe('PostPreviewCard planning the post as it is saved', () => {
  it('reveals "Planned for", focused, and saves the post with the time chosen', async () => {
    const { user, onSave } = renderPlanning();
    expect(screen.queryByLabelText('Planned for')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Plan…' }));
    expect(field()).toHaveFocus();
    expect(field()).toHaveAccessibleDescription(`Times are in ${zone}`);
    expect(screen.queryByRole('button', { name: 'Plan…' })).not.toBeInTheDocument();

    await choose(user, '2037-11-27T09:00');
    await user.click(screen.getByRole('button', { name: 'Save and plan' }));
    expect(onSave).toHaveBeenCalledExactlyOnceWith(new Date(2037, 10, 27, 9, 0));
  });

  it('refuses a time that has passed, next to the field, and keeps the time and the post', async () => {
    const { user, onSave } = renderPlanning();
    await user.click(screen.getByRole('button', { name: 'Plan…' }));
    await choose(user, '2020-01-06T09:00');
    await user.click(screen.getByRole('button', { name: 'Save and plan' }));
    expect(screen.getByText(passed)).toBeVisible();
    expect(field()).toHaveAccessibleDescription(`Times are in ${zone} ${passed}`);
    expect(field()).toBeInvalid();
    expect(field()).toHaveFocus();
    expect(field()).toHaveValue('2020-01-06T09:00');
    expect(screen.getByRole('textbox', { name: 'Post text' })).toHaveValue('Three years ago I quit my job.');
    expect(onSave).not.toHaveBeenCalled();

    // A new time takes the message away; a later one is saved.
    await choose(user, '2037-11-27T09:00');
    expect(screen.queryByText(passed)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save and plan' }));
    expect(onSave).toHaveBeenCalledExactlyOnceWith(new Date(2037, 10, 27, 9, 0));
  });

  it('asks for a time when none is chosen, rather than saving without one', async () => {
    const { user, onSave } = renderPlanning();
    await user.click(screen.getByRole('button', { name: 'Plan…' }));
    await user.click(screen.getByRole('button', { name: 'Save and plan' }));
    expect(screen.getByText('Choose a date and a time.')).toBeVisible();
    expect(field()).toHaveFocus();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('"Don\'t plan" takes the time away: "Save Post" saves the post without one', async () => {
    const { user, onSave } = renderPlanning();
    await user.click(screen.getByRole('button', { name: 'Plan…' }));
    await choose(user, '2037-11-27T09:00');
    await user.click(screen.getByRole('button', { name: "Don't plan" }));
    expect(screen.queryByLabelText('Planned for')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Plan…' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save Post' }));
    expect(onSave).toHaveBeenCalledExactlyOnceWith(null);

    // Planning again starts from an empty field.
    await user.click(screen.getByRole('button', { name: 'Plan…' }));
    expect(field()).toHaveValue('');
  });

  it('checks the time before asking about a cut-off post, and saves it planned after "Save anyway"', async () => {
    const { user, onSave } = renderPlanning({ incomplete: true });
    await user.click(screen.getByRole('button', { name: 'Plan…' }));
    await choose(user, '2020-01-06T09:00');
    await user.click(screen.getByRole('button', { name: 'Save and plan' }));
    expect(screen.getByText(passed)).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Save an incomplete post?' })).not.toBeInTheDocument();

    await choose(user, '2037-11-27T09:00');
    await user.click(screen.getByRole('button', { name: 'Save and plan' }));
    await user.click(screen.getByRole('button', { name: 'Save anyway' }));
    expect(onSave).toHaveBeenCalledExactlyOnceWith(new Date(2037, 10, 27, 9, 0));
  });

  it('holds the time while saving, and offers no planning without a page to keep it', () => {
    const { rerender } = render(
      <PlanningCard saveState="saving" plannedFor="2037-11-27T09:00" onPlannedForChange={vi.fn()} />,
    );
    expect(field()).toBeDisabled();
    expect(field()).toHaveValue('2037-11-27T09:00');
    expect(screen.getByRole('button', { name: "Don't plan" })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    rerender(<PlanningCard plannedFor="2037-11-27T09:00" onPlannedForChange={undefined} />);
    expect(screen.queryByLabelText('Planned for')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Plan…' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Post' })).toBeEnabled();
  });
});
