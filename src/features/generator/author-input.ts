import type { Profile } from '@/lib/supabase/database-types';
import { closestSamples } from '@/lib/voice/closest-samples';
import { parseVoiceProfile } from '@/lib/voice/voice-profile';
import { authorRules } from '@/lib/writing-rules/author-rules';
import { ruleValues } from '@/lib/writing-rules/writing-rules';
import type { AuthorInput } from './build-post-prompt';

/** How many of the author's past posts go into a prompt as examples. */
export const fewShotCount = 3;

/**
 * What the prompt builder needs to know about the author for a topic: the profile's fields, the
 * writing rules (decided from the author's choices and all their samples), the voice profile (when a valid one is stored) and the samples closest to the topic.
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
    rules: ruleValues(authorRules(profile, samples)),
    voice: parseVoiceProfile(profile.voice_profile),
    samples: closestSamples(topic, samples, fewShotCount),
  };
}
