import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { defaultEngine, defaultModelFor, type AiEngine, type ModelCatalog } from '@shared/model-catalog';
import { paths } from '@/config/paths';
import { OnboardingWizard, type OnboardingAnswers } from '@/features/onboarding/components/onboarding-wizard';
import { useOnboardingDraft } from '@/features/onboarding/onboarding-draft-store';
import { useProfileStore } from '@/features/profile/profile-store';
import { deriveVoiceProfile } from '@/lib/voice/derive-voice-profile';

/** Shown on step 5 when the profile was saved but the samples were not; the samples stay in the wizard. */
export function samplesNotSavedMessage(reason: string): string {
  const sentence = reason === '' || /[.!?]$/u.test(reason) ? reason : `${reason}.`;
  return `Your profile is saved, but your samples could not be: ${sentence} Try again, or choose Skip and add them later in Settings.`;
}

/**
 * Saves the wizard's answers with the docs/product.md §16 defaults (engine groq, its first model, en-US), then
 * the voice samples and the profile learned from them, if step 5 had any, then goes home. Onboarding
 * needs no AI: without the catalog the model stays empty and is filled in with the engine's first
 * model once the AI service answers (the retired-model upgrade).
 */
export function OnboardingRoute({
  catalog,
  configured = null,
}: {
  catalog: ModelCatalog | null;
  /** Which engines the server has set up; Groq is the default unless it has no key and another has. */
  configured?: Partial<Record<AiEngine, boolean>> | null;
}) {
  const saveProfile = useProfileStore((state) => state.saveProfile);
  const saveVoiceSamples = useProfileStore((state) => state.saveVoiceSamples);
  const hasProfile = useProfileStore((state) => state.profile !== null);
  const navigate = useNavigate();
  // Once saving has begun the wizard stays, even with the profile saved: the samples may still fail.
  const [completing, setCompleting] = useState(false);
  if (hasProfile && !completing) return <Navigate to={paths.dashboard} replace />;

  async function complete(answers: OnboardingAnswers, voiceSamples: string[]) {
    setCompleting(true);
    const engine = defaultEngine(configured);
    await saveProfile({
      ...answers,
      ai_engine: engine,
      ai_model: catalog ? defaultModelFor(catalog, engine) || null : null,
      // The writing rules (language included) are left to the samples until the author chooses.
    });
    if (voiceSamples.length > 0) {
      try {
        await saveVoiceSamples(voiceSamples);
        await saveProfile({ voice_profile: deriveVoiceProfile(voiceSamples) });
      } catch (caught) {
        throw new Error(samplesNotSavedMessage(caught instanceof Error ? caught.message : ''), {
          cause: caught,
        });
      }
    }
    useOnboardingDraft.getState().reset();
    navigate(paths.dashboard, { replace: true });
  }
  return <OnboardingWizard onComplete={complete} />;
}
