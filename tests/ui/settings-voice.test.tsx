import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Profile, ProfileFields, VoiceSample } from '@/lib/supabase/database-types';
import { deriveVoiceProfile } from '@/lib/voice/derive-voice-profile';
import type { VoiceProfile } from '@/lib/voice/voice-profile';
import { samples } from '../helpers/voice-samples.ts';
import { setupApp, type TestUser } from '../helpers/render-app.tsx';

// Settings' "Writing rules" and "Your voice" through the real profile store and backend: what is
// typed is checked in the user's words, learned, edited, saved and read back from the database.
const app = setupApp();

const connectionMessage =
  'Unable to connect to the database. Please check your internet connection and try again.';

async function openSettings(profile: Partial<ProfileFields> = {}, stored: string[] = []) {
  const writer = await app.signUp({ profile: { full_name: 'Ada Lovelace', ...profile } });
  if (stored.length > 0) {
    const { error } = await writer.client.from('voice_samples').insert(
      stored.map((content, index) => ({
        content,
        created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, index)),
      })),
    );
    if (error) throw new Error(error.message);
  }
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

async function storedSamples(writer: TestUser): Promise<string[]> {
  const { data, error } = await writer.client.from('voice_samples').select('*').order('created_at');
  if (error) throw new Error(error.message);
  return (data as VoiceSample[]).map((sample) => sample.content);
}

const voiceSection = () => screen.getByRole('form', { name: 'Your voice' });
const sample = (n: number) => within(voiceSection()).getByLabelText(`Sample ${n}`);
const learn = () => screen.getByRole('button', { name: 'Learn my voice' });
const saveVoice = () => screen.getByRole('button', { name: 'Save Voice' });

