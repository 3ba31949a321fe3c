import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { defaultModelCatalog } from '@shared/model-catalog';
import { invalidBrandColorMessage } from '../carousel-choices';
import type { AiServiceState, EngineAvailability } from '@/lib/ai/ai-service-state';
import { britishSalesCoach } from '@/lib/voice/fixtures/sales-coach-posts';
import { useProfileStore } from '../profile-store';
import { SettingsPage } from './settings-page';

// What the page draws from its props alone, with the store as a fresh page has it (no profile).
// Everything that loads or saves a profile runs against the real backend in tests/ui/settings-page.test.tsx.

const allConfigured: EngineAvailability = {
  groq: true,
  anthropic: true,
  perplexity: true,
  youtube: true,
  'openai-compatible': false,
};
const ready = (engines: Partial<EngineAvailability> = {}): AiServiceState => ({
  status: 'ready',
  catalog: defaultModelCatalog,
  engines: { ...allConfigured, ...engines },
});

function renderPage(aiService: AiServiceState = ready()) {
  render(
    <MemoryRouter>
      <SettingsPage aiService={aiService} />
    </MemoryRouter>,
  );
}

describe('SettingsPage', () => {
  beforeEach(() => useProfileStore.getState().reset());

  it('marks an engine the server has not configured', () => {
    renderPage(ready({ anthropic: false }));
    expect(screen.getByRole('radio', { name: /^Anthropic/ })).toHaveAccessibleName(
      expect.stringContaining('Not configured on this server yet'),
    );
    expect(screen.getByRole('radio', { name: /^Groq/ })).not.toHaveAccessibleName(
      expect.stringContaining('Not configured'),
    );
  });

  it('with no profile the form starts from the defaults', () => {
    renderPage();
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    expect(screen.getByLabelText('Writing style')).toHaveValue('Professional and formal');
    expect(screen.getByLabelText('Role')).toHaveValue('Software Engineer');
    // No choice: the language follows the posts, and with none, the default.
    expect(screen.getByLabelText('Language')).toHaveValue('');
    expect(screen.getByLabelText('Language')).toHaveDisplayValue('Default: American English');
    expect(screen.getByRole('radio', { name: /^Groq/ })).toBeChecked();
    expect(screen.getByLabelText('Model')).toHaveValue('openai/gpt-oss-120b');
  });

  it('after "Learn my voice", says which samples each phrase the author uses is in', async () => {
    const user = userEvent.setup();
    renderPage();
    const voice = screen.getByRole('form', { name: 'Your voice' });
    for (const [index, post] of britishSalesCoach.entries()) {
      if (index >= 3) await user.click(within(voice).getByRole('button', { name: 'Add a sample' }));
      await user.click(within(voice).getByLabelText(`Sample ${index + 1}`));
      await user.paste(post);
    }
    await user.click(within(voice).getByRole('button', { name: 'Learn my voice' }));
    const notes = within(voice).getByRole('list', { name: 'Where your phrases appear' });
    expect(within(notes).getByText("“Here's what I'd do instead” in samples 1, 2 and 4")).toBeInTheDocument();
    expect(
      within(notes).getByText('“Boring? Yes. Works? Also yes.” in samples 1, 3 and 5'),
    ).toBeInTheDocument();
  });

  it('says in words that a brand colour is not #rrggbb, saves nothing, and the swatch follows a good one', async () => {
    const user = userEvent.setup();
    renderPage();
    const color = screen.getByLabelText('Brand colour');
    const swatch = screen.getByLabelText('Pick the brand colour');
    expect(color).toHaveValue('');
    expect(swatch).toHaveValue('#0a66c2');
    expect(screen.getByLabelText('Default theme')).toHaveDisplayValue('Light');
    expect(screen.getByLabelText('Default format')).toHaveDisplayValue('Portrait 4:5');

    await user.type(color, 'blue');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(color).toHaveAttribute('aria-invalid', 'true');
    expect(color).toHaveAccessibleDescription(invalidBrandColorMessage);
    expect(color).toHaveValue('blue');
    expect(swatch).toHaveValue('#0a66c2');
    // Nothing was sent: no banner, and no error from a save (this page has no backend).
    expect(screen.queryByText('Settings saved successfully')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.clear(color);
    await user.type(color, '#E0115F');
    expect(swatch).toHaveValue('#e0115f');
    fireEvent.input(swatch, { target: { value: '#336699' } });
    expect(color).toHaveValue('#336699');
  });
});
