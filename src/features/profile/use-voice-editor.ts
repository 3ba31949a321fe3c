import { useState } from 'react';
import type { VoiceSampleErrors } from '@/components/profile/voice-samples-editor';
import { checkVoiceSamples, tooFewSamplesMessage } from '@/lib/validation/voice-samples';
import { deriveVoiceProfile } from '@/lib/voice/derive-voice-profile';
import { parseVoiceProfile, voiceSampleLimits, type VoiceProfile } from '@/lib/voice/voice-profile';
import { useProfileStore } from './profile-store';
import {
  voiceProfileFromForm,
  voiceProfileToForm,
  type VoiceProfileForm,
  type VoiceProfileFormErrors,
} from './voice-profile-form';

const blankSamples = () => Array.from({ length: voiceSampleLimits.min }, () => '');
/** Which samples a profile was learned from, to notice when they have changed since. */
const samplesKey = (samples: readonly string[]) => JSON.stringify(samples.map((sample) => sample.trim()));
/**
 * What "Save Voice" would store, as one comparable string: the samples that hold text (an empty box
 * added or removed changes nothing) and the voice profile as edited.
 */
const voiceKey = (samples: readonly string[], voice: VoiceProfileForm | null) =>
  JSON.stringify([samples.map((sample) => sample.trim()).filter((sample) => sample !== ''), voice]);

/**
 * The state of Settings' "Your voice": the samples and the voice profile as typed, "Learn my voice"
 * and saving. Nothing typed is replaced by a failed save; a successful one shows what is stored.
 */
export function useVoiceEditor() {
  const saveVoiceSamples = useProfileStore((state) => state.saveVoiceSamples);
  const saveProfile = useProfileStore((state) => state.saveProfile);
  const [initial] = useState(() => {
    const { voiceSamples, profile } = useProfileStore.getState();
    const stored = voiceSamples.map((sample) => sample.content);
    const voice = parseVoiceProfile(profile?.voice_profile);
    return { samples: stored.length > 0 ? stored : blankSamples(), voice };
  });
  const [samples, setSamples] = useState<string[]>(initial.samples);
  const [voice, setVoice] = useState<VoiceProfileForm | null>(
    initial.voice && voiceProfileToForm(initial.voice),
  );
  const [learnedFrom, setLearnedFrom] = useState(samplesKey(initial.samples));
  // What is stored, to tell unsaved changes (a learned or edited profile, a changed sample) apart.
  const [savedKey, setSavedKey] = useState(() => voiceKey(initial.samples, voice));
  const [attempt, setAttempt] = useState<'learn' | 'save' | null>(null);
  const [voiceErrors, setVoiceErrors] = useState<VoiceProfileFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const check = checkVoiceSamples(samples);
  // Messages appear once the samples are used, and then follow the typing.
  let sampleErrors: VoiceSampleErrors | null = null;
  if (attempt && check.status === 'invalid') sampleErrors = check;
  if (attempt === 'learn' && check.status === 'empty')
    sampleErrors = { sampleErrors: [], listError: tooFewSamplesMessage(0) };
  const stale = voice !== null && check.status === 'valid' && samplesKey(check.samples) !== learnedFrom;

  function learn() {
    setAttempt('learn');
    setNotice(null);
    if (check.status !== 'valid') return;
    setVoice(voiceProfileToForm(deriveVoiceProfile(check.samples)));
    setVoiceErrors({});
    setLearnedFrom(samplesKey(check.samples));
    setNotice(
      `Learned from ${check.samples.length} samples. Edit anything that does not sound like you, then save.`,
    );
  }

  async function save() {
    setAttempt('save');
    setNotice(null);
    if (check.status === 'invalid') return;
    const contents = check.status === 'valid' ? check.samples : [];
    let profile: VoiceProfile | null = null;
    if (contents.length > 0 && voice) {
      const edited = voiceProfileFromForm(voice);
      setVoiceErrors(edited.errors ?? {});
      if (!edited.profile) return;
      profile = edited.profile;
    } else if (contents.length > 0) {
      // Saved without "Learn my voice" first: the profile is learned now.
      profile = deriveVoiceProfile(contents);
    }
    setSaving(true);
    setError(null);
    try {
      const stored = await saveVoiceSamples(contents);
      // Without samples there is no voice profile: drafts follow the writing style alone.
      await saveProfile({ voice_profile: profile });
      if (stored.length > 0) setSamples(stored.map((sample) => sample.content));
      const savedVoice = profile && voiceProfileToForm(profile);
      setVoice(savedVoice);
      setLearnedFrom(samplesKey(stored.map((sample) => sample.content)));
      setSavedKey(voiceKey(contents, savedVoice));
      setAttempt(null);
      setNotice(
        profile ? 'Your voice is saved.' : 'Your samples are removed. Drafts follow your writing style.',
      );
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Could not save your voice. Please try again.');
    } finally {
      setSaving(false);
    }
  }

  return {
    samples,
    setSamples,
    sampleErrors,
    voice,
    voiceErrors,
    updateVoice: (key: keyof VoiceProfileForm, value: string) =>
      setVoice((current) => current && { ...current, [key]: value }),
    stale,
    /** Samples or a voice profile that "Save Voice" has not stored yet. */
    unsaved: voiceKey(samples, voice) !== savedKey,
    learn,
    save,
    saving,
    error,
    notice,
  };
}
