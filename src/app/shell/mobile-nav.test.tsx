import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { MobileNav } from './mobile-nav';

function renderNav(path = '/calendar') {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <MobileNav />
      <Routes>
        <Route path="*" element={<p>Page marker</p>} />
        <Route path="/settings" element={<p>Settings page marker</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return { user, opener: screen.getByRole('button', { name: 'Open navigation' }) };
}

describe('MobileNav (the navigation below 768 px)', () => {
  it('opens a drawer with every entry, Settings included, the current page marked and focused', async () => {
    const { user, opener } = renderNav('/calendar');
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    await user.click(opener);
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    const drawer = screen.getByRole('dialog', { name: 'Navigation' });
    const nav = within(drawer).getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent?.trim()),
    ).toEqual(['Generate', 'Ideas Bank', 'Saved Posts', 'Calendar', 'Results', 'Settings']);
    expect(within(nav).getByRole('link', { name: 'Calendar' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Calendar' })).toHaveFocus();
    expect(within(drawer).getByRole('button', { name: 'Generate Post' })).toBeInTheDocument();
  });

  it('goes to the chosen page and closes', async () => {
    const { user, opener } = renderNav();
    await user.click(opener);
    await user.click(screen.getByRole('link', { name: 'Settings' }));
    expect(screen.getByText('Settings page marker')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on Escape and on its close button, giving focus back to the menu button', async () => {
    const { user, opener } = renderNav();
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close navigation' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps Tab inside the open drawer', async () => {
    const { user, opener } = renderNav('/');
    await user.click(opener);
    const drawer = screen.getByRole('dialog', { name: 'Navigation' });
    for (let step = 0; step < 12; step += 1) {
      await user.tab();
      expect(drawer).toContainElement(document.activeElement as HTMLElement);
    }
  });
});
