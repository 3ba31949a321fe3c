import { Navigate, useNavigate } from 'react-router-dom';
import { defaultModelFor } from '@/config/model-catalog';
import { paths } from '@/config/paths';
import { OnboardingWizard, type OnboardingAnswers } from '@/features/onboarding/components/onboarding-wizard';
import { useProfileStore } from '@/features/profile/profile-store';
import { useRuntimeConfig } from '../runtime-config-context';

/** Saves the wizard's answers with the spec §9 defaults (engine groq, its first model, en-US), then goes home. */
export function OnboardingRoute() {
  const { modelCatalog } = useRuntimeConfig();
  const saveProfile = useProfileStore((state) => state.saveProfile);
  const hasProfile = useProfileStore((state) => state.profile !== null);
  const navigate = useNavigate();
  if (hasProfile) return <Navigate to={paths.dashboard} replace />;

  async function complete(answers: OnboardingAnswers) {
    await saveProfile({
      ...answers,
      ai_engine: 'groq',
      ai_model: defaultModelFor(modelCatalog, 'groq'),
      language_preference: 'en-US',
    });
    navigate(paths.dashboard, { replace: true });
  }
  return <OnboardingWizard onComplete={complete} />;
}
