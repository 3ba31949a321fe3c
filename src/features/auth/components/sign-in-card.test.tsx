import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '../auth-store';
import { SignInCard } from './sign-in-card';

type SignIn = (email: string, password: string) => Promise<string | null>;
type SignUp = (
  email: string,
  password: string,
) => Promise<{ error: string | null; needsConfirmation: boolean }>;

const initialState = useAuthStore.getInitialState();

function setup(
  signIn: SignIn = vi.fn<SignIn>(async () => 'Invalid login credentials'),
  signUp: SignUp = vi.fn<SignUp>(async () => ({ error: null, needsConfirmation: true })),
) {
  useAuthStore.setState({ signIn, signUp });
  const user = userEvent.setup();
  render(<SignInCard />);
  return { user, signIn, signUp };
}

describe('SignInCard', () => {
  beforeEach(() => {
    useAuthStore.setState(initialState, true);
  });

  it('starts as "Welcome Back" with "Email address" and "Password", and no social or magic-link options', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Need an account? Sign up' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /google|github|magic link/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('toggles to "Create Account" with "Create password" and back', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Need an account? Sign up' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Create password')).toHaveAttribute('type', 'password');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByLabelText('Create password')).not.toBeInTheDocument();
  });

  it('signs in with the typed email and password and shows the provider error in an alert', async () => {
    const { user, signIn, signUp } = setup();
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(signIn).toHaveBeenCalledWith('ada@example.com', 'secret-password');
    expect(signUp).not.toHaveBeenCalled();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
  });

  it('a successful sign-in shows no error', async () => {
    const signIn = vi.fn<SignIn>(async () => null);
    const { user } = setup(signIn);
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password{Enter}');
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows "Signing in..." and disables the button while the request is pending', async () => {
    let finish: (value: string | null) => void = () => {};
    const signIn = vi.fn<SignIn>(() => new Promise((resolve) => (finish = resolve)));
    const { user } = setup(signIn);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    finish('Invalid login credentials');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('a thrown sign-in shows the network message', async () => {
    const signIn = vi.fn<SignIn>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = setup(signIn);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error when connecting to authentication service',
    );
  });

  it('a sign-up that needs confirmation shows "Check your email for the confirmation link"', async () => {
    const { user, signIn, signUp } = setup();
    await user.click(screen.getByRole('button', { name: 'Need an account? Sign up' }));
    await user.type(screen.getByLabelText('Email address'), 'new@example.com');
    await user.type(screen.getByLabelText('Create password'), 'long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(signUp).toHaveBeenCalledWith('new@example.com', 'long-enough-password');
    expect(signIn).not.toHaveBeenCalled();
    expect(await screen.findByRole('status')).toHaveTextContent('Check your email for the confirmation link');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a sign-up provider error is shown in an alert without the confirmation notice', async () => {
    const signUp = vi.fn<SignUp>(async () => ({
      error: 'User already registered',
      needsConfirmation: false,
    }));
    const { user } = setup(undefined, signUp);
    await user.click(screen.getByRole('button', { name: 'Need an account? Sign up' }));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User already registered');
    expect(screen.queryByText('Check your email for the confirmation link')).not.toBeInTheDocument();
  });

  it('switching views clears a shown error', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Need an account? Sign up' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
