import { useChatStore } from '@/features/chat/chat-store';
import { useGeneratorStore } from '@/features/generator/generator-store';
import { useVariantsStore } from '@/features/generator/variants-store';
import { usePostDocumentStore } from '@/entities/post/document/post-document-store';
import { forgetImageLinks } from '@/entities/post/image/post-images';
import { useOnboardingDraft } from '@/features/onboarding/onboarding-draft-store';
import { useResearchStore } from '@/features/research/research-store';
import { forgetHandedOverTopic } from './topic-handover';

/**
 * What every explicit sign-out (the menu's Sign Out, the error screen's "Sign Out & Restart")
 * forgets of the user's unsaved work, so nothing is left in this browser for the next person.
 * (Profile, posts and ideas are dropped by the auth gate whenever the user changes.)
 */
export function forgetUserWork(): void {
  useGeneratorStore.getState().reset();
  usePostDocumentStore.getState().reset();
  useVariantsStore.getState().reset();
  forgetImageLinks();
  useResearchStore.getState().reset();
  useChatStore.getState().close();
  useOnboardingDraft.getState().reset();
  forgetHandedOverTopic();
}
