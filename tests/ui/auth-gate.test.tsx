import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSupabase } from '@/lib/supabase/client';
import { setupApp } from '../helpers/render-app.tsx';

// The auth gate (src/app/auth-gate.tsx, docs/product.md §12) in front of every route, with the real
// auth and profile stores against the embedded backend.
const app = setupApp();

const signInCard = () => screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
const mainNav = () => screen.findByRole('navigation', { name: 'Main' });

describe('The auth gate', () => {
  it.each(['/dashboard', '/saved', '/settings', '/ideas-bank', '/calendar'])(
    'a signed-out visitor opening %s gets the sign-in card and none of the app',
    async (route) => {
      app.renderApp(route);
      expect(await signInCard()).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Create New Post' })).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Saved Posts' })).not.toBeInTheDocument();
    },
  );

  it('signing in on a protected route opens that route', async () => {
    const account = await app.signUp({ signIn: false });
    await account.buildPost({ topic: 'Kept for later', content: 'A saved draft.' });
    const { user } = app.renderApp('/saved');
    await signInCard();
    await user.type(screen.getByLabelText('Email address'), account.email);
    await user.type(screen.getByLabelText('Password'), account.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved Posts' })).toBeInTheDocument();
    expect(await screen.findByText('A saved draft.')).toBeInTheDocument();
  });

  it('a signed-in account without a profile is sent to onboarding from any page', async () => {
    await app.signUp({ profile: null });
    app.renderApp('/saved');
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up your profile' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Saved Posts' })).not.toBeInTheDocument();
  });

  it('a signed-in user with a profile gets the shell, with their name in the account menu, on the dashboard', async () => {
    await app.signUp({
      profile: { full_name: 'Ada Lovelace', role: 'Mathematician', company: 'Analytical' },
    });
    app.renderApp('/dashboard');
    const nav = await mainNav();
    expect(within(nav).getByRole('link', { name: 'Generate' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: /Account menu for Ada Lovelace/ })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Create New Post' })).toBeInTheDocument();
  });

  it('a stored session opens the app again after a reload, without asking to sign in', async () => {
    await app.signUp();
    const first = app.renderApp('/dashboard');
    await mainNav();
    first.unmount();
    app.renderApp('/dashboard');
    expect(await mainNav()).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Welcome Back' })).not.toBeInTheDocument();
  });

  it('signing out from the account menu returns to the sign-in card, and the routes stay closed', async () => {
    await app.signUp({ profile: { full_name: 'Grace Hopper' } });
    const { user } = app.renderApp('/dashboard');
    await mainNav();
    await user.click(screen.getByRole('button', { name: /Account menu for Grace Hopper/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(await signInCard()).toBeInTheDocument();
    expect((await getSupabase().auth.getSession()).data.session).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});
