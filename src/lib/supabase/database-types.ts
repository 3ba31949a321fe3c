import type { AiEngine } from '@shared/model-catalog';
import type { EmojiLevel, LanguagePreference } from '@/config/profile-options';

/** Rows of the tables in supabase/migrations, as PostgREST returns them. */

export interface Profile {
  id: string;
  full_name: string | null;
  company: string | null;
  website: string | null;
  about_me: string | null;
  industry: string | null;
  writing_style: string | null;
  role: string | null;
  ai_engine: AiEngine;
  ai_model: string | null;
  language_preference: LanguagePreference;
  /** How many emoji a generated post may have (docs/product.md §11). */
  emoji_level: EmojiLevel;
  /** The most hashtags a post should carry, 0 to 5; the post check flags more. */
  max_hashtags: number;
  /** Whether a generated post ends with a question to readers. */
  end_with_question: boolean;
  /** The voice profile (src/lib/voice/voice-profile.ts) as stored: parse it before use. Null without samples. */
  voice_profile: unknown;
  updated_at: string;
}

export type ProfileFields = Omit<Profile, 'id' | 'updated_at'>;

export interface TopicIdea {
  id: string;
  user_id: string;
  topic: string;
  used_count: number;
  created_at: string;
}

/** One of the author's own past posts, pasted so drafts sound like them. */
export interface VoiceSample {
  id: string;
  user_id: string;
  content: string;
  created_at: string;
}
