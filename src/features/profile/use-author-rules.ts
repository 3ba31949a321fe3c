import { useMemo } from 'react';
import { authorRules } from '@/lib/writing-rules/author-rules';
import type { WritingRules } from '@/lib/writing-rules/writing-rules';
import { useProfileStore } from './profile-store';

/** The signed-in author's writing rules (src/lib/writing-rules), or null before the profile loads. */
export function useAuthorRules(): WritingRules | null {
  const profile = useProfileStore((state) => state.profile);
  const voiceSamples = useProfileStore((state) => state.voiceSamples);
  const texts = useMemo(() => voiceSamples.map((sample) => sample.content), [voiceSamples]);
  return useMemo(() => (profile ? authorRules(profile, texts) : null), [profile, texts]);
}
