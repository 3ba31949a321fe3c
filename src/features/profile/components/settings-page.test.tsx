import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { defaultModelCatalog } from '@shared/model-catalog';
import type { AiServiceState, EngineAvailability } from '@/lib/ai/ai-service-state';
import type { Profile, ProfileFields } from '@/lib/supabase/database-types';
import { useProfileStore } from '../profile-store';
import { SettingsPage } from './settings-page';

const profile: Profile = {
  id: 'user-1',
  full_name: 'Ada Lovelace',
  company: 'Analytical Engines',
  website: 'https://ada.example.com',
  about_me: 'I write the first programs.',
  industry: 'Computing',
  writing_style: 'Technical and detailed',
  role: 'Data Scientist',
  ai_engine: 'groq',
  ai_model: 'openai/gpt-oss-20b',
  language_preference: 'en-GB',
  updated_at: '2026-01-01T00:00:00.000Z',
};

type SaveProfile = (fields: Partial<ProfileFields>) => Promise<Profile>;

const allConfigured: EngineAvailability = { groq: true, anthropic: true, perplexity: true, youtube: true };
const ready = (engines: Partial<EngineAvailability> = {}): AiServiceState => ({
  status: 'ready',
  catalog: defaultModelCatalog,
  engines: { ...allConfigured, ...engines },
});

function seed(saveProfile: SaveProfile, overrides: Partial<Profile> = {}) {
  useProfileStore.setState({
    profile: { ...profile, ...overrides },
    loading: false,
    error: null,
    saveProfile,
  });
}

