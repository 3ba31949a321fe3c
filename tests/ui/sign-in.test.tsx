import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupApp } from '../helpers/render-app.tsx';

// The sign-in card of the auth gate (docs/product.md §12) with the real auth store, supabase-js
// and the embedded backend's GoTrue: the errors shown are the ones the backend really answers.
const app = setupApp();

const heading = (name: string) => screen.getByRole('heading', { level: 1, name });
const createNewPost = () => screen.findByRole('region', { name: 'Create New Post' });

describe('Signing in', () => {
  it('starts as "Welcome Back" with "Email address" and "Password", and no social or magic-link options', async () => {
    app.renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Need an account? Sign up' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /google|github|magic link/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('toggles to "Create Account" with "Create password" and back', async () => {
    const { user } = app.renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Need an account? Sign up' }));
    expect(heading('Create Account')).toBeInTheDocument();
    expect(screen.getByLabelText('Create password')).toHaveAttribute('type', 'password');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
    expect(heading('Welcome Back')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByLabelText('Create password')).not.toBeInTheDocument();
  });

  it('a wrong password shows the backend’s "Invalid login credentials" and keeps what was typed', async () => {
    const account = await app.signUp({ signIn: false });
    const { user } = app.renderApp('/');
    await user.type(await screen.findByLabelText('Email address'), account.email);
    await user.type(screen.getByLabelText('Password'), 'not the password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
    expect(screen.getByLabelText('Email address')).toHaveValue(account.email);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Create New Post' })).not.toBeInTheDocument();
  });

  it('the right password, with Enter, says "Signing in..." and then opens the dashboard without an error', async () => {
    const account = await app.signUp({ signIn: false });
    const { user } = app.renderApp('/');
    await user.type(await screen.findByLabelText('Email address'), account.email);
    const typed = user.type(screen.getByLabelText('Password'), `${account.password}{Enter}`);
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    await typed;
    expect(await createNewPost()).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an unreachable backend shows the network message, and signing in works once it is back', async () => {
    const account = await app.signUp({ signIn: false });
    const { user } = app.renderApp('/');
    await user.type(await screen.findByLabelText('Email address'), account.email);
    await user.type(screen.getByLabelText('Password'), account.password);
    await app.stopServer();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error when connecting to authentication service',
    );
    await app.startServer();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await createNewPost()).toBeInTheDocument();
  });

  it('creating an account signs the new user in and opens onboarding', async () => {
    const { user } = app.renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Need an account? Sign up' }));
    await user.type(screen.getByLabelText('Email address'), `new-${Date.now()}@example.com`);
    await user.type(screen.getByLabelText('Create password'), 'long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up your profile' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an email that already has an account is refused in an alert, without a confirmation notice', async () => {
    const account = await app.signUp({ signIn: false });
    const { user } = app.renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Need an account? Sign up' }));
    await user.type(screen.getByLabelText('Email address'), account.email);
    await user.type(screen.getByLabelText('Create password'), 'another-long-password');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User already registered');
    expect(screen.queryByText('Check your email for the confirmation link')).not.toBeInTheDocument();
    expect(heading('Create Account')).toBeInTheDocument();
  });

  it('switching views clears a shown error', async () => {
    const { user } = app.renderApp('/');
    await user.type(await screen.findByLabelText('Email address'), 'nobody@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
    await user.click(screen.getByRole('button', { name: 'Need an account? Sign up' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
