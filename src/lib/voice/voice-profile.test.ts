import { describe, expect, it } from 'vitest';
import { parseVoiceProfile, voiceProfileLimits, type VoiceProfile } from './voice-profile';
import { voiceProfileSchema } from './voice-profile-schema';

const valid: VoiceProfile = {
  length: 'About 120 words',
  sentences: 'Short',
  paragraphs: 'Two sentences each',
  openings: 'A story',
  closings: 'A takeaway',
  emoji: 'No emoji',
  hashtags: '',
  phrasesUsed: ['honestly'],
  phrasesAvoided: ['delve', 'game-changer'],
};

const { field, phrase, phrases } = voiceProfileLimits;
const cases: [string, unknown][] = [
  ['a valid profile', valid],
  [
    'a profile with spaces to trim and an unknown key',
    { ...valid, openings: '  A story  ', extra: 1, phrasesUsed: [' honestly '] },
  ],
  ['a field at its limit', { ...valid, length: 'x'.repeat(field) }],
  ['a field over its limit', { ...valid, length: 'x'.repeat(field + 1) }],
  ['a field over its limit only before trimming', { ...valid, length: ` ${'x'.repeat(field)} ` }],
  ['a missing field', { ...valid, closings: undefined }],
  ['a number for a field', { ...valid, emoji: 3 }],
  ['the most phrases', { ...valid, phrasesUsed: Array.from({ length: phrases }, (_, n) => `p${n}`) }],
  ['one phrase too many', { ...valid, phrasesUsed: Array.from({ length: phrases + 1 }, (_, n) => `p${n}`) }],
  ['a phrase at its limit', { ...valid, phrasesAvoided: ['y'.repeat(phrase)] }],
  ['a phrase over its limit', { ...valid, phrasesAvoided: ['y'.repeat(phrase + 1)] }],
  ['an empty phrase', { ...valid, phrasesAvoided: ['  '] }],
  ['a phrase that is not text', { ...valid, phrasesAvoided: [7] }],
  ['a list that is text', { ...valid, phrasesUsed: 'honestly' }],
  ['an array', [valid]],
  ['null', null],
  ['text', 'About 120 words'],
];

describe('parseVoiceProfile (the dashboard’s check, without zod)', () => {
  it.each(cases)('agrees with the Settings schema on %s', (_name, value) => {
    const parsed = voiceProfileSchema.safeParse(value);
    expect(parseVoiceProfile(value)).toEqual(parsed.success ? parsed.data : null);
  });

  it('accepts a valid profile and refuses the malformed ones', () => {
    expect(parseVoiceProfile(valid)).toEqual(valid);
    expect(cases.filter(([, value]) => parseVoiceProfile(value) !== null).map(([name]) => name)).toEqual([
      'a valid profile',
      'a profile with spaces to trim and an unknown key',
      'a field at its limit',
      'a field over its limit only before trimming',
      'the most phrases',
      'a phrase at its limit',
    ]);
  });
});
