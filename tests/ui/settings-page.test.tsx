import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { invalidBrandColorMessage } from '@/features/profile/carousel-choices';
import type { Profile, ProfileFields } from '@/lib/supabase/database-types';
import { setupApp, type TestUser } from '../helpers/render-app.tsx';

// Settings through the real profile store and backend: the form is filled from the stored profile
// (loaded by the auth gate), the engines come from the real /api, and a save is read back from the database.
const app = setupApp();

const ada: Partial<ProfileFields> = {
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
};

const saveButton = () => screen.getByRole('button', { name: 'Save Changes' });
const savedBanner = 'Settings saved successfully';
const connectionMessage =
  'Unable to connect to the database. Please check your internet connection and try again.';

/** Signs Ada up and opens /settings once the form shows her profile and the engines have loaded. */
async function openSettings(profile: Partial<ProfileFields> = {}) {
  const writer = await app.signUp({ profile: { ...ada, ...profile } });
  const rendered = app.renderApp('/settings');
  await screen.findByRole('heading', { level: 1, name: 'Profile Settings' });
  await screen.findByRole('radio', { name: /^Groq/ });
  return { writer, ...rendered };
}

async function storedProfile(writer: TestUser): Promise<Profile> {
  const { data, error } = await writer.client.from('profiles').select('*').eq('id', writer.id).single();
  if (error) throw new Error(error.message);
  return data as Profile;
}

