import type { Profile } from '@/lib/supabase/database-types';
import { closestSamples } from '@/lib/voice/closest-samples';
import { parseVoiceProfile } from '@/lib/voice/voice-profile';
import type { AuthorInput } from './build-post-prompt';

/** How many of the author's past posts go into a prompt as examples. */
export const fewShotCount = 3;

/**
 * What the prompt builder needs to know about the author for a topic: the profile's fields, the post
 * preferences, the voice profile (when a valid one is stored) and the samples closest to the topic.
 */
export function authorInputFrom(profile: Profile, samples: readonly string[], topic: string): AuthorInput {
  return {
    full_name: profile.full_name,
    company: profile.company,
    website: profile.website,
    about_me: profile.about_me,
    industry: profile.industry,
    writing_style: profile.writing_style,
    role: profile.role,
    language_preference: profile.language_preference,
    emoji_level: profile.emoji_level,
    max_hashtags: profile.max_hashtags,
    end_with_question: profile.end_with_question,
    voice: parseVoiceProfile(profile.voice_profile),
    samples: closestSamples(topic, samples, fewShotCount),
  };
}
