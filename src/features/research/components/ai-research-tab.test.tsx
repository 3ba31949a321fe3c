import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useResearchStore } from '../research-store';
import { researchTarget } from '../research-target';
import { AiResearchTab } from './ai-research-tab';

const target = researchTarget({
  industry: 'Software',
  company: null,
  role: 'Startup Founder',
  about_me: 'Compilers',
});

function renderTab() {
  render(<AiResearchTab target={target} apiBaseUrl="/api" onUse={vi.fn()} />);
  fireEvent.click(screen.getByLabelText('Add specific websites to research'));
  return screen.getByLabelText('Website to research');
}

beforeEach(() => useResearchStore.getState().reset());

describe('the websites to research', () => {
  it('adds a scheme-less site on Enter and shows it without the scheme', async () => {
    const site = renderTab();
    await userEvent.type(site, 'techcrunch.com/{Enter}');
    const chips = screen.getByRole('list', { name: 'Websites to research' });
    expect(within(chips).getByRole('listitem')).toHaveTextContent('techcrunch.com');
    expect(site).toHaveValue('');
    expect(site).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('answers something that is not a website with the app’s own message and keeps the text', async () => {
    const site = renderTab();
    await userEvent.type(site, 'the best tech blogs{Enter}');
    expect(
      screen.getByText('“the best tech blogs” is not a website address. Enter one like techcrunch.com.'),
    ).toBeVisible();
    expect(site).toHaveValue('the best tech blogs');
    expect(site).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('list', { name: 'Websites to research' })).toBeNull();
    expect(site.closest('form')).toHaveAttribute('novalidate');

    await userEvent.clear(site);
    expect(screen.queryByText(/is not a website address/)).toBeNull();
    await userEvent.type(site, 'the-best-tech-blog.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      within(screen.getByRole('list', { name: 'Websites to research' })).getByRole('listitem'),
    ).toHaveTextContent('the-best-tech-blog.com');
  });
});
