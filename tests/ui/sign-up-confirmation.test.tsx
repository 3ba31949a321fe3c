import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { setupApp } from '../helpers/render-app.tsx';

// A backend that asks new users to confirm their email (GoTrue's mailer_autoconfirm off): the
// sign-up answers without a session, and the card says where the link went.
const outboxDir = path.join(tmpdir(), `ui-outbox-${process.pid}-${Date.now()}`);
const app = setupApp({ auth: { emailConfirmation: { outboxDir }, log: () => {} } });
afterAll(() => rm(outboxDir, { recursive: true, force: true }));

describe('Creating an account that needs confirming', () => {
  it('shows "Check your email for the confirmation link" and stays signed out', async () => {
    const { user } = app.renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Need an account? Sign up' }));
    await user.type(screen.getByLabelText('Email address'), `confirm-${Date.now()}@example.com`);
    await user.type(screen.getByLabelText('Create password'), 'long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your email for the confirmation link');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Set up your profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});
