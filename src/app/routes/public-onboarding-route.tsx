import { paths } from '@/config/paths';
import { CreateAccountForm } from '@/features/auth/components/create-account-form';
import { OnboardingWizard } from '@/features/onboarding/components/onboarding-wizard';

/**
 * /onboarding for a signed-out visitor (docs/product.md §2: open to everyone): the wizard's first step, with
 * a way to create the account it will be saved to. Nothing is saved before that; once the account
 * exists the signed-in wizard takes over with what was typed.
 */
export function PublicOnboardingRoute() {
  return (
    <OnboardingWizard
      onComplete={async () => {}}
      account={<CreateAccountForm signInHref={paths.dashboard} />}
    />
  );
}
