import type { VoiceProfile } from '@/lib/voice/voice-profile';
import { parsePhrases, voiceProfileFromForm, voiceProfileToForm } from './voice-profile-form';

const profile: VoiceProfile = {
  length: 'About 180 words',
  sentences: 'Short sentences',
  paragraphs: 'One or two sentences each',
  openings: 'A story line',
  closings: 'A takeaway',
  emoji: 'No emoji',
  hashtags: 'Two hashtags at the end',
  phrasesUsed: ['here is the thing', 'ship it'],
  phrasesAvoided: ['delve', 'game-changer'],
};

describe('voice profile form', () => {
  it('shows the lists as comma-separated text and reads them back unchanged', () => {
    const form = voiceProfileToForm(profile);
    expect(form.phrasesUsed).toBe('here is the thing, ship it');
    expect(form.phrasesAvoided).toBe('delve, game-changer');
    expect(voiceProfileFromForm(form)).toEqual({ profile, errors: null });
  });

  it('splits phrases at commas and line breaks, trimming and dropping blanks', () => {
    expect(parsePhrases(' a, b\nc ,\n\n , d ')).toEqual(['a', 'b', 'c', 'd']);
    expect(parsePhrases('   ')).toEqual([]);
  });

  it('trims the text fields and allows them empty', () => {
    const result = voiceProfileFromForm({
      ...voiceProfileToForm(profile),
      openings: '  A question  ',
      emoji: '',
    });
    expect(result.profile).toMatchObject({ openings: 'A question', emoji: '' });
  });

  it('refuses more than 20 phrases, saying how many there are', () => {
    const many = Array.from({ length: 21 }, (_, index) => `phrase ${index}`).join('\n');
    expect(voiceProfileFromForm({ ...voiceProfileToForm(profile), phrasesAvoided: many })).toEqual({
      profile: null,
      errors: { phrasesAvoided: 'Keep it to 20 phrases at most: there are 21.' },
    });
    const twenty = Array.from({ length: 20 }, (_, index) => `phrase ${index}`).join(', ');
    expect(voiceProfileFromForm({ ...voiceProfileToForm(profile), phrasesUsed: twenty }).errors).toBeNull();
  });

  it('refuses a phrase over 60 characters, quoting its start', () => {
    const long = `${'x'.repeat(30)} ${'y'.repeat(30)}`;
    expect(voiceProfileFromForm({ ...voiceProfileToForm(profile), phrasesUsed: `ok, ${long}` })).toEqual({
      profile: null,
      errors: {
        phrasesUsed: `"${'x'.repeat(24)}…" is too long: a phrase can have at most 60 characters.`,
      },
    });
    expect(
      voiceProfileFromForm({ ...voiceProfileToForm(profile), phrasesUsed: 'z'.repeat(60) }).errors,
    ).toBeNull();
  });

  it('refuses a text field over 300 characters', () => {
    expect(voiceProfileFromForm({ ...voiceProfileToForm(profile), closings: 'c'.repeat(301) })).toEqual({
      profile: null,
      errors: { closings: 'Keep this to 300 characters at most: it has 301.' },
    });
    expect(
      voiceProfileFromForm({ ...voiceProfileToForm(profile), closings: 'c'.repeat(300) }).errors,
    ).toBeNull();
  });
});
