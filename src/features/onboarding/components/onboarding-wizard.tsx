import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ProfileDetailFields } from '@/components/profile/profile-detail-fields';
import { SelectField, TextAreaField } from '@/components/ui/field';
import { profileLimits, roles, writingStyles } from '@/config/profile-options';
import { useOnboardingDraft, type OnboardingAnswers } from '../onboarding-draft-store';
import { invalidWebsiteMessage, normalizeWebsite } from '@/lib/validation/normalize-website';
import { checkVoiceSamples } from '@/lib/validation/voice-samples';
import { StepDots } from './step-dots';
import { VoiceStep } from './voice-step';

export type { OnboardingAnswers };

interface OnboardingWizardProps {
  /**
   * Saves the profile, and the voice samples when there are any (3 to 10, checked and trimmed; none
   * when step 5 was skipped). The wizard shows its error and keeps every answer if it fails.
   */
  onComplete: (answers: OnboardingAnswers, voiceSamples: string[]) => Promise<void>;
  /**
   * For a signed-out visitor: a way to create an account, shown on step 1 in place of "Next".
   * The answers stay in the draft store, so the signed-in wizard goes on with them.
   */
  account?: ReactNode;
}

const totalSteps = 5;
const toOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** Steps 3 and 4: one choice each, from the spec's lists. */
const choiceSteps = {
  3: { field: 'writing_style', label: 'Choose your writing style', options: writingStyles },
  4: { field: 'role', label: "What's your role?", options: roles },
} as const;

function ChoiceStep({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <SelectField
      label={label}
      autoFocus
      options={toOptions(options)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * /onboarding: four steps and an optional fifth (voice samples), then "Complete Setup" (or "Skip"
 * on step 5) saves the profile (docs/product.md §2 "Onboarding").
 */
export function OnboardingWizard({ onComplete, account }: OnboardingWizardProps) {
  const step = useOnboardingDraft((state) => (account ? 1 : state.step));
  const setStep = useOnboardingDraft((state) => state.setStep);
  const answers = useOnboardingDraft((state) => state.answers);
  const update = useOnboardingDraft((state) => state.update);
  const voiceSamples = useOnboardingDraft((state) => state.voiceSamples);
  const setVoiceSamples = useOnboardingDraft((state) => state.setVoiceSamples);
  // The samples' messages appear once "Complete Setup" has been tried, then follow the typing.
  const [samplesTried, setSamplesTried] = useState(false);
  const sampleCheck = checkVoiceSamples(voiceSamples);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof OnboardingAnswers, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  function validateStepOne(): boolean {
    const errors: typeof fieldErrors = {};
    if (answers.full_name.trim() === '')
      errors.full_name = 'Please enter your full name: it signs your posts.';
    if (normalizeWebsite(answers.website) === null) errors.website = invalidWebsiteMessage;
    setFieldErrors(errors);
    return Object.keys(errors).length === 0;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (account) return;
    if (step === 1 && !validateStepOne()) return;
    if (step < totalSteps) {
      setStep(step + 1);
      return;
    }
    setSamplesTried(true);
    if (sampleCheck.status === 'invalid') return;
    await finish(sampleCheck.status === 'valid' ? sampleCheck.samples : []);
  }

  async function finish(samples: string[]) {
    setSaving(true);
    setError(null);
    try {
      await onComplete(
        {
          ...answers,
          full_name: answers.full_name.trim(),
          company: answers.company.trim(),
          industry: answers.industry.trim(),
          website: normalizeWebsite(answers.website) ?? '',
          about_me: answers.about_me.trim(),
        },
        samples,
      );
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Could not save your profile. Please try again.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-10">
      <div className="w-full max-w-lg space-y-4">
        <form
          onSubmit={submit}
          noValidate
          className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
        >
          <h1 className="text-2xl font-semibold text-slate-900">Set up your profile</h1>
          <div className="mt-2">
            <StepDots step={step} total={totalSteps} />
          </div>
          <div className="mt-6 space-y-4">
            {step === 1 && (
              <>
                <h2 className="text-lg font-medium text-slate-800">Your details</h2>
                <ProfileDetailFields
                  values={answers}
                  errors={fieldErrors}
                  autoFocus
                  onChange={(key, value) => update(key, value)}
                />
              </>
            )}
            {step === 2 && (
              <TextAreaField
                label="Tell us about yourself"
                rows={6}
                autoFocus
                maxLength={profileLimits.about_me}
                hint="Your background, expertise and what you like to talk about. The AI writes from this."
                value={answers.about_me}
                onChange={(e) => update('about_me', e.target.value)}
              />
            )}
            {(step === 3 || step === 4) && (
              <ChoiceStep
                label={choiceSteps[step].label}
                options={choiceSteps[step].options}
                value={answers[choiceSteps[step].field]}
                onChange={(value) => update(choiceSteps[step].field, value)}
              />
            )}
            {step === 5 && (
              <VoiceStep
                samples={voiceSamples}
                onChange={setVoiceSamples}
                errors={samplesTried && sampleCheck.status === 'invalid' ? sampleCheck : null}
                disabled={saving}
              />
            )}
          </div>
          {error && (
            <Alert tone="danger" className="mt-4">
              {error}
            </Alert>
          )}
          {!account && (
            <div className="mt-8 flex flex-wrap justify-between gap-2">
              {step > 1 ? (
                <Button variant="secondary" onClick={() => setStep(step - 1)} disabled={saving}>
                  Back
                </Button>
              ) : (
                <span />
              )}
              <div className="flex flex-wrap justify-end gap-2">
                {step === totalSteps && (
                  <Button variant="ghost" onClick={() => void finish([])} disabled={saving}>
                    Skip
                  </Button>
                )}
                <Button type="submit" disabled={saving}>
                  {step === totalSteps ? (saving ? 'Saving...' : 'Complete Setup') : 'Next'}
                </Button>
              </div>
            </div>
          )}
        </form>
        {account}
      </div>
    </main>
  );
}
