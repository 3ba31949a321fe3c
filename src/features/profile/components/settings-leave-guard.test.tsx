import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultModelCatalog } from '@shared/model-catalog';
import type { AiServiceState } from '@/lib/ai/ai-service-state';
import { useProfileStore } from '../profile-store';
import { SettingsPage } from './settings-page';

// Leaving Settings with unsaved changes asks first (docs/product.md §11.3). The page runs in a data
// router as in the app (useBlocker needs one); "Calendar" stands in for the sidebar's links.
// Saving, and the whole app's shell, are tested against the real backend in tests/ui/settings-leave.test.tsx.

const ready: AiServiceState = {
  status: 'ready',
  catalog: defaultModelCatalog,
  engines: { groq: true, anthropic: true, perplexity: true, youtube: true, 'openai-compatible': false },
};
const sample =
  'Last quarter we cut our build time from forty minutes to six. Here is what we changed, step by step.';

function renderSettings() {
  const router = createMemoryRouter(
    [
      {
        path: '/settings',
        element: (
          <>
            <Link to="/calendar">Calendar</Link>
            <SettingsPage aiService={ready} />
          </>
        ),
      },
      { path: '/', element: <p>Dashboard page marker</p> },
      { path: '/calendar', element: <p>Calendar page marker</p> },
    ],
    { initialEntries: ['/settings'] },
  );
  render(<RouterProvider router={router} />);
  return { user: userEvent.setup(), router };
}

const question = () => screen.queryByRole('alertdialog', { name: 'Leave without saving?' });

/** Dispatches the event a tab close or reload sends; true when the page asked the browser to warn. */
function closingTabWarns(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  fireEvent(window, event);
  return event.defaultPrevented;
}

describe('Settings: leaving with unsaved changes', () => {
  beforeEach(() => useProfileStore.getState().reset());

  it('leaves at once when nothing was changed, and the tab closes without a warning', async () => {
    const { user } = renderSettings();
    expect(closingTabWarns()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    expect(screen.getByText('Dashboard page marker')).toBeInTheDocument();
    expect(question()).not.toBeInTheDocument();
  });

  it('asks before leaving an edited profile; "Stay on this page" keeps the page and what was typed', async () => {
    const { user, router } = renderSettings();
    await user.type(screen.getByLabelText('Company'), 'Analytical Engines');
    await user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));

    const dialog = question();
    expect(dialog).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription(
      'Your changes to your profile are not saved. If you leave now, they are lost.',
    );
    expect(within(dialog as HTMLElement).getByRole('button', { name: 'Stay on this page' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));

    expect(question()).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
    expect(screen.getByLabelText('Company')).toHaveValue('Analytical Engines');
    expect(screen.queryByText('Dashboard page marker')).not.toBeInTheDocument();
  });

  it('leaves an edited profile after "Leave without saving"', async () => {
    const { user, router } = renderSettings();
    await user.selectOptions(screen.getByLabelText('Language'), 'en-GB');
    await user.click(screen.getByRole('link', { name: 'Calendar' }));
    await user.click(screen.getByRole('button', { name: 'Leave without saving' }));
    expect(screen.getByText('Calendar page marker')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/calendar');
  });

  it('Escape answers "stay"', async () => {
    const { user, router } = renderSettings();
    await user.type(screen.getByLabelText('Full name'), 'Ada');
    await user.click(screen.getByRole('link', { name: 'Calendar' }));
    await user.keyboard('{Escape}');
    expect(question()).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('does not count spaces around the name, company or industry (saving trims them)', async () => {
    const { user } = renderSettings();
    await user.type(screen.getByLabelText('Industry'), '   ');
    await user.click(screen.getByRole('link', { name: 'Calendar' }));
    expect(screen.getByText('Calendar page marker')).toBeInTheDocument();
  });

  it('asks before leaving a pasted voice sample, naming the voice', async () => {
    const { user } = renderSettings();
    await user.click(screen.getByLabelText('Sample 1'));
    await user.paste(sample);
    await user.click(screen.getByRole('link', { name: 'Calendar' }));
    expect(question()).toHaveAccessibleDescription(
      'Your changes to your voice are not saved. If you leave now, they are lost.',
    );
  });

  it('names both when the profile and the voice have changes', async () => {
    const { user } = renderSettings();
    await user.type(screen.getByLabelText('Company'), 'Engines');
    await user.click(screen.getByLabelText('Sample 1'));
    await user.paste(sample);
    await user.click(screen.getByRole('link', { name: 'Calendar' }));
    expect(question()).toHaveAccessibleDescription(
      'Your changes to your profile and your voice are not saved. If you leave now, they are lost.',
    );
  });

  it('asks the browser to warn before the tab closes or reloads, and stops once the change is undone', async () => {
    const { user } = renderSettings();
    const company = screen.getByLabelText('Company');
    await user.type(company, 'X');
    expect(closingTabWarns()).toBe(true);
    await user.clear(company);
    expect(closingTabWarns()).toBe(false);
  });

  it('does not ask for a link to the page it is on', async () => {
    const { user, router } = renderSettings();
    await user.type(screen.getByLabelText('Company'), 'Engines');
    await act(() => router.navigate('/settings?tab=voice'));
    expect(question()).not.toBeInTheDocument();
    expect(screen.getByLabelText('Company')).toHaveValue('Engines');
  });
});
