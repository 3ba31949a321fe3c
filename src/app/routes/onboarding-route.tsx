import { Navigate, useNavigate } from 'react-router-dom';
import { defaultModelFor, type ModelCatalog } from '@shared/model-catalog';
import { paths } from '@/config/paths';
import { OnboardingWizard, type OnboardingAnswers } from '@/features/onboarding/components/onboarding-wizard';
import { useOnboardingDraft } from '@/features/onboarding/onboarding-draft-store';
import { useProfileStore } from '@/features/profile/profile-store';

/**
 * Saves the wizard's answers with the docs/product.md §16 defaults (engine groq, its first model, en-US), then
 * goes home. Onboarding needs no AI: without the catalog the model stays empty and is filled in
 * with the engine's first model once the AI service answers (the retired-model upgrade).
 */
export function OnboardingRoute({ catalog }: { catalog: ModelCatalog | null }) {
  const saveProfile = useProfileStore((state) => state.saveProfile);
  const hasProfile = useProfileStore((state) => state.profile !== null);
  const navigate = useNavigate();
  if (hasProfile) return <Navigate to={paths.dashboard} replace />;

  async function complete(answers: OnboardingAnswers) {
    await saveProfile({
      ...answers,
      ai_engine: 'groq',
      ai_model: catalog ? defaultModelFor(catalog, 'groq') || null : null,
      language_preference: 'en-US',
    });
    useOnboardingDraft.getState().reset();
    navigate(paths.dashboard, { replace: true });
  }
  return <OnboardingWizard onComplete={complete} />;
}