async function paste(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function pasteSamples(user: UserEvent, texts: readonly string[]) {
  for (const [index, text] of texts.entries()) await paste(user, sample(index + 1), text);
}

/** The voice profile fields as shown. */
function shownProfile(): Record<string, string> {
  const labels = ['Length', 'Sentences', 'Paragraphs', 'Openings', 'Closings', 'Emoji', 'Hashtags'];
  return Object.fromEntries(
    [...labels, 'Phrases I use', 'Phrases I never use'].map((label) => [
      label,
      (within(voiceSection()).getByLabelText(label) as HTMLInputElement).value,
    ]),
  );
}

function expectedFields(profile: VoiceProfile): Record<string, string> {
  return {
    Length: profile.length,
    Sentences: profile.sentences,
    Paragraphs: profile.paragraphs,
    Openings: profile.openings,
    Closings: profile.closings,
    Emoji: profile.emoji,
    Hashtags: profile.hashtags,
    'Phrases I use': profile.phrasesUsed.join(', '),
    'Phrases I never use': profile.phrasesAvoided.join(', '),
  };
}

describe('Settings: writing rules', () => {
  it('follows the posts by default, says where each rule comes from, and saves a choice with "Save Changes"', async () => {
    const { writer, user } = await openSettings();
    const emoji = screen.getByLabelText('Emoji in posts');
    const hashtags = screen.getByLabelText('Maximum hashtags');
    const ending = screen.getByLabelText('How posts end');
    expect(screen.getByRole('heading', { level: 2, name: 'Writing rules' })).toBeInTheDocument();
    // Without samples every rule is the default, and says so.
    expect(
      within(emoji)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Default: A few', 'None', 'A few', 'As I like']);
    expect(
      within(hashtags)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['', '0', '1', '2', '3', '4', '5']);
    expect(emoji).toHaveValue('');
    expect(ending).toHaveAccessibleDescription('Default: your posts show no habit here yet.');

    await user.selectOptions(emoji, 'None');
    await user.selectOptions(hashtags, '0');
    await user.selectOptions(ending, 'A question to readers');
    expect(ending).toHaveAccessibleDescription('Your choice.');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    expect(await storedProfile(writer)).toMatchObject({
      emoji_level: 'none',
      max_hashtags: 0,
      end_with_question: true,
      language_preference: null,
      list_style: null,
      full_name: 'Ada Lovelace',
    });

    // Back to "follow my posts": stored as no choice.
    await user.selectOptions(emoji, 'Default: A few');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(async () => expect((await storedProfile(writer)).emoji_level).toBeNull());
  });

  it('shows what the saved samples show, and a stored choice over it', async () => {
    const arrows = [
      'Three things I cut this year, and I would cut them again tomorrow:\n\n→ the weekly status meeting\n→ the roadmap deck',
      'What we stopped doing after the reorganisation of the team:\n\n→ estimates in hours\n→ a second standup',
      'Before you hire anyone this quarter, check these first:\n\n→ the job is real\n→ the budget is signed',
    ];
    await openSettings({ end_with_question: true }, arrows);
    const lists = screen.getByLabelText('List style');
    expect(lists).toHaveValue('');
    expect(within(lists).getAllByRole('option')[0]).toHaveTextContent('From my posts: → Arrows');
    expect(lists).toHaveAccessibleDescription('From your posts: → arrows in 3 of 3 posts.');
    const ending = screen.getByLabelText('How posts end');
    expect(ending).toHaveValue('true');
    expect(ending).toHaveAccessibleDescription(
      'Your choice. Your posts show: 3 of 3 posts end without a question.',
    );
  });
});

describe('Settings: your voice', () => {
  it('explains itself and starts with three empty samples', async () => {
    await openSettings();
    expect(screen.getByRole('heading', { level: 2, name: 'Your voice' })).toBeInTheDocument();
    expect(
      within(voiceSection()).getByText(
        /Drafts are written from this profile and your closest samples\. Your samples are only used as examples of your style\./,
      ),
    ).toBeInTheDocument();
    expect(within(voiceSection()).getByText('3 of 10 samples')).toBeInTheDocument();
    expect(sample(1)).toHaveValue('');
    expect(sample(3)).toHaveValue('');
    expect(within(voiceSection()).queryByLabelText('Sample 4')).not.toBeInTheDocument();
    expect(within(voiceSection()).queryByLabelText('Length')).not.toBeInTheDocument();
  });

  it('says what is wrong with the samples, tied to each one, and saves nothing', async () => {
    const { writer, user } = await openSettings();
    await user.click(learn());
    expect(screen.getByRole('group', { name: 'Your past posts' })).toHaveAccessibleDescription(
      'Add at least 3 samples: you have 0.',
    );

    await paste(user, sample(1), samples[0]!);
    await paste(user, sample(2), 'Too short to learn anything.');
    await paste(user, sample(3), 'x'.repeat(5001));
    await user.click(learn());
    expect(sample(2)).toHaveAttribute('aria-invalid', 'true');
    expect(sample(2)).toHaveAccessibleDescription(
      'Sample 2 is too short: 28 characters. A sample needs at least 40.',
    );
    expect(sample(3)).toHaveAccessibleDescription(
      'Sample 3 is too long: 5,001 characters. A sample can have at most 5,000.',
    );
    expect(sample(1)).not.toHaveAttribute('aria-invalid', 'true');
    expect(sample(1)).toHaveAccessibleDescription(`${samples[0]!.trim().length} characters`);
    expect(within(voiceSection()).queryByLabelText('Length')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove sample 3' }));
    await user.click(saveVoice());
    expect(screen.getByRole('group', { name: 'Your past posts' })).toHaveAccessibleDescription(
      'Add at least 3 samples: you have 2.',
    );
    expect(within(voiceSection()).getByText('2 of 10 samples')).toBeInTheDocument();
    expect(await storedSamples(writer)).toEqual([]);
    expect((await storedProfile(writer)).voice_profile).toBeNull();
  });

  it('"Learn my voice" shows the derived profile; the edited profile and the samples are saved and shown again', async () => {
    const { writer, user, unmount } = await openSettings();
    await pasteSamples(user, samples);
    await user.click(learn());
    const derived = deriveVoiceProfile(samples);
    expect(shownProfile()).toEqual(expectedFields(derived));
    expect(screen.getByRole('heading', { level: 3, name: 'Your voice profile' })).toBeInTheDocument();
    expect(within(voiceSection()).getByText(/Learned from 3 samples\./)).toBeInTheDocument();

    const openings = within(voiceSection()).getByLabelText('Openings');
    await user.clear(openings);
    await user.type(openings, 'Opens with a number from last quarter');
    const never = within(voiceSection()).getByLabelText('Phrases I never use');
    await user.clear(never);
    await user.type(never, 'delve, game-changer{Enter}synergy');
    await user.click(saveVoice());

    expect(await within(voiceSection()).findByText('Your voice is saved.')).toBeInTheDocument();
    const edited = {
      ...derived,
      openings: 'Opens with a number from last quarter',
      phrasesAvoided: ['delve', 'game-changer', 'synergy'],
    };
    expect((await storedProfile(writer)).voice_profile).toEqual(edited);
    expect(await storedSamples(writer)).toEqual(samples.map((text) => text.trim()));

    // Opened again: the samples and the edited profile are what is stored.
    unmount();
    app.renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Profile Settings' });
    expect(sample(1)).toHaveValue(samples[0]!.trim());
    expect(sample(3)).toHaveValue(samples[2]!.trim());
    expect(shownProfile()).toEqual(expectedFields(edited));
  });

  it('saving without "Learn my voice" learns the profile on the way', async () => {
    const { writer, user } = await openSettings();
    await pasteSamples(user, samples);
    await user.click(saveVoice());
    expect(await within(voiceSection()).findByText('Your voice is saved.')).toBeInTheDocument();
    expect((await storedProfile(writer)).voice_profile).toEqual(deriveVoiceProfile(samples));
    expect(shownProfile()).toEqual(expectedFields(deriveVoiceProfile(samples)));
  });

  it('a phrase list too long is pointed out on its field and nothing is saved', async () => {
    const { writer, user } = await openSettings();
    await pasteSamples(user, samples);
    await user.click(learn());
    const used = within(voiceSection()).getByLabelText('Phrases I use');
    await user.clear(used);
    await paste(user, used, Array.from({ length: 21 }, (_, index) => `phrase ${index}`).join(', '));
    await user.click(saveVoice());
    expect(used).toHaveAttribute('aria-invalid', 'true');
    expect(used).toHaveAccessibleDescription('Keep it to 20 phrases at most: there are 21.');
    expect(await storedSamples(writer)).toEqual([]);
  });

  it('a failed save keeps every sample and edit and says so; a later save stores them', async () => {
    const { writer, user } = await openSettings();
    await pasteSamples(user, samples);
    await user.click(learn());
    const closings = within(voiceSection()).getByLabelText('Closings');
    await user.clear(closings);
    await user.type(closings, 'Ends on one plain lesson');
    await app.stopServer();
    await user.click(saveVoice());

    const alert = await within(voiceSection()).findByRole('alert');
    expect(alert).toHaveTextContent(
      `Your voice was not saved: ${connectionMessage} Everything you entered is still here.`,
    );
    expect(sample(1)).toHaveValue(samples[0]);
    expect(sample(2)).toHaveValue(samples[1]);
    expect(sample(3)).toHaveValue(samples[2]);
    expect(closings).toHaveValue('Ends on one plain lesson');
    expect(saveVoice()).toBeEnabled();

    await app.startServer();
    await user.click(saveVoice());
    expect(await within(voiceSection()).findByText('Your voice is saved.')).toBeInTheDocument();
    expect(within(voiceSection()).queryByRole('alert')).not.toBeInTheDocument();
    expect(await storedSamples(writer)).toEqual(samples.map((text) => text.trim()));
    expect((await storedProfile(writer)).voice_profile).toMatchObject({
      closings: 'Ends on one plain lesson',
    });
  });

  it('removing every sample and saving clears the voice profile', async () => {
    const { writer, user } = await openSettings({ voice_profile: deriveVoiceProfile(samples) }, samples);
    expect(sample(2)).toHaveValue(samples[1]);
    expect(shownProfile()).toEqual(expectedFields(deriveVoiceProfile(samples)));
    for (let n = 3; n >= 1; n -= 1)
      await user.click(screen.getByRole('button', { name: `Remove sample ${n}` }));
    expect(within(voiceSection()).getByText('0 of 10 samples')).toBeInTheDocument();
    await user.click(saveVoice());

    expect(
      await within(voiceSection()).findByText('Your samples are removed. Drafts follow your writing style.'),
    ).toBeInTheDocument();
    await waitFor(async () => expect((await storedProfile(writer)).voice_profile).toBeNull());
    expect(await storedSamples(writer)).toEqual([]);
    expect(within(voiceSection()).queryByLabelText('Length')).not.toBeInTheDocument();
  });

  it('adds samples up to ten, and says when the samples have changed since the profile was learned', async () => {
    const { user } = await openSettings({ voice_profile: deriveVoiceProfile(samples) }, samples);
    const add = screen.getByRole('button', { name: 'Add a sample' });
    await user.click(add);
    expect(sample(4)).toHaveFocus();
    await user.paste('A fourth post about the billing page and the team that rewrote it in one afternoon.');
    expect(
      within(voiceSection()).getByText(/Your samples have changed since this profile was learned\./),
    ).toBeInTheDocument();
    for (let count = 5; count <= 10; count += 1) await user.click(add);
    expect(within(voiceSection()).getByText('10 of 10 samples')).toBeInTheDocument();
    expect(add).toBeDisabled();
  });
});
