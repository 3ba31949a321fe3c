import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useOnboardingDraft } from '@/features/onboarding/onboarding-draft-store';
import { useProfileStore } from '@/features/profile/profile-store';
import type { Profile, VoiceSample } from '@/lib/supabase/database-types';
import { deriveVoiceProfile } from '@/lib/voice/derive-voice-profile';
import { setupApp, type TestUser } from '../helpers/render-app.tsx';

// The onboarding wizard's optional fifth step through the real stores and backend: skipped, completed
// with samples (stored with the voice profile learned from them), and samples that cannot be saved.
const app = setupApp();
afterEach(() => useOnboardingDraft.getState().reset());

const samples = [
  'Our support queue doubled in six weeks. We read the last hundred tickets together instead of hiring.',
  'I used to answer the hardest tickets myself. A new hire asked why she should learn billing at all.',
  'We lost a customer over a billing mistake nobody was allowed to fix. So we let the reader fix it.',
];

async function startOnboarding(): Promise<{ writer: TestUser; user: UserEvent }> {
  const writer = await app.signUp({ profile: null });
  const { user } = app.renderApp('/');
  await screen.findByRole('heading', { level: 1, name: 'Set up your profile' });
  await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
  for (let step = 2; step <= 5; step += 1) await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();
  expect(
    screen.getByRole('heading', { level: 2, name: 'Teach it your voice (optional)' }),
  ).toBeInTheDocument();
  return { writer, user };
}

async function pasteSamples(user: UserEvent) {
  for (const [index, text] of samples.entries()) {
    await user.click(screen.getByLabelText(`Sample ${index + 1}`));
    await user.paste(text);
  }
}

async function storedProfile(writer: TestUser): Promise<Profile | null> {
  const { data, error } = await writer.client.from('profiles').select('*').eq('id', writer.id).maybeSingle();
  if (error) throw new Error(error.message);
  return data as Profile | null;
}

async function storedSamples(writer: TestUser): Promise<string[]> {
  const { data, error } = await writer.client.from('voice_samples').select('*').order('created_at');
  if (error) throw new Error(error.message);
  return (data as VoiceSample[]).map((sample) => sample.content);
}

describe('onboarding step 5: voice samples', () => {
  it('"Skip" saves the profile without samples and lands on the dashboard', async () => {
    const { writer, user } = await startOnboarding();
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Post' })).toBeInTheDocument();
    expect(await storedProfile(writer)).toMatchObject({ full_name: 'Ada Lovelace', voice_profile: null });
    expect(await storedSamples(writer)).toEqual([]);
  });

  it('"Complete Setup" with three samples stores them and the voice profile learned from them', async () => {
    const { writer, user } = await startOnboarding();
    await pasteSamples(user);
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Post' })).toBeInTheDocument();
    expect(await storedSamples(writer)).toEqual(samples);
    expect(await storedProfile(writer)).toMatchObject({
      full_name: 'Ada Lovelace',
      voice_profile: deriveVoiceProfile(samples),
    });
    // The dashboard reads them from the store.
    expect(useProfileStore.getState().voiceSamples.map((sample) => sample.content)).toEqual(samples);
    expect(useOnboardingDraft.getState().voiceSamples).toEqual(['', '', '']);
  });

  it('with fewer than three samples it says so and waits; "Skip" still finishes', async () => {
    const { writer, user } = await startOnboarding();
    await user.click(screen.getByLabelText('Sample 1'));
    await user.paste(samples[0]!);
    await user.click(screen.getByRole('button', { name: 'Remove sample 3' }));
    await user.click(screen.getByRole('button', { name: 'Remove sample 2' }));
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(screen.getByRole('group', { name: 'Your past posts' })).toHaveAccessibleDescription(
      'Add at least 3 samples: you have 1.',
    );
    expect(await storedProfile(writer)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Post' })).toBeInTheDocument();
    expect(await storedSamples(writer)).toEqual([]);
  });

  it('samples that cannot be saved after the profile was: the wizard keeps them and says what happened', async () => {
    const { writer, user } = await startOnboarding();
    await pasteSamples(user);
    await app.server().db.exec('revoke insert on public.voice_samples from authenticated');
    try {
      await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Your profile is saved, but your samples could not be: You do not have permission to perform this action. Try again, or choose Skip and add them later in Settings.',
      );
    } finally {
      await app.server().db.exec('grant insert on public.voice_samples to authenticated');
    }
    expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();
    expect(screen.getByLabelText('Sample 2')).toHaveValue(samples[1]);
    expect(await storedProfile(writer)).toMatchObject({ full_name: 'Ada Lovelace', voice_profile: null });
    expect(await storedSamples(writer)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Post' })).toBeInTheDocument();
    await waitFor(async () => expect(await storedSamples(writer)).toEqual(samples));
    expect((await storedProfile(writer))?.voice_profile).toEqual(deriveVoiceProfile(samples));
    expect(within(document.body).queryByText(/could not be/)).not.toBeInTheDocument();
  });
});
