import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LinkedInRefresh, type RefreshOutcome } from './linkedin-refresh';

function renderRefresh(answer: () => Promise<RefreshOutcome>) {
  const reloads: number[] = [];
  render(<LinkedInRefresh onRefresh={answer} onRefreshed={() => Promise.resolve(reloads.push(1))} />);
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
