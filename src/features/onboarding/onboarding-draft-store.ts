import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { roles, writingStyles } from '@/config/profile-options';
import { voiceSampleLimits } from '@/lib/voice/voice-profile';

export interface OnboardingAnswers {
  full_name: string;
  company: string;
  industry: string;
  website: string;
  about_me: string;
  writing_style: string;
  role: string;
}

interface OnboardingDraftState {
  step: number;
  answers: OnboardingAnswers;
  /** Step 5 (optional): past posts as pasted, blank boxes included. */
  voiceSamples: string[];
  update: (key: keyof OnboardingAnswers, value: string) => void;
  setVoiceSamples: (samples: string[]) => void;
  setStep: (step: number) => void;
  reset: () => void;
}

const emptyAnswers = (): OnboardingAnswers => ({
  full_name: '',
  company: '',
  industry: '',
  website: '',
  about_me: '',
  writing_style: writingStyles[0],
  role: roles[0],
});

const blankSamples = (): string[] => Array.from({ length: voiceSampleLimits.min }, () => '');

/**
 * The wizard's answers while they are typed. They outlive the wizard itself: a signed-out visitor
 * starts on /onboarding, creates an account (the page then mounts the signed-in wizard, or comes
 * back from a confirmation link in another tab) and goes on where they were. Kept in this
 * browser until the profile is saved or someone signs out.
 */
export const useOnboardingDraft = create<OnboardingDraftState>()(
  persist(
    (set) => ({
      step: 1,
      answers: emptyAnswers(),
      voiceSamples: blankSamples(),
      update: (key, value) => set((state) => ({ answers: { ...state.answers, [key]: value } })),
      setVoiceSamples: (voiceSamples) => set({ voiceSamples }),
      setStep: (step) => set({ step }),
      reset: () => set({ step: 1, answers: emptyAnswers(), voiceSamples: blankSamples() }),
    }),
    {
      name: 'onboarding-draft',
      // Still version 1: a draft saved before step 5 existed simply has no samples (the default is kept).
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ step, answers, voiceSamples }) => ({ step, answers, voiceSamples }),
    },
  ),
);
