import { useMemo } from 'react';
import { deriveVoiceHabits } from '@/lib/voice/derive-voice-habits';
import { resolveWritingRules, type WritingRules } from '@/lib/writing-rules/writing-rules';
import { useProfileStore } from './profile-store';

/** What each writing rule is when the author leaves it to their posts: their saved samples, else the default. */
export function useFollowedRules(): WritingRules {
  const voiceSamples = useProfileStore((state) => state.voiceSamples);
  return useMemo(
    () => resolveWritingRules({}, deriveVoiceHabits(voiceSamples.map((sample) => sample.content))),
    [voiceSamples],
  );
}
