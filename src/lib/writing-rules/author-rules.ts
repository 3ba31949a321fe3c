import type { Profile } from '@/lib/supabase/database-types';
import { deriveVoiceHabits } from '@/lib/voice/derive-voice-habits';
import { choicesOf, resolveWritingRules, type WritingRules } from './writing-rules';

let last: { profile: Profile; samples: readonly string[]; rules: WritingRules } | null = null;

/**
 * The author's writing rules: their choices in the profile, then what their voice samples show,
 * then the house defaults. Remembers the last answer, so the pages that ask on every render (the
 * composer, the post check, the chat) count the samples once per change of profile or samples.
 */
export function authorRules(profile: Profile, samples: readonly string[]): WritingRules {
  if (last && last.profile === profile && last.samples === samples) return last.rules;
  const rules = resolveWritingRules(choicesOf(profile), deriveVoiceHabits(samples));
  last = { profile, samples, rules };
  return rules;
}
