import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { UserMenu } from './user-menu';

function renderMenu(
  props: { fullName?: string | null; role?: string | null; onSignOut?: () => Promise<void> } = {},
) {
  const onSignOut = props.onSignOut ?? vi.fn(async () => {});
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route
          path="/"
          element={<UserMenu fullName={props.fullName} role={props.role} onSignOut={onSignOut} />}
        />
        <Route path="/settings" element={<p>Settings page marker</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return { user, onSignOut };
}

const trigger = () => screen.getByRole('button', { name: /^Account menu for/ });
/** The avatar's letter is drawn by CSS from data-initial (so it stays out of the button's text). */
const avatarInitial = () => trigger().querySelector('[data-initial]')?.getAttribute('data-initial');

describe('UserMenu', () => {
  it.each([
    ['missing', undefined, undefined],
    ['null', null, null],
    ['blank', '   ', '  '],
  ])(
    'with a %s name and role it shows the fallbacks "U", "Your Name" and "Set up your profile"',
    (_label, fullName, role) => {
      renderMenu({ fullName, role });
      expect(trigger()).toHaveAccessibleName('Account menu for Your Name, Set up your profile');
      expect(trigger()).toHaveTextContent(/^Your Name Set up your profile$/);
      expect(avatarInitial()).toBe('U');
      expect(screen.getByText('Your Name')).toBeInTheDocument();
      expect(screen.getByText('Set up your profile')).toBeInTheDocument();
    },
  );

  it('shows the upper-cased first letter of the name, the name and the role', () => {
    renderMenu({ fullName: 'ada lovelace', role: 'Data Scientist' });
    expect(trigger()).toHaveAccessibleName('Account menu for ada lovelace, Data Scientist');
    expect(trigger()).toHaveTextContent(/^ada lovelace Data Scientist$/);
    expect(avatarInitial()).toBe('A');
    expect(screen.getByText('ada lovelace')).toBeInTheDocument();
    expect(screen.getByText('Data Scientist')).toBeInTheDocument();
    expect(screen.queryByText('Set up your profile')).not.toBeInTheDocument();
  });

  it('ignores leading spaces when taking the initial', () => {
    renderMenu({ fullName: '  grace hopper', role: 'Other' });
    expect(avatarInitial()).toBe('G');
  });

  it.each([
    ['👩‍💻 Dev Rel', '👩‍💻'],
    ['𝒜lice', '𝒜'],
    ['e\u0301mile', 'E\u0301'],
  ])('takes a leading emoji or letter of %j whole, as the author block does: %j', (fullName, initial) => {
    renderMenu({ fullName, role: 'Other' });
    expect(avatarInitial()).toBe(initial);
  });

  it('is closed at first and opens a menu with "Settings" and "Sign Out"', async () => {
    const { user } = renderMenu({ fullName: 'Ada' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(trigger()).toHaveAttribute('aria-haspopup', 'menu');

    await user.click(trigger());
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent?.trim())).toEqual(['Settings', 'Sign Out']);
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();

    await user.click(trigger());
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('"Settings" goes to /settings', async () => {
    const { user } = renderMenu({ fullName: 'Ada' });
    await user.click(trigger());
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
    expect(screen.getByText('Settings page marker')).toBeInTheDocument();
  });

  it('"Sign Out" calls onSignOut once and closes the menu', async () => {
    const { user, onSignOut } = renderMenu({ fullName: 'Ada' });
    await user.click(trigger());
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('Escape closes the menu', async () => {
    const { user } = renderMenu({ fullName: 'Ada' });
    await user.click(trigger());
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('a click outside closes the menu, a click inside it does not', async () => {
    const { user } = renderMenu({ fullName: 'Ada' });
    await user.click(trigger());
    await user.pointer({ keys: '[MouseLeft>]', target: screen.getByRole('menu') });
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.pointer({ keys: '[/MouseLeft]' });
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
