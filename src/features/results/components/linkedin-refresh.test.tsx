import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { autoRefreshAfterRefusalMs, autoRefreshEveryMs, noteRefresh } from '../auto-refresh';
import { LinkedInRefresh, type RefreshOutcome } from './linkedin-refresh';

function renderRefresh(answer: () => Promise<RefreshOutcome>, userId: string | null = null) {
  const reloads: number[] = [];
  render(
    <LinkedInRefresh
      userId={userId}
      onRefresh={answer}
      onRefreshed={() => Promise.resolve(reloads.push(1))}
    />,
  );
  const button = () => screen.getByRole('button', { name: /from LinkedIn/ });
  return { reloads, button };
}

describe('"Refresh from LinkedIn" on the Results page', () => {
  it('says how many posts were read, how many wait for the next refresh, and reloads the results', async () => {
    const { reloads, button } = renderRefresh(() => Promise.resolve({ read: 20, due: 23, waiting: 4 }));
    await userEvent.click(button());
    await screen.findByText(
      'Read the latest figures of 20 posts from LinkedIn. 3 more are read on the next refresh.',
    );
    expect(reloads).toHaveLength(1);
    expect(button()).toHaveAccessibleName('Refresh from LinkedIn');
  });

  it('says when no post was due, without reloading', async () => {
    const { reloads, button } = renderRefresh(() => Promise.resolve({ read: 0, due: 0, waiting: 5 }));
    await userEvent.click(button());
    await screen.findByText(/^No post was due: LinkedIn's figures are read a few times/);
    expect(reloads).toHaveLength(0);
  });

  it("shows LinkedIn's refusal in the server's words, and is ready to try again", async () => {
    let release: () => void = () => {};
    const { button } = renderRefresh(
      () =>
        new Promise((_, reject) => {
          release = () => reject(new Error('LinkedIn has had too many requests for results today.'));
        }),
    );
    await userEvent.click(button());
    expect(button()).toHaveAccessibleName('Refreshing from LinkedIn...');
    expect(button()).toBeDisabled();
    release();
    await screen.findByText('LinkedIn has had too many requests for results today.');
    expect(button()).toBeEnabled();
  });
});

describe('Results refreshes from LinkedIn by itself, politely', () => {
  const user = 'user-1';
  const hour = 3_600_000;
  afterEach(() => window.localStorage.clear());

  it('reads the due figures when the page opens, says what it read and reloads the results', async () => {
    const answer = vi.fn(() => Promise.resolve({ read: 2, due: 2, waiting: 1 }));
    const { reloads } = renderRefresh(answer, user);
    await screen.findByText('Read the latest figures of 2 posts from LinkedIn.');
    expect(answer).toHaveBeenCalledTimes(1);
    expect(reloads).toHaveLength(1);
  });

  it('says nothing when nothing was due, and does not ask again within the period', async () => {
    const answer = vi.fn(() => Promise.resolve({ read: 0, due: 0, waiting: 3 }));
    const { button } = renderRefresh(answer, user);
    await waitFor(() => expect(button()).toHaveAccessibleName('Refresh from LinkedIn'));
    expect(answer).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    // Opened again an hour later: not asked (the server's shortest gap is four hours).
    cleanup();
    renderRefresh(answer, user);
    expect(answer).toHaveBeenCalledTimes(1);
  });

  it('asks again once the period has passed, and only for the user it was noted for', () => {
    const answer = vi.fn(() => new Promise<RefreshOutcome>(() => {}));
    noteRefresh(user, { at: Date.now() - autoRefreshEveryMs + hour, refused: false });
    renderRefresh(answer, user);
    expect(answer).not.toHaveBeenCalled();
    cleanup();
    renderRefresh(answer, 'user-2');
    expect(answer).toHaveBeenCalledTimes(1);
    cleanup();
    noteRefresh(user, { at: Date.now() - autoRefreshEveryMs - 1, refused: false });
    renderRefresh(answer, user);
    expect(answer).toHaveBeenCalledTimes(2);
  });

  it('says which source is unavailable when LinkedIn refuses, and waits a day before asking by itself again', async () => {
    const refusal = "LinkedIn's API does not give this app your posts' results.";
    const answer = vi.fn(() => Promise.reject(new Error(refusal)));
    renderRefresh(answer, user);
    await screen.findByText(refusal);
    cleanup();

    const later = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + autoRefreshEveryMs + hour);
    renderRefresh(answer, user);
    expect(answer).toHaveBeenCalledTimes(1);
    cleanup();
    later.mockRestore();
    noteRefresh(user, { at: Date.now() - autoRefreshAfterRefusalMs - 1, refused: true });
    renderRefresh(answer, user);
    await screen.findByText(refusal);
    expect(answer).toHaveBeenCalledTimes(2);
  });

  it('counts a refresh the author asked for, so the page does not repeat it on opening', async () => {
    const answer = vi.fn(() => Promise.resolve({ read: 0, due: 0, waiting: 0 }));
    const start = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start);
    // Opened: the page asks by itself.
    const { button } = renderRefresh(answer, user);
    await waitFor(() => expect(button()).toBeEnabled());
    expect(answer).toHaveBeenCalledTimes(1);
    // Three hours later the author asks.
    clock.mockReturnValue(start + 3 * hour);
    await userEvent.click(button());
    await screen.findByText(/^No post was due/);
    expect(answer).toHaveBeenCalledTimes(2);
    cleanup();
    // Five hours after opening, two after the click: not asked again.
    clock.mockReturnValue(start + 5 * hour);
    renderRefresh(answer, user);
    expect(answer).toHaveBeenCalledTimes(2);
    clock.mockRestore();
  });
});
