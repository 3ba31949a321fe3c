import { aiEngines, type AiEngine } from '@shared/model-catalog';
import { emojiLevels, languages, type EmojiLevel, type LanguagePreference } from '@/config/profile-options';
import {
  dashRules,
  listRules,
  paragraphRules,
  type DashRule,
  type ListRule,
  type ParagraphRule,
} from '@/lib/writing-rules/writing-rules';
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

/** `checkedText` for a column that may be null. */
function checkedOrNull<T extends string>(
  allowed: readonly T[],
  value: string | null,
  column: string,
): T | null {
  return value === null ? null : checkedText(allowed, value, column);
}

type ProfileRow = Tables<'profiles'>;
type NarrowedProfileColumns =
  'ai_engine' | 'language_preference' | 'emoji_level' | 'list_style' | 'paragraph_style' | 'dash_style';

/**
 * A row of public.profiles. Narrowed: ai_engine and the writing-rule choices (CHECK-ed text).
 * The writing-rule columns (language_preference, emoji_level, max_hashtags, end_with_question,
 * list_style, paragraph_style, dash_style) are the author's choices, null for "follow my posts":
 * read them through src/lib/writing-rules, never directly. `voice_profile` is the voice profile
 * (src/lib/voice/voice-profile.ts) as stored: parse it before use, null without samples.
 * brand_color, carousel_theme and carousel_format are what a new carousel starts with, null for the
 * house default. They stay text here and are narrowed where they are used (Settings:
 * src/features/profile/carousel-choices.ts; a new carousel: src/entities/post/carousel/ui/stored-carousel.ts),
 * which load apart from the dashboard, so the dashboard's JavaScript carries none of it.
 */
export interface Profile extends Omit<ProfileRow, NarrowedProfileColumns> {
  ai_engine: AiEngine;
  language_preference: LanguagePreference | null;
  emoji_level: EmojiLevel | null;
  list_style: ListRule | null;
  paragraph_style: ParagraphRule | null;
  dash_style: DashRule | null;
}

/** A profiles row as the app types it (see Profile). */
export function toProfile(row: ProfileRow): Profile {
  return {
    ...row,
    ai_engine: checkedText(aiEngines, row.ai_engine, 'profiles.ai_engine'),
    language_preference: checkedOrNull(
      languages.map((language) => language.value),
      row.language_preference,
      'profiles.language_preference',
    ),
    emoji_level: checkedOrNull(
      emojiLevels.map((level) => level.value),
      row.emoji_level,
      'profiles.emoji_level',
    ),
    list_style: checkedOrNull(listRules, row.list_style, 'profiles.list_style'),
    paragraph_style: checkedOrNull(paragraphRules, row.paragraph_style, 'profiles.paragraph_style'),
    dash_style: checkedOrNull(dashRules, row.dash_style, 'profiles.dash_style'),
  };
}

/** What the author fills in: a profile without what the database sets. */
export type ProfileFields = Omit<Profile, 'id' | 'created_at' | 'updated_at'>;

export type TopicIdea = Tables<'topic_ideas'>;

/** One of the author's own past posts, pasted so drafts sound like them. */
export type VoiceSample = Tables<'voice_samples'>;
