import { describe, expect, it } from 'vitest';
import { restAsUser } from '../../harness/journeys.ts';
import { samples } from '../helpers/voice-samples.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { useSignedInSession } from './support/signed-in-session.ts';

// Settings' "Your voice" and "Writing rules" in Chromium: pasted samples are learned, the
// profile is edited and saved, and everything is still there after a reload.

const session = useSignedInSession('Dorothy Vaughan');
const voice = () => session.page.getByRole('form', { name: 'Your voice' });

async function openSettings() {
  await session.page.goto(`${session.server.url}/settings`);
  await session.page.getByRole('heading', { name: 'Profile Settings', level: 1 }).waitFor();
}

describe('Settings: your voice and post preferences', () => {
  it('learns a voice from three pasted samples; the edited profile and the samples survive a reload', async () => {
    await openSettings();
    for (const [index, text] of samples.entries())
      await voice()
        .getByLabel(`Sample ${index + 1}`, { exact: true })
        .fill(text);
    await voice().getByRole('button', { name: 'Learn my voice' }).click();
    const openings = voice().getByLabel('Openings', { exact: true });
    await openings.waitFor();
    expect(await openings.inputValue()).not.toBe('');
    await openings.fill('Opens with a plain fact from last month');
    await voice().getByLabel('Phrases I never use', { exact: true }).fill('delve, game-changer');
    expect(await seriousAxeViolations(session.page)).toEqual([]);

    await voice().getByRole('button', { name: 'Save Voice' }).click();
    await voice().getByText('Your voice is saved.').waitFor();

    await session.page.reload();
    await session.page.getByRole('heading', { name: 'Profile Settings', level: 1 }).waitFor();
    for (const [index, text] of samples.entries())
      expect(
        await voice()
          .getByLabel(`Sample ${index + 1}`, { exact: true })
          .inputValue(),
      ).toBe(text);
    expect(await voice().getByLabel('Openings', { exact: true }).inputValue()).toBe(
      'Opens with a plain fact from last month',
    );
    expect(await voice().getByLabel('Phrases I never use', { exact: true }).inputValue()).toBe(
      'delve, game-changer',
    );

    const [profile] = await restAsUser<{ voice_profile: { openings: string; phrasesAvoided: string[] } }[]>(
      session.page,
      session.server.url,
      'profiles?select=voice_profile',
    );
    expect(profile?.voice_profile).toMatchObject({
      openings: 'Opens with a plain fact from last month',
      phrasesAvoided: ['delve', 'game-changer'],
    });
    const stored = await restAsUser<{ content: string }[]>(
      session.page,
      session.server.url,
      'voice_samples?select=content&order=created_at',
    );
    expect(stored.map((row) => row.content)).toEqual(samples);
  });

  it('shows what is wrong with a sample, in words, next to it', async () => {
    await openSettings();
    await voice().getByRole('button', { name: 'Add a sample' }).click();
    await voice().getByLabel('Sample 4', { exact: true }).fill('Too short.');
    await voice().getByRole('button', { name: 'Learn my voice' }).click();
    await voice().getByText('Sample 4 is too short: 10 characters. A sample needs at least 40.').waitFor();
    expect(await voice().getByLabel('Sample 4', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await seriousAxeViolations(session.page)).toEqual([]);
  });

  it('keeps the writing rules chosen: no emoji, no hashtags, end with a question', async () => {
    await openSettings();
    await session.page.getByLabel('Emoji in posts').selectOption({ label: 'None' });
    await session.page.getByLabel('Maximum hashtags').selectOption('0');
    await session.page.getByLabel('How posts end').selectOption({ label: 'A question to readers' });
    await session.page.getByRole('button', { name: 'Save Changes' }).click();
    await session.page.getByText('Settings saved successfully').waitFor();

    await session.page.reload();
    await session.page.getByRole('heading', { name: 'Profile Settings', level: 1 }).waitFor();
    expect(await session.page.getByLabel('Emoji in posts').inputValue()).toBe('none');
    expect(await session.page.getByLabel('Maximum hashtags').inputValue()).toBe('0');
    expect(await session.page.getByLabel('How posts end').inputValue()).toBe('true');
    const [profile] = await restAsUser<
      { emoji_level: string; max_hashtags: number; end_with_question: boolean }[]
    >(session.page, session.server.url, 'profiles?select=emoji_level,max_hashtags,end_with_question');
    expect(profile).toEqual({ emoji_level: 'none', max_hashtags: 0, end_with_question: true });
  });
});
