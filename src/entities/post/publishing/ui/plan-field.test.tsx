import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScheduleStore } from '../../queue/schedule-store';
import { PlanField } from './plan-field';

// Local times: the field works in the user's own time zone, whatever the machine's is.
const now = new Date(2026, 10, 26, 12, 0);
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function renderField(props: Partial<Parameters<typeof PlanField>[0]> = {}) {
  const handlers = { onPlan: vi.fn(async (_date: Date | null) => {}), onPublishNow: vi.fn() };
  render(<PlanField plannedAt={null} now={now} {...handlers} {...props} />);
  return { user: userEvent.setup(), ...handlers, ...props };
}

const field = () => screen.getByLabelText('Planned for');

async function choose(user: ReturnType<typeof userEvent.setup>, value: string) {
  await user.clear(field());
  await user.type(field(), value);
}

describe('PlanField', () => {
  it('saves a time still to come, read in the time zone it names', async () => {
    const { user, onPlan } = renderField();
    expect(field()).toHaveAccessibleDescription(`Times are in ${zone}`);
    expect(field()).toHaveAttribute('min', '2026-11-26T12:00');
    await choose(user, '2026-11-27T09:00');
    await user.click(screen.getByRole('button', { name: 'Plan' }));
    expect(onPlan).toHaveBeenCalledExactlyOnceWith(new Date(2026, 10, 27, 9, 0));
  });

  it('does not save a time that has passed: it offers to publish now or to pick another time', async () => {
    const { user, onPlan, onPublishNow } = renderField();
    await choose(user, '2026-11-26T11:59');
    await user.click(screen.getByRole('button', { name: 'Plan' }));
    expect(screen.getByText('That time has already passed. Publish now instead?')).toBeInTheDocument();
    expect(onPlan).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Pick another time' }));
    expect(screen.queryByText(/already passed/)).not.toBeInTheDocument();
    expect(field()).toHaveFocus();
    expect(field()).toHaveValue('2026-11-26T11:59');

    await user.click(screen.getByRole('button', { name: 'Plan' }));
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    expect(onPublishNow).toHaveBeenCalledOnce();
    expect(onPlan).not.toHaveBeenCalled();
  });

  it('shows a planned time and removes the plan', async () => {
    const { user, onPlan } = renderField({ plannedAt: new Date(2026, 10, 27, 9, 0).toISOString() });
    expect(field()).toHaveValue('2026-11-27T09:00');
    expect(screen.getByRole('button', { name: 'Plan' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove plan' }));
    expect(onPlan).toHaveBeenCalledExactlyOnceWith(null);
  });

  it('has no "Remove plan" for a post that is not planned', () => {
    renderField();
    expect(screen.queryByRole('button', { name: 'Remove plan' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Plan' })).toBeDisabled();
  });

  it('keeps the typed time and says why when saving fails', async () => {
    const { user } = renderField({
      onPlan: vi.fn(async () => Promise.reject(new Error('Could not update the post'))),
    });
    await choose(user, '2026-11-30T08:30');
    await user.click(screen.getByRole('button', { name: 'Plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not update the post');
    expect(field()).toHaveValue('2026-11-30T08:30');
    expect(screen.getByRole('button', { name: 'Plan' })).toBeEnabled();
  });

  it('shows a plan saved elsewhere in place of the one shown', () => {
    const { rerender } = render(<PlanField plannedAt={null} now={now} onPlan={vi.fn()} />);
    expect(field()).toHaveValue('');
    rerender(<PlanField plannedAt={new Date(2026, 11, 1, 7, 15).toISOString()} now={now} onPlan={vi.fn()} />);
    expect(field()).toHaveValue('2026-12-01T07:15');
  });
});

describe('PlanField in the zone chosen in Settings → Schedule', () => {
  afterEach(() => {
    // Unmounted first: the reset would otherwise update a field still on the page.
    cleanup();
    useScheduleStore.getState().reset();
  });

  it('shows, reads and names that zone instead of the browser’s', async () => {
    useScheduleStore.setState({
      schedule: { timeZone: 'Asia/Tokyo', slots: [] },
      loaded: true,
      error: null,
    });
    const { user, onPlan } = renderField({
      plannedAt: '2026-11-27T00:00:00.000Z',
      now: new Date('2026-11-26T00:00:00Z'),
    });
    expect(field()).toHaveAccessibleDescription('Times are in Asia/Tokyo');
    expect(field()).toHaveValue('2026-11-27T09:00');
    expect(field()).toHaveAttribute('min', '2026-11-26T09:00');
    await choose(user, '2026-11-28T08:30');
    await user.click(screen.getByRole('button', { name: 'Plan' }));
    expect(onPlan).toHaveBeenCalledExactlyOnceWith(new Date('2026-11-27T23:30:00Z'));
  });
});
