import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PendingImage } from '@/entities/post/image/image-attachment';
import { toast } from '@/lib/toast/toast';
import { Toaster } from '@/lib/toast/toaster';
import { useGeneratorStore } from '../generator-store';
import { DashboardPage } from './dashboard-page';
import { stubMatchMedia } from '../../../../tests/helpers/match-media.ts';

// The dashboard with the real generator store: a written post is put in the preview as a chosen
// version would be; saving goes to `onSave`, which the app wires to the posts store.
const post = 'Remote teams ship faster when they write things down.';
const friday = new Date(2037, 10, 27, 9, 0);

type OnSave = (
  topic: string,
  content: string,
  image: PendingImage | null,
  plannedAt: Date | null,
) => Promise<void>;

beforeAll(() => {
  stubMatchMedia();
});

afterEach(() => {
  cleanup();
  act(() => toast.remove());
  useGeneratorStore.setState(useGeneratorStore.getInitialState(), true);
  localStorage.clear();
});

function renderDashboard(onSave: OnSave) {
  useGeneratorStore.getState().showPost(post, 'Remote teams');
  render(
    <>
      <Toaster />
      <DashboardPage
        profile={null}
        profileLoading={false}
        aiService={{ status: 'loading' }}
        apiBaseUrl="http://localhost/api"
        onSave={onSave}
        takeHandedOverTopic={() => null}
      />
    </>,
  );
  return { user: userEvent.setup(), preview: within(screen.getByRole('article', { name: 'Post preview' })) };
}

async function planFor(user: ReturnType<typeof userEvent.setup>, value: string) {
  await user.click(screen.getByRole('button', { name: 'Plan…' }));
  await user.type(screen.getByLabelText('Planned for'), value);
}

describe('DashboardPage saving a planned post', () => {
  it('saves the post with the time chosen and says when it is planned for', async () => {
    const onSave = vi.fn<OnSave>(async () => {});
    const { user, preview } = renderDashboard(onSave);
    await planFor(user, '2037-11-27T09:00');
    await user.click(preview.getByRole('button', { name: 'Save and plan' }));
    expect(await screen.findByText('Post saved and planned for Fri 27 Nov, 9:00 AM.')).toBeInTheDocument();
    expect(onSave).toHaveBeenCalledExactlyOnceWith('Remote teams', post, null, friday);
    expect(preview.getByRole('button', { name: 'Saved' })).toBeDisabled();
  });

  it('saves an unplanned post as before', async () => {
    const onSave = vi.fn<OnSave>(async () => {});
    const { user, preview } = renderDashboard(onSave);
    await user.click(preview.getByRole('button', { name: 'Save Post' }));
    expect(await screen.findByText('Post saved successfully!')).toBeInTheDocument();
    expect(onSave).toHaveBeenCalledExactlyOnceWith('Remote teams', post, null, null);
  });

  it('keeps the post and the time when saving fails, and saves them on the next try', async () => {
    const onSave = vi
      .fn<OnSave>()
      .mockRejectedValueOnce(new Error('Unable to connect to the database.'))
      .mockResolvedValueOnce(undefined);
    const { user, preview } = renderDashboard(onSave);
    await planFor(user, '2037-11-27T09:00');
    await user.click(preview.getByRole('button', { name: 'Save and plan' }));
    expect(await screen.findByText('Unable to connect to the database.')).toBeInTheDocument();
    expect(preview.getByText(post)).toBeInTheDocument();
    expect(screen.getByLabelText('Planned for')).toHaveValue('2037-11-27T09:00');
    expect(preview.getByRole('button', { name: 'Save and plan' })).toBeEnabled();

    await user.click(preview.getByRole('button', { name: 'Save and plan' }));
    expect(await screen.findByText('Post saved and planned for Fri 27 Nov, 9:00 AM.')).toBeInTheDocument();
    expect(onSave).toHaveBeenLastCalledWith('Remote teams', post, null, friday);
  });

  it('refuses a time that has passed without saving, and keeps the post and the time', async () => {
    const onSave = vi.fn<OnSave>(async () => {});
    const { user, preview } = renderDashboard(onSave);
    await planFor(user, '2020-01-06T09:00');
    await user.click(preview.getByRole('button', { name: 'Save and plan' }));
    expect(preview.getByText('That time has already passed. Pick a later time.')).toBeInTheDocument();
    expect(screen.getByLabelText('Planned for')).toHaveValue('2020-01-06T09:00');
    expect(preview.getByText(post)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });
});
