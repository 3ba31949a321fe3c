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

export interface Post {
  id: string;
  user_id: string;
  topic: string;
  content: string;
  is_published: boolean;
  created_at: string;
  /** The image's object name in the post-images bucket (`<user id>/<file>`), or null. */
  image_path: string | null;
  /** The image's alt text, or null. */
  image_alt: string | null;
  /** When the author plans to publish it (ISO timestamp), or null. */
  planned_at: string | null;
  /** Set by the database from the plan and the publisher (docs/decisions/016). */
  publish_status: PublishStatus;
  /** LinkedIn publishing attempts since the post was last planned. */
  publish_attempts: number;
  /** Why the last attempt did not publish, in the author's words. */
  publish_error: string | null;
  /** What the author can do about `publish_error`. */
  publish_error_kind: PublishErrorKind | null;
  /** When a post that failed for a passing reason is tried again. */
  next_attempt_at: string | null;
  /** When it went out on LinkedIn (set by the publisher only). */
  published_at: string | null;
  linkedin_post_urn: string | null;
  /** Where the post is on LinkedIn. */
  linkedin_post_url: string | null;
  /** The calendar day: published, else planned, else created. */
  calendar_at: string;
}

export type PublishStatus = 'draft' | 'scheduled' | 'publishing' | 'published' | 'failed';
export type PublishErrorKind =
  'retrying' | 'reconnect' | 'rejected' | 'version' | 'unavailable' | 'unconfirmed';

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