describe('Settings page', () => {
  it('shows a "Back to Dashboard" link to / and the title "Profile Settings"', async () => {
    const { user } = await openSettings();
    const back = screen.getByRole('link', { name: 'Back to Dashboard' });
    expect(back).toHaveAttribute('href', '/');
    await user.click(back);
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Post' })).toBeInTheDocument();
  });

  it('prefills every field from the stored profile', async () => {
    await openSettings();
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

  it('uses a URL input for the website and offers American and British English after following the posts', async () => {
    await openSettings();
    expect(screen.getByLabelText('Website')).toHaveAttribute('type', 'url');
    const options = within(screen.getByLabelText('Language')).getAllByRole('option');
    expect(options.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['', 'Default: American English'],
      ['en-US', 'American English'],
      ['en-GB', 'British English'],
    ]);
  });

  it('a stored retired model shows its successor, is upgraded in the database, and the user is told', async () => {
    const { writer } = await openSettings({ ai_engine: 'anthropic', ai_model: 'claude-3-5-sonnet-20241022' });
    expect(screen.getByRole('radio', { name: /^Anthropic/ })).toBeChecked();
    expect(screen.getByLabelText('Model')).toHaveValue('claude-sonnet-4-6');
    expect(await screen.findByText(/claude-3-5-sonnet-20241022 is no longer available/)).toBeInTheDocument();
    expect(await storedProfile(writer)).toMatchObject({
      ai_engine: 'anthropic',
      ai_model: 'claude-sonnet-4-6',
    });
  });

  it('shows the two engine cards with their descriptions, both configured on this server', async () => {
    await openSettings();
    const groq = screen.getByRole('radio', { name: /^Groq/ });
    const anthropic = screen.getByRole('radio', { name: /^Anthropic/ });
    expect(groq).toHaveAccessibleName(expect.stringContaining('Fast inference with competitive performance'));
    expect(anthropic).toHaveAccessibleName(
      expect.stringContaining('Advanced capabilities with Claude models'),
    );
    expect(screen.getByText('Fast inference with competitive performance')).toBeInTheDocument();
    expect(screen.getByText('Advanced capabilities with Claude models')).toBeInTheDocument();
    expect(anthropic).not.toHaveAccessibleName(expect.stringContaining('Not configured'));
    expect(groq).not.toHaveAccessibleName(expect.stringContaining('Not configured'));
  });

  it('choosing an engine resets the model select to that engine’s first model and lists only its models', async () => {
    const { user } = await openSettings();
    const model = screen.getByLabelText('Model');
    const modelIds = () =>
      within(model)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value'));

    await user.click(screen.getByRole('radio', { name: /^Anthropic/ }));
    expect(screen.getByRole('radio', { name: /^Anthropic/ })).toBeChecked();
    expect(model).toHaveValue('claude-sonnet-4-6');
    expect(modelIds()).toEqual(['claude-sonnet-4-6', 'claude-opus-4-6', 'claude-haiku-4-5']);

    await user.selectOptions(model, 'claude-haiku-4-5');
    expect(model).toHaveValue('claude-haiku-4-5');

    await user.click(screen.getByRole('radio', { name: /^Groq/ }));
    expect(screen.getByRole('radio', { name: /^Groq/ })).toBeChecked();
    expect(model).toHaveValue('openai/gpt-oss-120b');
    expect(modelIds()).toEqual(['openai/gpt-oss-120b', 'openai/gpt-oss-20b']);
  });

  it('switching engine without touching the model saves that engine’s first model (not the old engine’s)', async () => {
    const { writer, user } = await openSettings();
    await user.click(screen.getByRole('radio', { name: /^Anthropic/ }));
    await user.click(saveButton());
    expect(await screen.findByText(savedBanner)).toBeInTheDocument();
    expect(await storedProfile(writer)).toMatchObject({
      ai_engine: 'anthropic',
      ai_model: 'claude-sonnet-4-6',
    });

    await user.selectOptions(screen.getByLabelText('Model'), 'claude-haiku-4-5');
    await user.click(screen.getByRole('radio', { name: /^Groq/ }));
    await user.click(saveButton());
    await waitFor(async () =>
      expect(await storedProfile(writer)).toMatchObject({
        ai_engine: 'groq',
        ai_model: 'openai/gpt-oss-120b',
      }),
    );
  });

  it('saves the edited fields, showing "Saving..." while pending and then the banner for 3 seconds', async () => {
    const { writer, user } = await openSettings();
    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), '  Ada King  ');
    await user.clear(screen.getByLabelText('Website'));
    await user.type(screen.getByLabelText('Website'), 'ada.example.org');
    await user.selectOptions(screen.getByLabelText('Language'), 'en-US');
    await user.selectOptions(screen.getByLabelText('Role'), 'Startup Founder');
    await user.click(screen.getByRole('radio', { name: /^Anthropic/ }));
    await user.selectOptions(screen.getByLabelText('Model'), 'claude-opus-4-6');

    // Watched from before the click: the request is on its way while the button says so.
    const savingShown = waitFor(() =>
      expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled(),
    );
    await user.click(saveButton());
    await savingShown;

    const banner = await screen.findByText(savedBanner);
    const shownAt = Date.now();
    expect(saveButton()).toBeEnabled();
    // The website is shown as it was saved.
    expect(screen.getByLabelText('Website')).toHaveValue('https://ada.example.org');
    expect(await storedProfile(writer)).toMatchObject({
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

    await waitFor(() => expect(banner).not.toBeInTheDocument(), { timeout: 6000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2900);
  });

  it('shows a save that cannot reach the server in an alert and keeps what was typed; a later save clears it', async () => {
    const { writer, user } = await openSettings();
    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), 'Countess of Lovelace');
    await user.type(screen.getByLabelText('About me'), ' More text.');
    await user.selectOptions(screen.getByLabelText('Writing style'), 'Casual and conversational');
    await app.stopServer();
    await user.click(saveButton());

    const alert = await screen.findByText(connectionMessage, { selector: '[role="alert"]' });
    expect(alert).toBeInTheDocument();
    expect(screen.queryByText(savedBanner)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Countess of Lovelace');
    expect(screen.getByLabelText('About me')).toHaveValue('I write the first programs. More text.');
    expect(screen.getByLabelText('Writing style')).toHaveValue('Casual and conversational');
    expect(saveButton()).toBeEnabled();

    await app.startServer();
    expect(await storedProfile(writer)).toMatchObject({ full_name: 'Ada Lovelace' });
    await user.click(saveButton());
    expect(await screen.findByText(savedBanner)).toBeInTheDocument();
    expect(screen.queryByText(connectionMessage, { selector: '[role="alert"]' })).not.toBeInTheDocument();
    expect(await storedProfile(writer)).toMatchObject({
      full_name: 'Countess of Lovelace',
      about_me: 'I write the first programs. More text.',
      writing_style: 'Casual and conversational',
    });
  });

  it('an invalid website blocks saving and shows the website message', async () => {
    const { writer, user } = await openSettings();
    const website = screen.getByLabelText('Website');
    await user.clear(website);
    await user.type(website, 'not a url');
    await user.type(screen.getByLabelText('Company'), ' Ltd');
    await user.click(saveButton());

    expect(website).toHaveAttribute('aria-invalid', 'true');
    expect(website).toHaveAccessibleDescription(
      'Please enter a valid website address, like https://example.com',
    );
    expect(website).toHaveValue('not a url');
    expect(screen.queryByText(savedBanner)).not.toBeInTheDocument();
    expect(await storedProfile(writer)).toMatchObject({
      company: 'Analytical Engines',
      website: 'https://ada.example.com',
    });

    await user.clear(website);
    await user.click(saveButton());
    expect(await screen.findByText(savedBanner)).toBeInTheDocument();
    expect(website).not.toHaveAttribute('aria-invalid', 'true');
    expect(await storedProfile(writer)).toMatchObject({ company: 'Analytical Engines Ltd', website: '' });
  });

  it('saves the carousel defaults and shows them again after a reload; a colour that is not #rrggbb is said and not saved', async () => {
    const { writer, user } = await openSettings();
    const color = screen.getByLabelText('Brand colour');
    const swatch = screen.getByLabelText('Pick the brand colour');
    // Nothing chosen: light, portrait, LinkedIn's blue.
    expect(color).toHaveValue('');
    expect(swatch).toHaveValue('#0a66c2');
    expect(screen.getByLabelText('Default theme')).toHaveValue('light');
    expect(screen.getByLabelText('Default format')).toHaveValue('4:5');

    await user.type(color, '#12345g');
    await user.selectOptions(screen.getByLabelText('Default theme'), 'brand');
    await user.click(saveButton());
    expect(color).toHaveAttribute('aria-invalid', 'true');
    expect(color).toHaveAccessibleDescription(invalidBrandColorMessage);
    expect(screen.queryByText(savedBanner)).not.toBeInTheDocument();
    expect(await storedProfile(writer)).toMatchObject({
      brand_color: null,
      carousel_theme: null,
      carousel_format: null,
    });

    // Written without "#" and in capitals: saved as #rrggbb.
    await user.clear(color);
    await user.type(color, 'E0115F');
    expect(swatch).toHaveValue('#e0115f');
    await user.selectOptions(screen.getByLabelText('Default format'), 'square');
    await user.click(saveButton());
    expect(await screen.findByText(savedBanner)).toBeInTheDocument();
    expect(color).not.toHaveAttribute('aria-invalid', 'true');
    expect(color).toHaveValue('#e0115f');
    expect(await storedProfile(writer)).toMatchObject({
      brand_color: '#e0115f',
      carousel_theme: 'brand',
      carousel_format: 'square',
    });

    await app.reloadApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Profile Settings' });
    await screen.findByRole('radio', { name: /^Groq/ });
    expect(screen.getByLabelText('Brand colour')).toHaveValue('#e0115f');
    expect(screen.getByLabelText('Pick the brand colour')).toHaveValue('#e0115f');
    expect(screen.getByLabelText('Default theme')).toHaveValue('brand');
    expect(screen.getByLabelText('Default format')).toHaveValue('square');
  });
});
