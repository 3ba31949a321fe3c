import type { AiEngine } from '@shared/model-catalog';
import type { LanguagePreference } from '@/config/profile-options';

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
}

export interface TopicIdea {
  id: string;
  user_id: string;
  topic: string;
  used_count: number;
  created_at: string;
}
