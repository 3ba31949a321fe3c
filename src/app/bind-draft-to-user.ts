import { useAuthStore } from '@/features/auth/auth-store';
import { useGeneratorStore } from '@/features/generator/generator-store';
import { usePostDocumentStore } from '@/entities/post/document/post-document-store';

/**
 * The generator's topic and the post being written follow the signed-in user (`switchUser` of the
 * generator store and of the post document). A store
 * subscription rather than an effect: the switch runs inside the auth update itself, before React
 * renders the next user's dashboard, so another account's draft is never painted, not even once.
 * Call once, before the app renders (main.tsx); returns the unsubscribe.
 */
export function bindDraftToUser(): () => void {
  const follow = (userId: string | null) => {
    useGeneratorStore.getState().switchUser(userId);
    usePostDocumentStore.getState().switchUser(userId);
  };
  follow(useAuthStore.getState().user?.id ?? null);
  return useAuthStore.subscribe((state, previous) => {
    const userId = state.user?.id ?? null;
    if (userId !== (previous.user?.id ?? null)) follow(userId);
  });
}
