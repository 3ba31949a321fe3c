import {
  voicePhraseFields,
  voiceProfileLimits,
  voiceTextFields,
  type VoiceProfile,
} from '@/lib/voice/voice-profile';
import { voiceProfileSchema } from '@/lib/voice/voice-profile-schema';

/** A voice profile as Settings edits it: every field as text, the phrase lists comma- or line-separated. */
export type VoiceProfileForm = Record<keyof VoiceProfile, string>;

export type VoiceProfileFormErrors = Partial<Record<keyof VoiceProfile, string>>;

export { voicePhraseFields, voiceTextFields };

export function voiceProfileToForm(profile: VoiceProfile): VoiceProfileForm {
  return {
    length: profile.length,
    sentences: profile.sentences,
    paragraphs: profile.paragraphs,
    openings: profile.openings,
    closings: profile.closings,
    emoji: profile.emoji,
    hashtags: profile.hashtags,
    phrasesUsed: profile.phrasesUsed.join(', '),
    phrasesAvoided: profile.phrasesAvoided.join(', '),
  };
}

/** The phrases of a list field: split at commas and line breaks, trimmed, blanks dropped. */
export function parsePhrases(text: string): string[] {
  return text
    .split(/[,\n]/u)
    .map((phrase) => phrase.trim())
    .filter((phrase) => phrase !== '');
}

function phrasesError(phrases: readonly string[]): string | null {
  if (phrases.length > voiceProfileLimits.phrases)
    return `Keep it to ${voiceProfileLimits.phrases} phrases at most: there are ${phrases.length}.`;
  const long = phrases.find((phrase) => [...phrase].length > voiceProfileLimits.phrase);
  if (long)
    return `"${[...long].slice(0, 24).join('')}…" is too long: a phrase can have at most ${voiceProfileLimits.phrase} characters.`;
  return null;
}

/** The edited profile, checked as the prompt builder needs it, or a message per field that is not. */
export function voiceProfileFromForm(
  form: VoiceProfileForm,
): { profile: VoiceProfile; errors: null } | { profile: null; errors: VoiceProfileFormErrors } {
  const errors: VoiceProfileFormErrors = {};
  for (const field of voiceTextFields) {
    const length = [...form[field].trim()].length;
    if (length > voiceProfileLimits.field)
      errors[field] = `Keep this to ${voiceProfileLimits.field} characters at most: it has ${length}.`;
  }
  const phrasesUsed = parsePhrases(form.phrasesUsed);
  const phrasesAvoided = parsePhrases(form.phrasesAvoided);
  const usedError = phrasesError(phrasesUsed);
  const avoidedError = phrasesError(phrasesAvoided);
  if (usedError) errors.phrasesUsed = usedError;
  if (avoidedError) errors.phrasesAvoided = avoidedError;
  if (Object.keys(errors).length > 0) return { profile: null, errors };

  // The schema has the last word (the same one that checks the stored profile when it is read).
  const parsed = voiceProfileSchema.safeParse({ ...form, phrasesUsed, phrasesAvoided });
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0] as keyof VoiceProfile | undefined;
    return { profile: null, errors: { [field ?? 'length']: 'Please check this field.' } };
  }
  return { profile: parsed.data, errors: null };
}