function renderPage(user = userEvent.setup()) {
  render(
    <MemoryRouter initialEntries={['/settings']}>
      <Routes>
        <Route path="/settings" element={<SettingsPage aiService={ready()} />} />
        <Route path="/" element={<p>Dashboard marker</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return user;
}

const saveButton = () => screen.getByRole('button', { name: 'Save Changes' });

describe('SettingsPage', () => {
  const initialState = useProfileStore.getInitialState();

  beforeEach(() => {
    useProfileStore.setState(initialState, true);
  });

  afterEach(() => {
    // Unmount before touching the store, so the reset is not a stray update of a mounted page.
    cleanup();
    useProfileStore.setState(initialState, true);
    vi.useRealTimers();
  });

  it('shows a "Back to Dashboard" link to / and the title "Profile Settings"', async () => {
    seed(vi.fn<SaveProfile>());
    const user = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeInTheDocument();
    const back = screen.getByRole('link', { name: 'Back to Dashboard' });
    expect(back).toHaveAttribute('href', '/');
    await user.click(back);
    expect(screen.getByText('Dashboard marker')).toBeInTheDocument();
  });

  it('prefills every field from the profile', () => {
    seed(vi.fn<SaveProfile>());
    renderPage();
    expect(screen.getByLabelText('Full name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Company')).toHaveValue('Analytical Engines');
    expect(screen.getByLabelText('Industry')).toHaveValue('Computing');
    expect(screen.getByLabelText('Website')).toHaveValue('https://ada.example.com');
    expect(screen.getByLabelText('About me')).toHaveValue('I write the first programs.');
    expect(screen.getByLabelText('Writing style')).toHaveValue('Technical and detailed');
    expect(screen.getByLabelText('Role')).toHaveValue('Data Scientist');
    expect(screen.getByLabelText('Language')).toHaveValue('en-GB');
    expect(screen.getByRole('radio', { name: /^Groq/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^Anthropic/ })).not.toBeChecked();
    expect(screen.getByLabelText('Model')).toHaveValue('openai/gpt-oss-20b');
  });

  it('uses a URL input for the website', () => {
    seed(vi.fn<SaveProfile>());
    renderPage();
    expect(screen.getByLabelText('Website')).toHaveAttribute('type', 'url');
  });

  it('offers "American English" and "British English" as languages', () => {
    seed(vi.fn<SaveProfile>());
    renderPage();
    const options = within(screen.getByLabelText('Language')).getAllByRole('option');
    expect(options.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['en-US', 'American English'],
      ['en-GB', 'British English'],
    ]);
  });

  it('a profile with a retired model shows its successor in the model select', () => {
    seed(vi.fn<SaveProfile>(), { ai_engine: 'anthropic', ai_model: 'claude-3-5-sonnet-20241022' });
    renderPage();
    expect(screen.getByRole('radio', { name: /^Anthropic/ })).toBeChecked();
    expect(screen.getByLabelText('Model')).toHaveValue('claude-sonnet-4-6');
  });

  it('shows the two engine cards with their descriptions', () => {
    seed(vi.fn<SaveProfile>());
    renderPage();
    expect(screen.getByRole('radio', { name: /^Groq/ })).toHaveAccessibleName(
      expect.stringContaining('Fast inference with competitive performance'),
    );
    expect(screen.getByRole('radio', { name: /^Anthropic/ })).toHaveAccessibleName(
      expect.stringContaining('Advanced capabilities with Claude models'),
    );
    expect(screen.getByText('Fast inference with competitive performance')).toBeInTheDocument();
    expect(screen.getByText('Advanced capabilities with Claude models')).toBeInTheDocument();
  });

  it('marks an engine the server has not configured', () => {
    seed(vi.fn<SaveProfile>());
    render(
      <MemoryRouter>
        <SettingsPage aiService={ready({ anthropic: false })} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('radio', { name: /^Anthropic/ })).toHaveAccessibleName(
      expect.stringContaining('Not configured on this server yet'),
    );
    expect(screen.getByRole('radio', { name: /^Groq/ })).not.toHaveAccessibleName(
      expect.stringContaining('Not configured'),
    );
  });

  it('choosing an engine resets the model select to that engine’s first model and lists only its models', async () => {
    seed(vi.fn<SaveProfile>());
    const user = renderPage();
    const model = screen.getByLabelText('Model');

    await user.click(screen.getByRole('radio', { name: /^Anthropic/ }));
    expect(screen.getByRole('radio', { name: /^Anthropic/ })).toBeChecked();
    expect(model).toHaveValue('claude-sonnet-4-6');
    expect(
      within(model)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['claude-sonnet-4-6', 'claude-opus-4-6', 'claude-haiku-4-5']);

    await user.selectOptions(model, 'claude-haiku-4-5');
    expect(model).toHaveValue('claude-haiku-4-5');

    await user.click(screen.getByRole('radio', { name: /^Groq/ }));
    expect(screen.getByRole('radio', { name: /^Groq/ })).toBeChecked();
    expect(model).toHaveValue('openai/gpt-oss-120b');
    expect(
      within(model)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['openai/gpt-oss-120b', 'openai/gpt-oss-20b']);
  });

  it('switching engine without touching the model saves that engine’s first model (not the old engine’s model)', async () => {
    const saveProfile = vi.fn<SaveProfile>(async () => profile);
    seed(saveProfile);
    const user = renderPage();

    await user.click(screen.getByRole('radio', { name: /^Anthropic/ }));
    await user.click(saveButton());
    expect(saveProfile).toHaveBeenLastCalledWith(
      expect.objectContaining({ ai_engine: 'anthropic', ai_model: 'claude-sonnet-4-6' }),
    );
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Model'), 'claude-haiku-4-5');
    await user.click(screen.getByRole('radio', { name: /^Groq/ }));
    await user.click(saveButton());
    expect(saveProfile).toHaveBeenLastCalledWith(
      expect.objectContaining({ ai_engine: 'groq', ai_model: 'openai/gpt-oss-120b' }),
    );
  });

  it('saves the edited fields, showing "Saving..." while pending and then the banner for 3 seconds', async () => {
    let finish: (value: Profile) => void = () => {};
    const saveProfile = vi.fn<SaveProfile>(() => new Promise<Profile>((resolve) => (finish = resolve)));
    seed(saveProfile);
    const user = renderPage();

    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), '  Ada King  ');
    await user.clear(screen.getByLabelText('Website'));
    await user.type(screen.getByLabelText('Website'), 'ada.example.org');
    await user.selectOptions(screen.getByLabelText('Language'), 'en-US');
    await user.selectOptions(screen.getByLabelText('Role'), 'Startup Founder');
    await user.click(screen.getByRole('radio', { name: /^Anthropic/ }));
    await user.selectOptions(screen.getByLabelText('Model'), 'claude-opus-4-6');
    await user.click(saveButton());

    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.queryByText('Settings saved successfully')).not.toBeInTheDocument();
    expect(saveProfile).toHaveBeenCalledTimes(1);
    expect(saveProfile).toHaveBeenCalledWith({
      full_name: 'Ada King',
      company: 'Analytical Engines',
      website: 'https://ada.example.org',
      industry: 'Computing',
      about_me: 'I write the first programs.',
      writing_style: 'Technical and detailed',
      role: 'Startup Founder',
      language_preference: 'en-US',
      ai_engine: 'anthropic',
      ai_model: 'claude-opus-4-6',
    });

    // Fake timers from here on, so the banner's 3 s timer is measured exactly.
    vi.useFakeTimers();
    await act(async () => {
      finish({ ...profile, full_name: 'Ada King' });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Settings saved successfully');
    expect(saveButton()).toBeEnabled();
    // The website is shown as it was saved.
    expect(screen.getByLabelText('Website')).toHaveValue('https://ada.example.org');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(2999);
    });
    expect(screen.getByText('Settings saved successfully')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.queryByText('Settings saved successfully')).not.toBeInTheDocument();
  });

  it('shows a failed save in an alert and keeps what was typed', async () => {
    const message = 'Unable to connect to the database. Please check your internet connection and try again.';
    const saveProfile = vi.fn<SaveProfile>(async () => {
      throw new Error(message);
    });
    seed(saveProfile);
    const user = renderPage();

    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), 'Countess of Lovelace');
    await user.type(screen.getByLabelText('About me'), ' More text.');
    await user.selectOptions(screen.getByLabelText('Writing style'), 'Casual and conversational');
    await user.click(saveButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText('Settings saved successfully')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Countess of Lovelace');
    expect(screen.getByLabelText('About me')).toHaveValue('I write the first programs. More text.');
    expect(screen.getByLabelText('Writing style')).toHaveValue('Casual and conversational');
    expect(saveButton()).toBeEnabled();
  });

  it('a later successful save clears the error box', async () => {
    const saveProfile = vi
      .fn<SaveProfile>()
      .mockRejectedValueOnce(new Error('No authenticated user'))
      .mockResolvedValueOnce(profile);
    seed(saveProfile);
    const user = renderPage();
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('No authenticated user');
    await user.click(saveButton());
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an invalid website blocks saving and shows the website message', async () => {
    const saveProfile = vi.fn<SaveProfile>(async () => profile);
    seed(saveProfile);
    const user = renderPage();
    const website = screen.getByLabelText('Website');
    await user.clear(website);
    await user.type(website, 'not a url');
    await user.click(saveButton());

    expect(saveProfile).not.toHaveBeenCalled();
    expect(website).toHaveAttribute('aria-invalid', 'true');
    expect(website).toHaveAccessibleDescription(
      'Please enter a valid website address, like https://example.com',
    );
    expect(website).toHaveValue('not a url');
    expect(screen.queryByText('Settings saved successfully')).not.toBeInTheDocument();

    await user.clear(website);
    await user.click(saveButton());
    expect(saveProfile).toHaveBeenCalledWith(expect.objectContaining({ website: '' }));
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    expect(website).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('with no profile the form starts from the defaults', () => {
    useProfileStore.setState({ profile: null, loading: false, saveProfile: vi.fn<SaveProfile>() });
    renderPage();
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    expect(screen.getByLabelText('Writing style')).toHaveValue('Professional and formal');
    expect(screen.getByLabelText('Role')).toHaveValue('Software Engineer');
    expect(screen.getByLabelText('Language')).toHaveValue('en-US');
    expect(screen.getByRole('radio', { name: /^Groq/ })).toBeChecked();
    expect(screen.getByLabelText('Model')).toHaveValue('openai/gpt-oss-120b');
  });
});
