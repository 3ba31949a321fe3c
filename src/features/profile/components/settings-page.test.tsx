import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { defaultModelCatalog } from '@shared/model-catalog';
import type { AiServiceState, EngineAvailability } from '@/lib/ai/ai-service-state';
import { useProfileStore } from '../profile-store';
import { SettingsPage } from './settings-page';

// What the page draws from its props alone, with the store as a fresh page has it (no profile).
// Everything that loads or saves a profile runs against the real backend in tests/ui/settings-page.test.tsx.

const allConfigured: EngineAvailability = { groq: true, anthropic: true, perplexity: true, youtube: true };
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
    expect(screen.getByLabelText('Language')).toHaveValue('en-US');
    expect(screen.getByRole('radio', { name: /^Groq/ })).toBeChecked();
    expect(screen.getByLabelText('Model')).toHaveValue('openai/gpt-oss-120b');
  });
});
