import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorScreen } from './error-screen';

function renderScreen(message: string, extra: { retrying?: boolean; overlay?: boolean } = {}) {
  const onRetry = vi.fn();
  const onSignOutRestart = vi.fn();
  render(<ErrorScreen message={message} onRetry={onRetry} onSignOutRestart={onSignOutRestart} {...extra} />);
  return { onRetry, onSignOutRestart, user: userEvent.setup() };
}

describe('ErrorScreen', () => {
  it('shows the heading "Error" and the message, described for assistive technology', () => {
    renderScreen('Failed to load profile');
    expect(screen.getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByText('Failed to load profile')).toBeInTheDocument();
    const dialog = screen.getByRole('alertdialog', { name: 'Error' });
    expect(dialog).toHaveAccessibleDescription('Failed to load profile');
  });

  it('"Try Again" calls onRetry only', async () => {
    const { user, onRetry, onSignOutRestart } = renderScreen('Failed to load profile');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onSignOutRestart).not.toHaveBeenCalled();
  });

  it('"Sign Out & Restart" calls onSignOutRestart only', async () => {
    const { user, onRetry, onSignOutRestart } = renderScreen('Failed to load profile');
    await user.click(screen.getByRole('button', { name: 'Sign Out & Restart' }));
    expect(onSignOutRestart).toHaveBeenCalledTimes(1);
    expect(onRetry).not.toHaveBeenCalled();
  });

  it.each([
    'Connection timeout',
    'Unable to connect to the database. Please check your internet connection and try again.',
    'Network error when connecting to authentication service',
  ])('shows troubleshooting tips for the connection message "%s"', (message) => {
    renderScreen(message);
    expect(screen.getByText('Troubleshooting tips')).toBeInTheDocument();
    expect(screen.getByText('Check that you are connected to the internet.')).toBeInTheDocument();
  });

  it.each([
    'Failed to load profile',
    'Failed to initialize authentication',
    'Authentication token error - please try signing in again',
  ])('shows no troubleshooting tips for "%s"', (message) => {
    renderScreen(message);
    expect(screen.queryByText('Troubleshooting tips')).not.toBeInTheDocument();
    expect(screen.queryByText('Check that you are connected to the internet.')).not.toBeInTheDocument();
  });

  it('while retrying the first button reads "Trying..." and is disabled', async () => {
    const { user, onRetry } = renderScreen('Connection timeout', { retrying: true });
    const button = screen.getByRole('button', { name: 'Trying...' });
    expect(button).toBeDisabled();
    await user.click(button);
    expect(onRetry).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign Out & Restart' })).toBeEnabled();
  });

  it('as an overlay it still offers both actions', () => {
    renderScreen('Connection timeout', { overlay: true });
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out & Restart' })).toBeInTheDocument();
  });

  it('as an overlay over a page it takes focus and keeps Tab on its two choices until one is made', async () => {
    const onRetry = vi.fn();
    const user = userEvent.setup();
    render(
      <>
        <button type="button">A button of the page behind</button>
        <ErrorScreen message="Connection timeout" onRetry={onRetry} onSignOutRestart={() => {}} overlay />
      </>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Error' });
    expect(dialog).toHaveAccessibleDescription('Connection timeout');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let step = 0; step < 5; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Error' })).toBeInTheDocument();
    expect(onRetry).not.toHaveBeenCalled();
  });
});
