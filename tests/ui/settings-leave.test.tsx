import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProfileFields } from '@/lib/supabase/database-types';
import { samples } from '../helpers/voice-samples.ts';
import { setupApp, type TestUser } from '../helpers/render-app.tsx';

// Leaving Settings with unsaved changes, through the whole app (its router, shell and stores)
// against the real backend: every way out of the page asks first, and what is saved stays saved.
const app = setupApp();

const profile: Partial<ProfileFields> = { full_name: 'Ada Lovelace', company: 'Analytical Engines' };

async function openSettings() {
  const writer = await app.signUp({ profile });
  const rendered = app.renderApp('/settings');
  await screen.findByRole('heading', { level: 1, name: 'Profile Settings' });
  await screen.findByRole('radio', { name: /^Groq/ });
  return { writer, ...rendered };
}

const mainNav = () => screen.getAllByRole('navigation', { name: 'Main' })[0] as HTMLElement;
const question = () => screen.queryByRole('alertdialog', { name: 'Leave without saving?' });
const settingsHeading = () => screen.queryByRole('heading', { level: 1, name: 'Profile Settings' });

async function editCompany(user: UserEvent, text: string) {
  const company = screen.getByLabelText('Company');
  await user.clear(company);
  await user.type(company, text);
}

async function storedCompany(writer: TestUser): Promise<string | null> {
  const { data, error } = await writer.client.from('profiles').select('company').eq('id', writer.id).single();
  if (error) throw new Error(error.message);
  return (data as { company: string | null }).company;
}

/** A tab close or reload: true when the page asked the browser to warn first. */
function closingTabWarns(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  fireEvent(window, event);
  return event.defaultPrevented;
}

describe('Settings: leaving with unsaved changes', () => {
  it('asks before a sidebar link takes an edited profile away; staying keeps it, and after saving the link just goes', async () => {
    const { writer, user } = await openSettings();
    await editCompany(user, 'Harvard Computation Lab');
    await user.click(within(mainNav()).getByRole('link', { name: 'Ideas Bank' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveAccessibleDescription(
      'Your changes to your profile are not saved. If you leave now, they are lost.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(question()).not.toBeInTheDocument();
    expect(settingsHeading()).toBeInTheDocument();
    expect(screen.getByLabelText('Company')).toHaveValue('Harvard Computation Lab');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    expect(await storedCompany(writer)).toBe('Harvard Computation Lab');
    expect(closingTabWarns()).toBe(false);
    await user.click(within(mainNav()).getByRole('link', { name: 'Ideas Bank' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ideas Bank' })).toBeInTheDocument();
    expect(question()).not.toBeInTheDocument();
  });

  it('asks before "Back to Dashboard" leaves a learned voice that was not saved; leaving discards it', async () => {
    const { writer, user } = await openSettings();
    const voice = screen.getByRole('form', { name: 'Your voice' });
    for (const [index, text] of samples.entries()) {
      await user.click(within(voice).getByLabelText(`Sample ${index + 1}`));
      await user.paste(text);
    }
    await user.click(within(voice).getByRole('button', { name: 'Learn my voice' }));
    expect(closingTabWarns()).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveAccessibleDescription(
      'Your changes to your voice are not saved. If you leave now, they are lost.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Post' })).toBeInTheDocument();
    expect(closingTabWarns()).toBe(false);

    const { data } = await writer.client.from('voice_samples').select('id');
    expect(data).toEqual([]);
    await user.click(within(mainNav()).getByRole('link', { name: 'Settings' }));
    await screen.findByRole('heading', { level: 1, name: 'Profile Settings' });
    expect(screen.getByLabelText('Sample 1')).toHaveValue('');
  });

  it('asks before the mobile navigation leaves, and goes where it was sent after "Leave without saving"', async () => {
    const { user } = await openSettings();
    await editCompany(user, 'Typed on a phone');
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = screen.getByRole('dialog', { name: 'Navigation' });
    await user.click(within(drawer).getByRole('link', { name: 'Calendar' }));

    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Content Calendar' })).toBeInTheDocument();
  });

  it('lets the user menu open Settings again without asking, and asks before its way out', async () => {
    const { user } = await openSettings();
    await editCompany(user, 'Still typing');
    await user.click(screen.getByRole('button', { name: /^Account menu for Ada Lovelace/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
    expect(question()).not.toBeInTheDocument();
    expect(screen.getByLabelText('Company')).toHaveValue('Still typing');

    await user.click(screen.getByRole('button', { name: 'Generate Post' }));
    await user.click(await screen.findByRole('button', { name: 'Stay on this page' }));
    expect(settingsHeading()).toBeInTheDocument();
    expect(screen.getByLabelText('Company')).toHaveValue('Still typing');
  });

  it('signs out from the user menu without a question (signing out is leaving on purpose) and lands on the sign-in card', async () => {
    const { user } = await openSettings();
    await editCompany(user, 'Not kept');
    await user.click(screen.getByRole('button', { name: /^Account menu for Ada Lovelace/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(question()).not.toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(closingTabWarns()).toBe(false);
  });
});
