import { z } from 'zod';
import { voiceProfileLimits } from './voice-profile';

// The voice profile's rules as a zod schema, for the Settings form (a lazily loaded page, like
// zod itself). parseVoiceProfile in voice-profile.ts applies the same rules without zod.

const field = z.string().trim().max(voiceProfileLimits.field);
const phrases = z
  .array(z.string().trim().min(1).max(voiceProfileLimits.phrase))
  .max(voiceProfileLimits.phrases);

/** Checks a stored or edited profile (jsonb from the database is untrusted shape-wise). */
export const voiceProfileSchema = z.object({
  length: field,
  sentences: field,
  paragraphs: field,
  openings: field,
  closings: field,
  emoji: field,
  hashtags: field,
  phrasesUsed: phrases,
  phrasesAvoided: phrases,
});
