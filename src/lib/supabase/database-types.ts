import { aiEngines, type AiEngine } from '@shared/model-catalog';
import { emojiLevels, languages, type EmojiLevel, type LanguagePreference } from '@/config/profile-options';
import type { Tables } from './database.types';

/**
 * Rows of the tables in supabase/migrations, as PostgREST returns them: the generated types
 * (database.types.ts, `npm run gen:types`), narrowed where the app needs a stricter type than the
 * catalog says. A text column that a CHECK constraint holds to a few values is generated as `string`;
 * the app's row types name those values, and a row is narrowed when it is read (`checkedText`).
 */
export type { Database, Json, Tables, TablesInsert, TablesUpdate } from './database.types';

/** Whether `value` is one of `allowed`. */
export function isOneOf<T extends string>(allowed: readonly T[], value: string): value is T {
  return (allowed as readonly string[]).includes(value);
}

/**
 * The value of a text column that a CHECK constraint in supabase/migrations holds to `allowed`,
 * typed as such. The database refuses any other value, so this throws only when the app's list and
 * the migrations disagree.
 */
export function checkedText<T extends string>(allowed: readonly T[], value: string, column: string): T {
  if (isOneOf(allowed, value)) return value;
  throw new Error(
    `Unexpected ${column} ${JSON.stringify(value)}: its CHECK in supabase/migrations and the app disagree`,
  );
}

type ProfileRow = Tables<'profiles'>;

/**
 * A row of public.profiles. Narrowed: ai_engine, language_preference and emoji_level (CHECK-ed text).
 * `emoji_level` is how many emoji a generated post may have (docs/product.md §11); `max_hashtags` the
 * most hashtags a post should carry, 0 to 5 (the post check flags more); `end_with_question` whether a
 * generated post ends with a question to readers; `voice_profile` the voice profile
 * (src/lib/voice/voice-profile.ts) as stored: parse it before use, null without samples.
 */
export interface Profile extends Omit<ProfileRow, 'ai_engine' | 'language_preference' | 'emoji_level'> {
  ai_engine: AiEngine;
  language_preference: LanguagePreference;
  emoji_level: EmojiLevel;
}

/** A profiles row as the app types it (see Profile). */
export function toProfile(row: ProfileRow): Profile {
  return {
    ...row,
    ai_engine: checkedText(aiEngines, row.ai_engine, 'profiles.ai_engine'),
    language_preference: checkedText(
      languages.map((language) => language.value),
      row.language_preference,
      'profiles.language_preference',
    ),
    emoji_level: checkedText(
      emojiLevels.map((level) => level.value),
      row.emoji_level,
      'profiles.emoji_level',
    ),
  };
}

/** What the author fills in: a profile without what the database sets. */
export type ProfileFields = Omit<Profile, 'id' | 'created_at' | 'updated_at'>;

export type TopicIdea = Tables<'topic_ideas'>;

/** One of the author's own past posts, pasted so drafts sound like them. */
export type VoiceSample = Tables<'voice_samples'>;
