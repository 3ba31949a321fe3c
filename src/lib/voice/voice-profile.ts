/**
 * How an author writes, derived from their own posts (derive-voice-profile.ts) and editable by them
 * in Settings. Every field is a short sentence in plain words, because the author reads and edits it
 * and the prompt builder passes it to the model as it stands. A type, not an interface, so that it is
 * assignable to the `Json` of profiles.voice_profile (jsonb) when it is saved.
 */
export type VoiceProfile = {
  /** Typical length, e.g. "About 180 words (1,100 characters), from 120 to 240 words". */
  length: string;
  /** Sentence rhythm, e.g. "Short sentences, 11 words on average, with the odd one-word fragment". */
  sentences: string;
  /** Paragraph rhythm, e.g. "Paragraphs of 1 to 3 sentences, about 6 per post". */
  paragraphs: string;
  /** How posts open, e.g. "Opens with a short first-person story line, like "Last week I …"". */
  openings: string;
  /** How posts close, e.g. "Ends with a takeaway; rarely with a question". */
  closings: string;
  /** Emoji habit, e.g. "No emoji" or "About 1 per post (🚀, 💡)". */
  emoji: string;
  /** Hashtag habit, e.g. "2 or 3 hashtags on the last line (#leadership, #hiring)". */
  hashtags: string;
  /** Words and phrases the author uses often. */
  phrasesUsed: string[];
  /** Words and phrases the author never uses (stock AI vocabulary absent from the samples, and their own). */
  phrasesAvoided: string[];
};

/** Bounds that keep a profile readable and the prompt small (the database checks the whole object's size). */
export const voiceProfileLimits = {
  field: 300,
  phrases: 20,
  phrase: 60,
} as const;

/** Voice samples: how many a profile is derived from, and how long each may be. */
export const voiceSampleLimits = {
  min: 3,
  max: 10,
  minCharacters: 40,
  maxCharacters: 5000,
} as const;

/** The profile's one-sentence fields, in the order Settings shows them. */
export const voiceTextFields = [
  'length',
  'sentences',
  'paragraphs',
  'openings',
  'closings',
  'emoji',
  'hashtags',
] as const satisfies readonly (keyof VoiceProfile)[];

/** The profile's phrase lists. */
export const voicePhraseFields = [
  'phrasesUsed',
  'phrasesAvoided',
] as const satisfies readonly (keyof VoiceProfile)[];

/**
 * The profile a stored value holds (trimmed), or null when it holds none or something malformed:
 * jsonb from the database is untrusted in shape. The same rules as `voiceProfileSchema`, written
 * out by hand because this runs on the dashboard, whose bundle does not load zod
 * (voice-profile-schema.ts is for Settings; a test keeps the two in agreement).
 */
export function parseVoiceProfile(value: unknown): VoiceProfile | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const stored = value as Record<string, unknown>;
  const profile: Partial<Record<keyof VoiceProfile, string | string[]>> = {};
  for (const key of voiceTextFields) {
    const text = stored[key];
    if (typeof text !== 'string') return null;
    const trimmed = text.trim();
    if (trimmed.length > voiceProfileLimits.field) return null;
    profile[key] = trimmed;
  }
  for (const key of voicePhraseFields) {
    const list = stored[key];
    if (!Array.isArray(list) || list.length > voiceProfileLimits.phrases) return null;
    const phrases: string[] = [];
    for (const phrase of list) {
      if (typeof phrase !== 'string') return null;
      const trimmed = phrase.trim();
      if (trimmed === '' || trimmed.length > voiceProfileLimits.phrase) return null;
      phrases.push(trimmed);
    }
    profile[key] = phrases;
  }
  return profile as VoiceProfile;
}
